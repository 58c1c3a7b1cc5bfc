import { pageSize } from '../http/list-page.ts';
import { queryReader } from '../http/query-validator.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { PRIVATE_CACHE, sendJson } from '../http/send.ts';
import { OUTCOMES_ENDPOINT, outcomePageBody } from './outcomes.mapper.ts';
import { createOutcomeQueries, OUTCOME_KEY } from './outcomes.query.ts';
import { outcomeValidator } from './outcomes.schema.ts';

export function outcomeRoutes({ router, ajv, compiler, readDb, cursors, guard }: ResourceDeps): void {
  const readQuery = queryReader(outcomeValidator(ajv));
  const queries = createOutcomeQueries(compiler);

  router.get('/api/v1/outcomes', guard, (ctx) => {
    const query = readQuery(ctx);
    const after = query.cursor === undefined ? null : cursors.decode(OUTCOMES_ENDPOINT, query.cursor, OUTCOME_KEY.length);
    const limit = pageSize(query.limit);
    const conn = readDb.current();
    const version = conn.version();
    const rows = queries.list(conn, query, after, limit);
    sendJson(ctx, outcomePageBody(rows, limit, cursors), PRIVATE_CACHE, 'Authorization', version);
  });
}
