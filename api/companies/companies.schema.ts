import type { Ajv } from 'ajv';
import {
  CompanyDetailQuerySchema,
  CompanyListQuerySchema,
  type COMPANY_DETAIL_INCLUDES,
  type COMPANY_LIST_INCLUDES,
  type MARKETS,
  type SCOPES,
} from '../../schema/api/params.schema.ts';
import type { CompanyKind, OfferingStatus } from '../../schema/api/vocabulary.ts';
import { compileQueryValidator } from '../http/query-validator.ts';

export interface CompanyListQuery {
  limit?: number;
  cursor?: string;
  q?: string;
  company_name?: string;
  name_prefix?: string;
  ticker?: string;
  offering_status?: OfferingStatus;
  scope?: (typeof SCOPES)[number];
  market?: (typeof MARKETS)[number];
  kind?: CompanyKind[];
  include?: Array<(typeof COMPANY_LIST_INCLUDES)[number]>;
  updated_since?: string;
  gross_proceeds_gt?: number;
  gross_proceeds_lt?: number;
  listing_date_from?: string;
  listing_date_to?: string;
  latest_filing_date_from?: string;
  latest_filing_date_to?: string;
}

export interface CompanyDetailQuery {
  include?: Array<(typeof COMPANY_DETAIL_INCLUDES)[number]>;
  as_of?: string;
}

export const companyValidators = (ajv: Ajv) => ({
  list: compileQueryValidator<CompanyListQuery>(ajv, CompanyListQuerySchema),
  detail: compileQueryValidator<CompanyDetailQuery>(ajv, CompanyDetailQuerySchema),
});
