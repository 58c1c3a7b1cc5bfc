import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYST_VIEWS } from '../schema/read/analyst-views.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite, type SqliteHandle } from '../schema/sqlite.ts';
import { emptyDataDir, projectFullSampleInto, removeDataDir, startApi, type RunningApi } from './api-harness.ts';

/** The SQL blocks of the README's analysts' section, in order. */
function readmeQueries(): string[] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('### Views for analysts'), readme.indexOf('## Running it for real'));
  return [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1].trim());
}

let dataDir: string;
let db: SqliteHandle;
let api: RunningApi;

beforeAll(async () => {
  dataDir = await emptyDataDir();
  await projectFullSampleInto(dataDir);
  db = openSqlite(readDbLinkPath(dataDir), { readonly: true });
  api = await startApi(dataDir);
}, 120_000);

afterAll(async () => {
  db?.close();
  await api?.close();
  removeDataDir(dataDir);
});

describe('views for analysts in read.db', () => {
  it('have plain columns: no JSON text, one type per column', () => {
    for (const view of ANALYST_VIEWS) {
      const rows = db.prepare(`SELECT * FROM ${view}`).all() as Array<Record<string, unknown>>;
      expect(rows.length, view).toBeGreaterThan(0);
      const types = new Map<string, Set<string>>();
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          if (value === null) continue;
          expect(typeof value === 'string' && /^[[{]/.test(value), `${view}.${column} holds JSON`).toBe(false);
          (types.get(column) ?? types.set(column, new Set()).get(column)!).add(typeof value);
        }
      }
      for (const [column, seen] of types) expect([...seen], `${view}.${column}`).toHaveLength(1);
    }
  });

  it('answer the README’s five questions', async () => {
    const queries = readmeQueries();
    expect(queries).toHaveLength(5);
    const [gopro, aaoi, pipeline, underwriters, byYear] = queries.map((q) => db.prepare(q).all() as Array<Record<string, any>>);

    // The same figures as the API's outcome.
    const outcome = ((await (await api.get('/api/v1/outcomes?cik=0001500435')).json()) as { data: Array<Record<string, number>> }).data[0];
    expect(gopro).toEqual([{ ticker: 'GPRO', offer_price: 24, close_day1: outcome.closeDay1, day1_return: Math.round(outcome.day1ReturnPct * 10_000) / 1_000_000 }]);
    expect(gopro[0].day1_return).toBeCloseTo((outcome.closeDay1 - 24) / 24, 4);

    expect(aaoi.slice(0, 2)).toEqual([
      { file_number: '333-190591', deal_type: 'ipo', status: 'listed', priced_date: '2013-09-25', upsized: 0 },
      { file_number: '333-194379', deal_type: 'follow_on', status: 'priced', priced_date: '2014-03-19', upsized: 1 },
    ]);

    const ipoCompanies = db.prepare('SELECT count(*) FROM companies WHERE is_ipo = 1').pluck().get() as number;
    expect(pipeline.reduce((n, r) => n + r.deals, 0)).toBe(ipoCompanies);
    expect(pipeline.map((r) => r.offering_status)).toContain('listed');

    expect(underwriters.length).toBeGreaterThan(0);
    for (const r of underwriters) expect(r.prospectuses).toBeGreaterThanOrEqual(1);

    expect(byYear.length).toBeGreaterThan(0);
    for (const r of byYear) expect(r).toMatchObject({ year: expect.stringMatching(/^\d{4}$/), ipos: expect.any(Number) });
  });
});
