import { queryReader } from '../http/query-validator.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { pageSize } from '../http/list-page.ts';
import { PRIVATE_CACHE, sendJson } from '../http/send.ts';
import { FILINGS_ENDPOINT, filingPageBody } from './filings.mapper.ts';
import { createFilingQueries, FILING_KEY } from './filings.query.ts';
import { filingValidator } from './filings.schema.ts';

export function filingRoutes({ router, ajv, compiler, readDb, cursors, guard }: ResourceDeps): void {
  const readQuery = queryReader(filingValidator(ajv));
  const queries = createFilingQueries(compiler);

  router.get('/api/v1/filings', guard, (ctx) => {
    const query = readQuery(ctx);
    const after = query.cursor === undefined ? null : cursors.decode(FILINGS_ENDPOINT, query.cursor, FILING_KEY.length);
    const limit = pageSize(query.limit);
    const conn = readDb.current();
    const version = conn.version();
    const rows = queries.list(conn, query, after, limit);
    sendJson(ctx, filingPageBody(rows, limit, cursors), PRIVATE_CACHE, 'Authorization', version);
  });
}
