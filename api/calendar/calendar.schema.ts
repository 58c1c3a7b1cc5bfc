import type { Ajv } from 'ajv';
import { CalendarFeedQuerySchema, CalendarListQuerySchema } from '../../schema/api/params.schema.ts';
import type { CalendarKind } from '../../schema/api/vocabulary.ts';
import type { NameFilterQuery } from '../db/name-filters.ts';
import { compileQueryValidator } from '../http/query-validator.ts';

/** The filters the calendar list and its feeds share. */
export interface CalendarFilterQuery extends NameFilterQuery {
  kind?: CalendarKind;
  expiry_date_from?: string;
  expiry_date_to?: string;
}

export interface CalendarListQuery extends CalendarFilterQuery {
  limit?: number;
  cursor?: string;
}

export const calendarValidator = (ajv: Ajv) => compileQueryValidator<CalendarListQuery>(ajv, CalendarListQuerySchema);
export const calendarFeedValidator = (ajv: Ajv) => compileQueryValidator<CalendarFilterQuery>(ajv, CalendarFeedQuerySchema);
