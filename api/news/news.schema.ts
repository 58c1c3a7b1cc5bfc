import type { Ajv } from 'ajv';
import { NewsListQuerySchema, type NEWS_INCLUDES } from '../../schema/api/params.schema.ts';
import type { NameFilterQuery } from '../db/name-filters.ts';
import { compileQueryValidator } from '../http/query-validator.ts';

/** The shared page and name filters (spec §4.0), plus this endpoint's own. */
export interface NewsListQuery extends NameFilterQuery {
  limit?: number;
  cursor?: string;
  published_at_from?: string;
  published_at_to?: string;
  provider?: string;
  source_name?: string;
  include?: Array<(typeof NEWS_INCLUDES)[number]>;
}

export const newsValidator = (ajv: Ajv) => compileQueryValidator<NewsListQuery>(ajv, NewsListQuerySchema);
