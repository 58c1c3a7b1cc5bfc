import { createServer, type Server } from 'node:http';
import Database from 'better-sqlite3';

/**
 * The yardstick for the API benchmark: a bare node:http server answering the same company page
 * from the same read.db with one cached prepared statement, concatenating the precomputed JSON.
 * No auth, no validation, no framework: what the API is measured against.
 */
export function startReferenceServer(readDbPath: string, port: number): Promise<Server> {
  const db = new Database(readDbPath, { readonly: true });
  const firstPage = db
    .prepare('SELECT sort_date, cik, json FROM companies ORDER BY sort_date DESC, cik DESC LIMIT ?')
    .raw(true);
  const server = createServer((req, res) => {
    const limit = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('limit') ?? 25);
    const rows = firstPage.all(limit + 1) as Array<[string, string, string]>;
    const hasMore = rows.length > limit;
    if (hasMore) rows.pop();
    let body = '{"data":[';
    for (let i = 0; i < rows.length; i++) body += (i ? ',' : '') + rows[i][2];
    const last = rows[rows.length - 1];
    const cursor = hasMore ? `"${Buffer.from(JSON.stringify([last[0], last[1]])).toString('base64url')}"` : 'null';
    body += `],"next_cursor":${cursor},"has_more":${hasMore},"meta":{"count":${rows.length}}}`;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
