import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../schema/config.ts';
import { openEventLogDb } from '../schema/databases.ts';
import { createEdgarClient, jobHandlers, loadPlan, runInline, silentLogger, startReplayServer } from '../ingest/index.ts';
import { fakeTime } from '../ingest/testing/fake-time.ts';

const SAMPLE = join(import.meta.dirname, '../data/sample');
const dir = mkdtempSync(join(tmpdir(), 'ingest-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the inline demo run', () => {
  it('ingests every recorded response of the demo plan into a fresh events.db', async () => {
    // Virtual time for the client: its spacing is asserted elsewhere and here would only add
    // seconds. The server's rate check is off because virtual sends are not real arrival times.
    const time = fakeTime();
    const server = await startReplayServer({ manifestPath: join(SAMPLE, 'edgar/replay.json'), rateLimitPerSecond: null });
    const db = await openEventLogDb(dir);
    try {
      const config = loadConfig({ EDGAR_USER_AGENT: 'ipo-research demo demo@example.com', EDGAR_WWW_URL: server.urls.www, EDGAR_DATA_URL: server.urls.data, EDGAR_MAX_RPS: '10' });
      const client = createEdgarClient(config, { clock: time.clock, sleep: time.sleep });
      const report = await runInline(loadPlan(join(SAMPLE, 'demo-plan.json')).jobs, { handlers: jobHandlers, ctx: { client, log: db.log, clock: time.clock, logger: silentLogger } });
      expect(report.failures).toEqual([]);
      const counts = Object.fromEntries((db.sqlite.prepare('SELECT type, count(*) AS n FROM events GROUP BY type').all() as { type: string; n: number }[]).map((r) => [r.type, r.n]));
      expect(counts).toMatchObject({ 'edgar.company_tickers': 1, 'edgar.companyfacts': 1, 'edgar.document': 4, 'edgar.submissions': 11 });
      expect(counts['edgar.index_entry']).toBeGreaterThan(8000);
      // Every recorded route was served.
      const routes = (JSON.parse(readFileSync(join(SAMPLE, 'edgar/replay.json'), 'utf8')) as { routes: { path: string }[] }).routes.map((r) => r.path);
      const served = new Set(server.requestLog.filter((r) => r.status === 200).map((r) => r.path));
      expect(routes.filter((p) => !served.has(p))).toEqual([]);
      // Followed filers without a recorded submissions file are answered 404, and counted as such.
      expect(report.notFound).toBe(server.requestLog.filter((r) => r.status === 404).length);
      expect(report.jobs).toBe(server.requestLog.length);
    } finally {
      await db.close();
      await server.close();
    }
  });
});
