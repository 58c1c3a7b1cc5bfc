import type { Ajv } from 'ajv';
import { OutcomeListQuerySchema, type OUTCOME_STATUSES } from '../../schema/api/params.schema.ts';
import { compileQueryValidator } from '../http/query-validator.ts';

export interface OutcomeListQuery {
  limit?: number;
  cursor?: string;
  cik?: string;
  company_name?: string;
  name_prefix?: string;
  ticker?: string;
  status?: (typeof OUTCOME_STATUSES)[number];
  trading_start_date_from?: string;
  trading_start_date_to?: string;
}

export const outcomeValidator = (ajv: Ajv) => compileQueryValidator<OutcomeListQuery>(ajv, OutcomeListQuerySchema);
