import { pageSize } from '../http/list-page.ts';
import { queryReader } from '../http/query-validator.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { PRIVATE_CACHE, sendJson } from '../http/send.ts';
import { NEWS_ENDPOINT, newsPageBody } from './news.mapper.ts';
import { createNewsQueries, NEWS_KEY } from './news.query.ts';
import { newsValidator } from './news.schema.ts';

export function newsRoutes({ router, ajv, compiler, readDb, cursors, guard }: ResourceDeps): void {
  const readQuery = queryReader(newsValidator(ajv));
  const queries = createNewsQueries(compiler);

  router.get('/api/v1/news', guard, (ctx) => {
    const query = readQuery(ctx);
    const after = query.cursor === undefined ? null : cursors.decode(NEWS_ENDPOINT, query.cursor, NEWS_KEY.length);
    const limit = pageSize(query.limit);
    const conn = readDb.current();
    const version = conn.version();
    const rows = queries.list(conn, query, after, limit);
    sendJson(ctx, newsPageBody(rows, limit, cursors), PRIVATE_CACHE, 'Authorization', version);
  });
}
