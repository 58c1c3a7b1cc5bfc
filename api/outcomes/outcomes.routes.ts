import { ApiOutcomeSchema } from '../../schema/api/resources.schema.ts';
import { keyedListRoute } from '../http/list-route.ts';
import { queryReader } from '../http/query-validator.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { createOutcomeQueries, OUTCOMES_ENDPOINT, OUTCOME_KEY } from './outcomes.query.ts';
import { outcomeValidator } from './outcomes.schema.ts';

export function outcomeRoutes(deps: ResourceDeps): void {
  const queries = createOutcomeQueries(deps.compiler);
  keyedListRoute(deps, {
    path: '/api/v1/outcomes',
    endpoint: OUTCOMES_ENDPOINT,
    key: OUTCOME_KEY,
    readQuery: queryReader(outcomeValidator(deps.ajv)),
    list: queries.list,
    item: ApiOutcomeSchema,
  });
}
