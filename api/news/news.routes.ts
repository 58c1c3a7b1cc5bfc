import { ApiNewsSchema } from '../../schema/api/resources.schema.ts';
import { keyedListRoute } from '../http/list-route.ts';
import { queryReader } from '../http/query-validator.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { createNewsQueries, NEWS_ENDPOINT, NEWS_KEY } from './news.query.ts';
import { newsValidator } from './news.schema.ts';

export function newsRoutes(deps: ResourceDeps): void {
  const queries = createNewsQueries(deps.compiler);
  keyedListRoute(deps, {
    path: '/api/v1/news',
    endpoint: NEWS_ENDPOINT,
    key: NEWS_KEY,
    readQuery: queryReader(newsValidator(deps.ajv)),
    list: queries.list,
    item: ApiNewsSchema,
  });
}
