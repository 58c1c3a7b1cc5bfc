import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../schema/databases.ts';
import type { IndexEntryPayload } from '../schema/events/event-types.ts';
import { discoveryFollowUps } from '../ingest/edgar/discovery.ts';
import { EdgarClient } from '../ingest/edgar/edgar-client.ts';
import { EdgarTransientError } from '../ingest/edgar/edgar-errors.ts';
import { eventLogLedger } from '../ingest/edgar/filing-ledger.ts';
import { OFFERING_FORMS } from '../ingest/edgar/offering-forms.ts';
import { silentLogger, type HandlerContext, type Logger } from '../ingest/jobs/handler-context.ts';
import { jobHandlers, runJob } from '../ingest/jobs/handlers.ts';
import { job } from '../ingest/jobs/job-types.ts';
import { runInline } from '../ingest/runner/inline-runner.ts';
import { startReplayServer, type ReplayServer } from '../ingest/replay/replay-server.ts';
import { fakeTime } from '../ingest/testing/fake-time.ts';

const SAMPLE = join(import.meta.dirname, '../data/sample');
const FEED = '/cgi-bin/browse-edgar';
let server: ReplayServer;
let dir: string;
let db: Awaited<ReturnType<typeof openEventLogDb>>;
let ctx: HandlerContext;
const warnings: Array<[string, Record<string, unknown> | undefined]> = [];

beforeAll(async () => {
  server = await startReplayServer({ manifestPath: [join(SAMPLE, 'edgar/replay.json'), join(SAMPLE, 'edgar/feeds/replay.json')], rateLimitPerSecond: null });
  const time = fakeTime(Date.UTC(2026, 0, 12, 16, 30));
  const client = new EdgarClient({ userAgent: 'ipo-research tests tests@example.com', wwwUrl: server.urls.www, dataUrl: server.urls.data, maxRequestsPerSecond: 10, throttleBackoffMs: 1000, sleep: time.sleep, clock: time.clock });
  const logger: Logger = { ...silentLogger, warn: (message, fields) => warnings.push([message, fields]) };
  ctx = { client, log: undefined as never, clock: time.clock, logger };
});

beforeEach(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = mkdtempSync(join(tmpdir(), 'ingest-discovery-'));
  db = await openEventLogDb(dir);
  ctx.log = db.log;
  warnings.length = 0;
});

