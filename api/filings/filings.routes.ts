import { ApiFilingSchema } from '../../schema/api/resources.schema.ts';
import { keyedListRoute } from '../http/list-route.ts';
import { queryReader } from '../http/query-validator.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { createFilingQueries, FILINGS_ENDPOINT, FILING_KEY } from './filings.query.ts';
import { filingValidator } from './filings.schema.ts';

export function filingRoutes(deps: ResourceDeps): void {
  const queries = createFilingQueries(deps.compiler);
  keyedListRoute(deps, {
    path: '/api/v1/filings',
    endpoint: FILINGS_ENDPOINT,
    key: FILING_KEY,
    readQuery: queryReader(filingValidator(deps.ajv)),
    list: queries.list,
    item: ApiFilingSchema,
  });
}
