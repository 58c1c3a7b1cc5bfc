import { createServer, type Server } from 'node:http';
import Database from 'better-sqlite3';

const LIMIT = /[?&]limit=(\d+)/;
const KEY_SEPARATOR = '\u001f';

/**
 * The yardstick for the API benchmark: a bare node:http server answering the same company page
 * from the same read.db with one cached prepared statement, concatenating the precomputed JSON.
 * No auth, no validation, no framework: what the API is measured against. It is as lean as such a
 * server gets (each measured here): the file read through mmap as the API reads it, one text
 * column per row (key and JSON joined, as the API's keyed rows), the body joined flat and encoded
 * once.
 */
export function startReferenceServer(readDbPath: string, port: number): Promise<Server> {
  const db = new Database(readDbPath, { readonly: true });
  db.pragma(`mmap_size = ${2 ** 31}`);
  const firstPage = db
    .prepare(`SELECT sort_date || char(31) || cik || char(31) || json FROM companies ORDER BY sort_date DESC, cik DESC LIMIT ?`)
    .pluck(true);
  const server = createServer((req, res) => {
    const limit = Number(LIMIT.exec(req.url ?? '')?.[1] ?? 25);
    const rows = firstPage.all(limit + 1) as string[];
    const hasMore = rows.length > limit;
    if (hasMore) rows.pop();
    let lastKey: string[] = [];
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const body = row.indexOf(KEY_SEPARATOR, row.indexOf(KEY_SEPARATOR) + 1) + 1;
      if (i === rows.length - 1) lastKey = row.slice(0, body - 1).split(KEY_SEPARATOR);
      rows[i] = row.slice(body);
    }
    const cursor = hasMore ? `"${Buffer.from(JSON.stringify(lastKey)).toString('base64url')}"` : 'null';
    const tail = `],"next_cursor":${cursor},"has_more":${hasMore},"meta":{"count":${rows.length}}}`;
    const body = Buffer.from(rows.length === 0 ? `{"data":[${tail}` : `{"data":[${rows.join(',')}${tail}`);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
