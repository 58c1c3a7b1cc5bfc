import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEdgarIndex } from '../schema/edgar/index.parse.ts';
import { openEventLogDb } from '../schema/databases.ts';
import type { IndexEntryPayload } from '../schema/events/event-types.ts';
import { EdgarClient } from '../ingest/edgar/edgar-client.ts';
import { silentLogger, type HandlerContext } from '../ingest/jobs/handler-context.ts';
import { jobHandlers, runJob } from '../ingest/jobs/handlers.ts';
import { job } from '../ingest/jobs/job-types.ts';
import { startReplayServer, type ReplayServer } from '../ingest/replay/replay-server.ts';
import { fakeTime } from '../ingest/testing/fake-time.ts';

const SAMPLE = join(import.meta.dirname, '../data/sample');
let server: ReplayServer;
let dir: string;
let db: Awaited<ReturnType<typeof openEventLogDb>>;
let ctx: HandlerContext;

beforeAll(async () => {
  server = await startReplayServer({ manifestPath: join(SAMPLE, 'edgar/replay.json'), rateLimitPerSecond: null });
  dir = mkdtempSync(join(tmpdir(), 'ingest-handlers-'));
  db = await openEventLogDb(dir);
  const time = fakeTime(Date.UTC(2024, 5, 3, 12));
  const client = new EdgarClient({ userAgent: 'ipo-research tests tests@example.com', wwwUrl: server.urls.www, dataUrl: server.urls.data, maxRequestsPerSecond: 10, throttleBackoffMs: 1000, sleep: time.sleep, clock: time.clock });
  ctx = { client, log: db.log, clock: time.clock, logger: silentLogger };
});

afterAll(async () => {
  await db?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('EDGAR job handlers against the replay server', () => {
  it('edgar.company_tickers stores the raw body once', async () => {
    const first = await runJob(jobHandlers, job('edgar.company_tickers', {}), ctx);
    const again = await runJob(jobHandlers, job('edgar.company_tickers', {}), ctx);
    expect([first.appended, again.appended]).toEqual([1, 0]);
    const [event] = db.log.ofType('edgar.company_tickers');
    expect(event.subject).toBe('company_tickers');
    expect(event.observedAt).toBe('2024-06-03T12:00:00.000Z');
    expect(event.body()!.equals(gunzipSync(readFileSync(join(SAMPLE, 'edgar/company_tickers.json.gz'))))).toBe(true);
  });

  it('edgar.daily_index writes one index_entry per (accession, cik) and follows IPO filers', async () => {
    const forms = ['S-1', 'S-1/A', 'F-1', 'F-1/A', 'EFFECT', 'DRS'];
    const result = await runJob(jobHandlers, job('edgar.daily_index', { date: '2020-03-18', kind: 'form', followForms: forms }), ctx);
    const expected = parseEdgarIndex(gunzipSync(readFileSync(join(SAMPLE, 'edgar/index/form.20200318.idx.gz'))));
    expect(result.appended).toBe(expected.entries.length);
    const events = db.log.ofType('edgar.index_entry');
    expect(events).toHaveLength(expected.entries.length);
    const utime = events.find((e) => e.subject === '0001213900-20-006792')!;
    expect(utime.payload as IndexEntryPayload).toMatchObject({ cik: '0001789299', formType: 'F-1', dateFiled: '2020-03-18' });
    expect(utime.meta).toEqual({ url: `${server.urls.www}/Archives/edgar/daily-index/2020/QTR1/form.20200318.idx`, index: 'form' });
    // Follow-ups: exactly the distinct filers of those forms, UTime among them, each once.
    const ciks = result.followUps.map((f) => (f.data as { cik: string }).cik);
    expect(new Set(ciks).size).toBe(ciks.length);
    expect(ciks).toContain('0001789299');
    expect(new Set(ciks)).toEqual(new Set(expected.entries.filter((e) => forms.includes(e.formType)).map((e) => e.cik)));
    expect(result.followUps.every((f) => f.name === 'edgar.submissions')).toBe(true);
    const again = await runJob(jobHandlers, job('edgar.daily_index', { date: '2020-03-18', kind: 'form' }), ctx);
    expect(again).toEqual({ appended: 0, followUps: [] });
  });

  it('edgar.daily_index on a day without a file is not-found, not an error', async () => {
    const result = await runJob(jobHandlers, job('edgar.daily_index', { date: '2020-03-21', kind: 'form' }), ctx);
    expect(result).toEqual({ appended: 0, followUps: [], notFound: true });
    expect(server.requestLog.at(-1)).toMatchObject({ path: '/Archives/edgar/daily-index/2020/QTR1/form.20200321.idx', status: 404 });
  });

  it('edgar.submissions stores the recent page and asks for each older page', async () => {
    const result = await runJob(jobHandlers, job('edgar.submissions', { cik: '1318605' }), ctx);
    expect(result).toEqual({ appended: 1, followUps: [job('edgar.submissions_page', { cik: '0001318605', name: 'CIK0001318605-submissions-001.json' })] });
    const page = await runJob(jobHandlers, result.followUps[0], ctx);
    expect(page).toEqual({ appended: 1, followUps: [] });
    const events = db.log.ofType('edgar.submissions').filter((e) => e.subject === '0001318605');
    expect(events.map((e) => e.meta.page)).toEqual(['recent', 'CIK0001318605-submissions-001.json']);
    expect(events[0].meta.url).toBe(`${server.urls.data}/submissions/CIK0001318605.json`);
    expect(events[1].body()!.equals(readFileSync(join(SAMPLE, 'edgar/submissions/CIK0001318605-submissions-001_tesla-older-page.json')))).toBe(true);
  });

  it('edgar.submissions for a company without older pages has no follow-ups; unknown CIK is not-found', async () => {
    expect(await runJob(jobHandlers, job('edgar.submissions', { cik: '0001814722' }), ctx)).toEqual({ appended: 1, followUps: [] });
    expect(await runJob(jobHandlers, job('edgar.submissions', { cik: '1789299' }), ctx)).toEqual({ appended: 0, followUps: [], notFound: true });
  });

  it('edgar.document fetches the primary document at its archive path', async () => {
    const data = { cik: '0001766140', accessionNumber: '0001213900-21-035033', primaryDocument: 'ea143554-s1a3_unicycivethera.htm' };
    expect(await runJob(jobHandlers, job('edgar.document', data), ctx)).toEqual({ appended: 1, followUps: [] });
    const event = db.log.ofType('edgar.document').find((e) => e.subject === data.accessionNumber)!;
    expect(event.meta).toEqual({
      url: `${server.urls.www}/Archives/edgar/data/1766140/000121390021035033/ea143554-s1a3_unicycivethera.htm`,
      cik: '0001766140',
      accessionNumber: data.accessionNumber,
      primaryDocument: data.primaryDocument,
      contentType: 'text/html',
    });
    expect(event.body()!.equals(gunzipSync(readFileSync(join(SAMPLE, 'prospectuses/S-1-A_0001213900-21-035033_unicycive.htm.gz'))))).toBe(true);
  });

  it('edgar.companyfacts stores the facts; a pre-IPO CIK is not-found', async () => {
    expect(await runJob(jobHandlers, job('edgar.companyfacts', { cik: '1835632' }), ctx)).toEqual({ appended: 1, followUps: [] });
    expect(db.log.ofType('edgar.companyfacts').map((e) => e.subject)).toEqual(['0001835632']);
    expect((await runJob(jobHandlers, job('edgar.companyfacts', { cik: '1766140' }), ctx)).notFound).toBe(true);
  });
});
