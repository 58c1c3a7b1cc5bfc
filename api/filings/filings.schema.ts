import type { Ajv } from 'ajv';
import { FilingListQuerySchema, type FILING_INCLUDES } from '../../schema/api/params.schema.ts';
import { compileQueryValidator } from '../http/query-validator.ts';

export interface FilingListQuery {
  limit?: number;
  cursor?: string;
  cik?: string;
  company_name?: string;
  name_prefix?: string;
  ticker?: string;
  form_type?: string;
  filing_date_from?: string;
  filing_date_to?: string;
  include?: Array<(typeof FILING_INCLUDES)[number]>;
}

export const filingValidator = (ajv: Ajv) => compileQueryValidator<FilingListQuery>(ajv, FilingListQuerySchema);
