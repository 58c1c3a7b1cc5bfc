import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../schema/sqlite.ts';
import { createCursorCodec } from '../http/cursor.ts';
import { listEnvelope, pageOf } from '../http/list-page.ts';
import { createShapeCompiler } from './compiled-query.ts';
import { bodyOffset, keyedRow, keyOf, withIncludesSql, withLastValueSql } from './keyset.ts';

describe('keyed rows', () => {
  // A two-column key and a stored JSON object, in the companies table's layout.
  const db = openSqlite(':memory:');
  db.exec(`CREATE TABLE t (sort_date TEXT NOT NULL, cik TEXT NOT NULL, json TEXT NOT NULL, extra_json TEXT NOT NULL,
    PRIMARY KEY (sort_date, cik)) WITHOUT ROWID`);
  const insert = db.prepare('INSERT INTO t VALUES (?, ?, ?, ?)');
  for (let i = 1; i <= 5; i++) insert.run(`2021-06-0${i}`, String(i).padStart(10, '0'), `{"n":${i},"s":"a\\u001fb"}`, `{"x":${i}}`);
  const compiler = createShapeCompiler();
  const shape = compiler.shape('t', (param) =>
    compiler.builder
      .selectFrom('companies')
      .select(keyedRow(['sort_date', 'cik'], withIncludesSql('json', [`',"extra":' || extra_json`])).as('row'))
      .orderBy('sort_date', 'desc')
      .limit(param('limit')),
  );
  const rows = db.prepare(shape.sql.replace('"companies"', 't')).pluck(true).all(3) as string[];

  it('splits the key from the item JSON, whatever the JSON holds', () => {
    expect(keyOf(rows[0], 2)).toEqual(['2021-06-05', '0000000005']);
    expect(JSON.parse(rows[0].slice(bodyOffset(rows[0], 2)))).toEqual({ n: 5, s: 'a\u001fb', extra: { x: 5 } });
  });

  it('builds the list envelope with a cursor on the last row served', () => {
    const cursors = createCursorCodec('unit-test-secret-0123456789');
    const page = JSON.parse(listEnvelope(pageOf(rows, 2, 2, cursors, 'companies')));
    expect(page.data.map((item: { n: number }) => item.n)).toEqual([5, 4]);
    expect(page.has_more).toBe(true);
    expect(page.meta).toEqual({ count: 2 });
    expect(cursors.decode('companies', page.next_cursor, 2)).toEqual(['2021-06-04', '0000000004']);
    const last = JSON.parse(listEnvelope(pageOf(rows, 3, 2, cursors, 'companies')));
    expect([last.data.length, last.has_more, last.next_cursor]).toEqual([3, false, null]);
    expect(JSON.parse(listEnvelope(pageOf([], 3, 2, cursors, 'companies')))).toEqual({ data: [], next_cursor: null, has_more: false, meta: { count: 0 } });
  });
});

describe('splicing includes into a stored object', () => {
  const db = openSqlite(':memory:');
  const value = (expression: string, json: string, extra = 'null') =>
    db.prepare(`SELECT ${expression} FROM (SELECT ? AS json, ? AS extra_json)`).pluck().get(json, extra) as string;
  // Multi-byte characters: the cut counts bytes, the characters before it must survive whole.
  const stored = JSON.stringify({ name: 'Société Générale 株式会社 🚀', n: 1 });

  it('serves the object as stored when no include is asked', () => {
    expect(withIncludesSql('json', [])).toBe('json');
  });

  it('adds each fragment before the closing brace', () => {
    const spliced = value(withIncludesSql('json', [`',"extra":' || extra_json`, `',"more":true'`]), stored, '{"x":[1]}');
    expect(spliced).toBe(`${stored.slice(0, -1)},"extra":{"x":[1]},"more":true}`);
    expect(JSON.parse(spliced)).toEqual({ name: 'Société Générale 株式会社 🚀', n: 1, extra: { x: [1] }, more: true });
  });

  it('replaces the null of the last member', () => {
    const item = JSON.stringify({ title: 'Zürich', content: null });
    expect(JSON.parse(value(withLastValueSql('json', 'extra_json'), item, '"Grüße"'))).toEqual({ title: 'Zürich', content: 'Grüße' });
    expect(value(withLastValueSql('json', 'extra_json'), item, 'null')).toBe(item);
  });
});
