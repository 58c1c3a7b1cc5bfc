import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '../ingest/index.ts';
import { openEventLogDb } from '../schema/databases.ts';
import { runBackfill } from '../scripts/commands/backfill.ts';
import { runIpoWithEnv } from './cli-harness.ts';

const SAMPLE = join(import.meta.dirname, '../data/sample');
const INDEX = /^\/Archives\/edgar\/daily-index\/2020\/QTR1\/form\.(\d{8})\.idx$/;
let server: ReplayServer;
const dirs: string[] = [];

beforeAll(async () => {
  server = await startReplayServer({ manifestPath: join(SAMPLE, 'edgar/replay.json'), rateLimitPerSecond: null });
});
afterAll(async () => {
  await server?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshEnv(): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'ipo-backfill-'));
  dirs.push(dir);
  return { DATA_DIR: dir, EDGAR_USER_AGENT: 'ipo-research tests tests@example.com', EDGAR_WWW_URL: server.urls.www, EDGAR_DATA_URL: server.urls.data, EDGAR_MAX_RPS: '10' };
}

/** The daily indexes asked for since request `from` of the replay log, as YYYYMMDD. */
const indexRequests = (from: number) => server.requestLog.slice(from).flatMap((r) => INDEX.exec(r.path)?.[1] ?? []);