afterAll(async () => {
  await db?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const submissionsJob = (cik: string, accessions: string[], filedOn: string) => job('edgar.submissions', { cik, accessions, filedOn });

describe('edgar.current_feed against the replay server', () => {
  it('records the offering filings of a page as index rows and follows their companies, once per filing', async () => {
    const result = await runJob(jobHandlers, job('edgar.current_feed', {}), ctx);
    expect(server.requestLog.at(-1)).toMatchObject({ host: 'www', path: FEED, query: 'action=getcurrent&count=100&start=0&type=&owner=include&output=atom', status: 200 });
    // The S-1/A of TG-17, Inc. and two 25-NSE (fund and exchange each): 5 rows; 13F-HR, Form 4, 424B2… are not kept.
    const rows = db.log.ofType('edgar.index_entry');
    expect(result.appended).toBe(5);
    expect(rows.map((e) => (e.payload as IndexEntryPayload).formType).sort()).toEqual(['25-NSE', '25-NSE', '25-NSE', '25-NSE', 'S-1/A']);
    const tg17 = rows.find((e) => e.subject === '0001493152-26-001260')!;
    expect(tg17.payload).toEqual({ cik: '0001756064', companyName: 'TG-17, Inc.', formType: 'S-1/A', dateFiled: '2026-01-12', accessionNumber: '0001493152-26-001260', fileName: 'edgar/data/1756064/0001493152-26-001260.txt' });
    expect(tg17.meta).toEqual({ url: `${server.urls.www}${FEED}?action=getcurrent&count=100&start=0&type=&owner=include&output=atom`, index: 'current', role: 'Filer', updated: '2026-01-12T11:23:00-05:00' });
    expect(result.followUps).toEqual([
      submissionsJob('0001756064', ['0001493152-26-001260'], '2026-01-12'),
      submissionsJob('0000885732', ['0000876661-26-000040'], '2026-01-12'),
      submissionsJob('0000885731', ['0000876661-26-000038'], '2026-01-12'),
    ]);
    // Without `since` a poll reads one page. Read again, nothing is new in the log; the filings are
    // still unfollowed (no submissions yet), so the same jobs come back, and their ids make them one.
    const again = await runJob(jobHandlers, job('edgar.current_feed', {}), ctx);
    expect(again).toEqual({ appended: 0, followUps: result.followUps });
  });

  it('reads deeper pages while they reach no further back than `since`, and stops at one that does', async () => {
    const since = '2026-01-09T12:00:00-05:00';
    const paging = await runJob(jobHandlers, job('edgar.current_feed', { since, start: 3500 }), ctx);
    expect(paging.followUps.at(-1)).toEqual(job('edgar.current_feed', { since, start: 3600 }));
    const middle = paging.followUps.filter((j) => j.name === 'edgar.submissions').map((j) => j.data);
    expect(middle).toEqual([
      { cik: '0001730773', accessions: ['0001493152-26-001057'], filedOn: '2026-01-09' }, // RW of Blue Star Foods
      { cik: '0002049323', accessions: ['0001213900-26-002815'], filedOn: '2026-01-09' }, // F-1/A of AM PM Group
    ]);
    const last = await runJob(jobHandlers, job('edgar.current_feed', { since: '2026-01-09T00:00:00-05:00', start: 4300 }), ctx);
    expect(last.followUps.some((j) => j.name === 'edgar.current_feed')).toBe(false);
    expect(last.followUps.filter((j) => (j.data as { accessions: string[] }).accessions[0].startsWith('9999999995-'))).toHaveLength(15);
    // A page EDGAR has no entries for answers as any unknown address would: not found.
    expect(await runJob(jobHandlers, paging.followUps.at(-1)!, ctx)).toEqual({ appended: 0, followUps: [], notFound: true });
  });

  it('runs end to end with the inline runner: feed page, then the submissions of each company (not recorded: 404)', async () => {
    const report = await runInline([job('edgar.current_feed', {})], { handlers: jobHandlers, ctx });
    expect(report).toMatchObject({ jobs: 4, succeeded: 1, notFound: 3, failures: [] });
    expect(db.log.ofType('ingest.job_failed').map((e) => (e.payload as { job: string }).job)).toEqual(['edgar.submissions', 'edgar.submissions', 'edgar.submissions']);
  });
});

describe('following a new filing to its primary document', () => {
  it('a prospectus: submissions, then its primary document; once fetched the filing is known to both listings', async () => {
    const s1a = '0001213900-21-035033'; // Unicycive's S-1/A, with its document recorded
    const effect = '9999999995-21-002720'; // Unicycive's EFFECT notice: no document to fetch
    const result = await runJob(jobHandlers, submissionsJob('1766140', [effect, s1a], '2021-07-12'), ctx);
    expect(result).toEqual({ appended: 1, followUps: [job('edgar.document', { cik: '0001766140', accessionNumber: s1a, primaryDocument: 'ea143554-s1a3_unicycivethera.htm' })] });
    expect(await runJob(jobHandlers, result.followUps[0], ctx)).toEqual({ appended: 1, followUps: [] });
    const sightings = [s1a, effect, '0001213900-21-036849'].map((accessionNumber, i) => ({
      accessionNumber,
      formType: ['S-1/A', 'EFFECT', '424B4'][i],
      filedOn: '2021-07-12',
      parties: [{ cik: '0001766140', role: null }],
    }));
    // The 424B4 is listed in the submissions but its document was never fetched: still new.
    expect(discoveryFollowUps(sightings, OFFERING_FORMS, eventLogLedger(db.log))).toEqual([submissionsJob('0001766140', ['0001213900-21-036849'], '2021-07-12')]);
  });

  it('an old filing only an older page lists: the page is read for it', async () => {
    const ipo424b4 = '0001193125-10-149105'; // Tesla's IPO prospectus, 2010
    const result = await runJob(jobHandlers, submissionsJob('1318605', [ipo424b4], '2010-06-29'), ctx);
    const page = job('edgar.submissions_page', { cik: '0001318605', name: 'CIK0001318605-submissions-001.json', accessions: [ipo424b4] });
    expect(result).toEqual({ appended: 1, followUps: [page] });
    expect(await runJob(jobHandlers, page, ctx)).toEqual({ appended: 1, followUps: [job('edgar.document', { cik: '0001318605', accessionNumber: ipo424b4, primaryDocument: 'd424b4.htm' })] });
  });

  it('a filing the submissions do not list yet is retried while they list nothing later; otherwise it is reported', async () => {
    const tg17 = '0001493152-26-001260';
    // Unicycive's recorded submissions list nothing after 2026-07-30: a filing of that day may still be on its way.
    await expect(runJob(jobHandlers, submissionsJob('1766140', [tg17], '2026-07-30'), ctx)).rejects.toThrow(EdgarTransientError);
    expect(await runJob(jobHandlers, submissionsJob('1766140', [tg17], '2026-01-12'), ctx)).toEqual({ appended: 0, followUps: [] });
    expect(warnings).toEqual([['new filings not in the company submissions', { cik: '0001766140', accessions: [tg17] }]]);
  });
});

describe('edgar.daily_index follows by the same rule', () => {
  it('names each company’s new filings, and leaves out the ones the log already knows', async () => {
    const utime = '0001789299';
    const first = await runJob(jobHandlers, job('edgar.daily_index', { date: '2020-03-18', kind: 'form', followForms: [...OFFERING_FORMS] }), ctx);
    const utimeJob = first.followUps.find((j) => (j.data as { cik: string }).cik === utime);
    expect(utimeJob).toEqual(submissionsJob(utime, ['0001213900-19-019358', '0001213900-19-026878', '0001213900-20-006792'], '2020-03-18'));
    // Nasdaq filed Habit Restaurants' 25-NSE: Habit is followed, the exchange is not.
    const ciks = first.followUps.map((j) => (j.data as { cik: string }).cik);
    expect(ciks).toContain('0001617977');
    expect(ciks).not.toContain('0001354457');
    expect(ciks).not.toContain('0000876661');
  });
});
