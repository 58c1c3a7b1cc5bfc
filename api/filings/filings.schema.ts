import type { Ajv } from 'ajv';
import { FilingListQuerySchema, type FILING_INCLUDES } from '../../schema/api/params.schema.ts';
import type { NameFilterQuery } from '../db/name-filters.ts';
import { compileQueryValidator } from '../http/query-validator.ts';

/** The shared page and name filters (spec §4.0), plus this endpoint's own. */
export interface FilingListQuery extends NameFilterQuery {
  limit?: number;
  cursor?: string;
  form_type?: string;
  filing_date_from?: string;
  filing_date_to?: string;
  include?: Array<(typeof FILING_INCLUDES)[number]>;
}

export const filingValidator = (ajv: Ajv) => compileQueryValidator<FilingListQuery>(ajv, FilingListQuerySchema);
