import type { Ajv } from 'ajv';
import { OutcomeListQuerySchema, type OUTCOME_STATUSES } from '../../schema/api/params.schema.ts';
import type { NameFilterQuery } from '../db/name-filters.ts';
import { compileQueryValidator } from '../http/query-validator.ts';

/** The shared page and name filters (spec §4.0), plus this endpoint's own. */
export interface OutcomeListQuery extends NameFilterQuery {
  limit?: number;
  cursor?: string;
  status?: (typeof OUTCOME_STATUSES)[number];
  trading_start_date_from?: string;
  trading_start_date_to?: string;
}

export const outcomeValidator = (ajv: Ajv) => compileQueryValidator<OutcomeListQuery>(ajv, OutcomeListQuerySchema);
