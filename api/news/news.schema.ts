import type { Ajv } from 'ajv';
import { NewsListQuerySchema, type NEWS_INCLUDES } from '../../schema/api/params.schema.ts';
import { compileQueryValidator } from '../http/query-validator.ts';

export interface NewsListQuery {
  limit?: number;
  cursor?: string;
  cik?: string;
  company_name?: string;
  name_prefix?: string;
  ticker?: string;
  published_at_from?: string;
  published_at_to?: string;
  provider?: string;
  source_name?: string;
  include?: Array<(typeof NEWS_INCLUDES)[number]>;
}

export const newsValidator = (ajv: Ajv) => compileQueryValidator<NewsListQuery>(ajv, NewsListQuerySchema);
