import type { Ajv } from 'ajv';
import { EventStreamQuerySchema } from '../../schema/api/params.schema.ts';
import type { DealEventType } from '../../schema/api/vocabulary.ts';
import { compileQueryValidator } from '../http/query-validator.ts';

/** The filters of GET /api/v1/events; each given one must match. */
export interface EventStreamQuery {
  after?: number;
  limit?: number;
  type?: DealEventType[];
  cik?: string[];
  ticker?: string[];
}

export const eventStreamValidator = (ajv: Ajv) => compileQueryValidator<EventStreamQuery>(ajv, EventStreamQuerySchema);