describe('ipo backfill through the replay server', () => {
  it('fetches each weekday, records the days EDGAR has no index for, and resumes without asking again', async () => {
    const env = freshEnv();
    let mark = server.requestLog.length;
    const first = await runIpoWithEnv(env, 'backfill', '--from', '2020-03-14', '--to', '2020-03-18');
    expect(first.code).toBe(0);
    // The weekend is never asked for; the 16th and 17th are not recorded (404), the 18th is. A
    // Monday and Tuesday the replay has no recording for are business days, not holidays.
    expect(indexRequests(mark)).toEqual(['20200316', '20200317', '20200318']);
    expect(first.err).toContain('backfill: 3 weekdays 2020-03-14..2020-03-18 (form index), 0 already done, 3 to fetch');
    expect(first.out).toMatch(
      /^backfill 2020-03-14\.\.2020-03-18: 3 weekdays, 0 already done \(skipped\), 3 run: 1 with an index, 0 on federal holidays \(404, EDGAR closed\), 2 with no index \(404 on a business day: 2020-03-16, 2020-03-17\), 0 failed; (\d+) follow-up jobs \(\1 not found, 0 failed\), (\d+) new events\n$/,
    );
    // The followed companies' submissions are not recorded: 404 each, no failure. Follow-ups name the new filings.
    const followUps = server.requestLog.slice(mark).filter((r) => r.path.startsWith('/submissions/'));
    expect(followUps.length).toBeGreaterThan(20);
    expect(followUps.map((r) => r.path)).toContain('/submissions/CIK0001789299.json'); // UTime's F-1

    mark = server.requestLog.length;
    const wider = await runIpoWithEnv(env, 'backfill', '--from', '2020-03-16', '--to', '2020-03-20');
    expect(wider.code).toBe(0);
    expect(indexRequests(mark)).toEqual(['20200319', '20200320']);
    expect(wider.out).toContain('backfill 2020-03-16..2020-03-20: 5 weekdays, 3 already done (skipped), 2 run: 0 with an index, 0 on federal holidays (404, EDGAR closed), 2 with no index (404 on a business day: 2020-03-19, 2020-03-20), 0 failed;');
    expect(wider.out).toContain('0 follow-up jobs');

    mark = server.requestLog.length;
    const again = await runIpoWithEnv(env, 'backfill', '--from', '2020-03-16', '--to', '2020-03-20');
    expect(again.code).toBe(0);
    expect(server.requestLog.length).toBe(mark);
    expect(again.out).toBe(
      'backfill 2020-03-16..2020-03-20: 5 weekdays, 5 already done (skipped), 0 run: 0 with an index, 0 on federal holidays (404, EDGAR closed), 0 with no index (404), 0 failed; 0 follow-up jobs (0 not found, 0 failed), 0 new events\n',
    );

    // --recheck asks again; what the log knows is not followed twice, what is still missing is.
    mark = server.requestLog.length;
    const recheck = await runIpoWithEnv(env, 'backfill', '--from', '2020-03-18', '--to', '2020-03-18', '--recheck');
    expect(recheck.code).toBe(0);
    expect(indexRequests(mark)).toEqual(['20200318']);
    expect(recheck.out).toContain('1 run: 1 with an index');
    expect(recheck.out).toContain(', 0 new events');

    const events = await openEventLogDb(env.DATA_DIR!);
    try {
      const failed = events.log.ofType('ingest.job_failed').map((e) => e.payload as { job: string; data: { date?: string } });
      expect(failed.filter((f) => f.job === 'edgar.daily_index').map((f) => f.data.date)).toEqual(['2020-03-16', '2020-03-17', '2020-03-19', '2020-03-20']);
    } finally {
      await events.close();
    }
  });

  it('counts a federal holiday apart from a business day without an index', async () => {
    const env = freshEnv();
    const mark = server.requestLog.length;
    // Washington's Birthday 2020 fell on Monday the 17th; the 14th and 18th are business days the replay has no recording for.
    const result = await runIpoWithEnv(env, 'backfill', '--from', '2020-02-14', '--to', '2020-02-18');
    expect(result.code).toBe(0);
    // The holiday is still asked: a rule may be wrong, EDGAR's answer is not.
    expect(indexRequests(mark)).toEqual(['20200214', '20200217', '20200218']);
    expect(result.out).toBe(
      'backfill 2020-02-14..2020-02-18: 3 weekdays, 0 already done (skipped), 3 run: 0 with an index, 1 on federal holidays (404, EDGAR closed), 2 with no index (404 on a business day: 2020-02-14, 2020-02-18), 0 failed; 0 follow-up jobs (0 not found, 0 failed), 0 new events\n',
    );
  });

  it('stops between two days when asked, and the next run goes on from there', async () => {
    const env = freshEnv();
    const stop = new AbortController();
    const err = new PassThrough();
    let errText = '';
    // Asked to stop while the first day runs (its first progress line): that day finishes, no other starts.
    err.on('data', (chunk: Buffer) => {
      errText += chunk.toString();
      if (errText.includes('2020-03-18:')) stop.abort();
    });
    const out = new PassThrough();
    let outText = '';
    out.on('data', (chunk: Buffer) => (outText += chunk.toString()));
    const mark = server.requestLog.length;
    const code = await runBackfill({ from: '2020-03-18', to: '2020-03-20' }, { out, err, env }, stop.signal);
    expect(code).toBe(130);
    expect(indexRequests(mark)).toEqual(['20200318']);
    expect(outText).toContain('3 weekdays, 0 already done (skipped), 1 run: 1 with an index');
    expect(errText).toContain('backfill: stopped after 2020-03-18; run the same command again to go on');

    const next = server.requestLog.length;
    const resumed = await runIpoWithEnv(env, 'backfill', '--from', '2020-03-18', '--to', '2020-03-20');
    expect(resumed.code).toBe(0);
    expect(indexRequests(next)).toEqual(['20200319', '20200320']);
    expect(resumed.out).toContain('3 weekdays, 1 already done (skipped), 2 run');
  });

  it('answers bad input in one line with exit 2, and --help', async () => {
    const env = freshEnv();
    const cases: Array<[string[], string]> = [
      [['--from', '2020-03-18'], '--to YYYY-MM-DD is required'],
      [['--from', '2020-02-30', '--to', '2020-03-18'], '--from must be a date YYYY-MM-DD, got "2020-02-30"'],
      [['--from', '2020-03-20', '--to', '2020-03-18'], '--from 2020-03-20 is after --to 2020-03-18'],
      [['--from', '2020-03-18', '--to', '2999-01-01'], '--to 2999-01-01 is not over yet'],
      [['--from', '2020-03-18', '--to', '2020-03-18', '--kind', 'xbrl'], '--kind must be form, company or master, got "xbrl"'],
      [['--from', '2020-03-18', '--to', '2020-03-18', '--queue'], '--queue needs REDIS_URL'],
    ];
    for (const [args, message] of cases) {
      const result = await runIpoWithEnv(env, 'backfill', ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err.split('\n').filter(Boolean), args.join(' ')).toHaveLength(1);
      expect(result.err).toContain(`ipo backfill: ${message}`);
    }
    const noAgent = await runIpoWithEnv({ ...env, EDGAR_USER_AGENT: '' }, 'backfill', '--from', '2020-03-18', '--to', '2020-03-18');
    expect(noAgent.code).toBe(2);
    expect(noAgent.err).toMatch(/^ipo backfill: set EDGAR_USER_AGENT=.*\n$/);
    const help = await runIpoWithEnv(env, 'backfill', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: ipo backfill [options]');
    expect(help.out).toContain('--recheck');
  });
});
