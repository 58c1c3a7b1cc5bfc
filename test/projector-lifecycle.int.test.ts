import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventLogDb, openReadDbForWrite, type OpenDatabase } from '../schema/databases.ts';
import type { EventLog } from '../schema/events/event-log.ts';
import type { ReadDatabase } from '../schema/read/tables.ts';
import { projectIncremental } from '../projector/index.ts';
import { companyTickersEvent, indexEntryEvents, sampleBytes, SUBMISSIONS_FILES, submissionsEvent, tempDir } from './projector-sample-events.ts';
import { FILING_DETAIL_SQL } from '../schema/read/filing-detail.ts';

const AAOI = '0001158114';
const LEARN_CW = '0001847577';
const TESLA = '0001318605';
const UTIME = '0001789299';
const VINCERX = '0001796129';
const WOLFSPEED = '0000895419';

const fixedClock = () => new Date('2026-02-02T00:00:00.000Z');
const submissions = (cik: string, page = 'recent') => SUBMISSIONS_FILES.find((f) => f.cik === cik && f.page === page)!;

describe('projector on the real EDGAR sample', () => {
  const tmp = tempDir('projector-lifecycle');
  let events: Awaited<ReturnType<typeof openEventLogDb>>;
  let read: OpenDatabase<ReadDatabase>;
  let log: EventLog;

  const company = (cik: string) => read.sqlite.prepare('SELECT * FROM companies WHERE cik = ?').get(cik) as Record<string, any>;
  const companyJson = (cik: string) => JSON.parse(company(cik).json);
  const project = () => projectIncremental({ eventLog: log, readDb: read.sqlite, clock: fixedClock });

  beforeAll(async () => {
    events = await openEventLogDb(tmp.dir);
    log = events.log;
    read = await openReadDbForWrite(`${tmp.dir}/read.db`);
  });
  afterAll(async () => {
    await read.close();
    await events.close();
    tmp.remove();
  });

  it('AAOI: every filing of the IPO carries its deal status at that filing, and the company its IPO deal', () => {
    log.append(submissionsEvent(submissions(AAOI)));
    project();
    const rows = read.sqlite
      .prepare(`SELECT accession_number, form_type, json, ${FILING_DETAIL_SQL} AS detail_json FROM api_filings WHERE cik = ? AND accession_number IN
        ('0000912057-13-000099','0001047469-13-008409','0001047469-13-008695','0001104659-13-071526','9999999997-13-014625',
         '9999999995-13-002782','0001047469-13-009310') ORDER BY filing_date, accession_number`)
      .all(AAOI) as Array<{ form_type: string; json: string; detail_json: string }>;
    const statuses = rows.map((r) => [r.form_type, JSON.parse(r.json).inferredStatus]);
    const byForm = Object.fromEntries(statuses);
    expect(byForm).toEqual({
      // 8-A12B and CERTNAS belong to no deal: they carry the deal's status when they were filed. The
      // 424B4 came after both listing filings and on the expected first trade date: listed.
      DRS: 'draft', 'S-1': 'filed', 'S-1/A': 'amended', '8-A12B': 'amended', CERTNAS: 'amended',
      EFFECT: 'effective', '424B4': 'listed',
    });
    const effect = JSON.parse(rows.find((r) => r.form_type === 'EFFECT')!.json);
    expect(effect).toEqual({
      cik: AAOI,
      companyName: 'APPLIED OPTOELECTRONICS, INC.',
      accessionNumber: '9999999995-13-002782',
      filingDate: '2013-09-25',
      formType: 'EFFECT',
      primaryDocument: 'xslEFFECTX01/primary_doc.xml',
      inferredStatus: 'effective',
      formTitle: 'Notice of effectiveness of a registration statement',
      formSummary: expect.stringMatching(/^SEC notice that APPLIED OPTOELECTRONICS, INC\.'s? registration statement 333-190591 is effective/),
      changeSummary: null,
    });
    // Spec key order; the company detail's element ends with aiEnrichment and terms.
    expect(Object.keys(JSON.parse(rows[0].detail_json))).toEqual([
      'accessionNumber', 'filingDate', 'formType', 'primaryDocument', 'inferredStatus', 'formTitle', 'formSummary', 'changeSummary',
      'aiEnrichment', 'terms',
    ]);

    // The latest IPO-family deal is the company's deal: the 2013 IPO, listed (8-A12B + CERTNAS), not the later shelves.
    const row = company(AAOI);
    expect(companyJson(AAOI)).toEqual({
      cik: AAOI,
      name: 'APPLIED OPTOELECTRONICS, INC.',
      updatedAt: '2026-02-01T10:00:00.000Z',
      latestFormType: '10-Q',
      latestFilingDate: '2022-05-05',
      offeringStatus: 'listed',
      dealType: 'ipo',
      tickerHint: 'AAOI',
      exchangeHint: 'Nasdaq',
      sicDescription: 'Semiconductors & Related Devices',
    });
    expect(row).toMatchObject({
      sort_date: '2022-05-05', ticker: 'AAOI', exchange: 'Nasdaq', market: 'exchange', is_ipo: 1, kind: 'operating',
      // No document of the company was projected: no terms.
      gross_proceeds: null, latest_terms_json: 'null', latest_terms_detail_json: 'null',
    });
    const filingCount = read.sqlite.prepare('SELECT count(*) FROM api_filings WHERE cik = ?').pluck().get(AAOI);
    expect(filingCount).toBe(850);
  });

  it('Learn CW (SIC 6770) is a SPAC whose S-1 deal listed, then combined; company_tickers.json supplies its tickers', () => {
    log.appendMany([companyTickersEvent(), submissionsEvent(submissions(LEARN_CW))]);
    project();
    expect(companyJson(LEARN_CW)).toMatchObject({
      name: 'Learn CW Investment Corp',
      // Its S-1 deal listed (8-A12B 2021-10-06, EFFECT/424B4 within days); the 25-NSE of 2024-10-03,
      // 23 days after its merger proxy (DEFM14A), ended its listing as it merged into Innventure (the
      // Form 25 of 2024-08-23 came with a new 8-A12B + CERT: a transfer).
      offeringStatus: 'combined',
      dealType: 'spac',
      tickerHint: 'LCW',
      exchangeHint: null,
      sicDescription: 'Blank Checks',
    });
    // Its market is its served exchange's: NYSE, which certified its listing in 2021 (no exchange on its submissions page today).
    expect(company(LEARN_CW)).toMatchObject({ is_ipo: 1, kind: 'spac', market: 'exchange' });
    const tickers = read.sqlite.prepare('SELECT ticker, is_primary FROM company_tickers WHERE cik = ? ORDER BY ticker').all(LEARN_CW);
    expect(tickers).toEqual([
      { ticker: 'LCW', is_primary: 1 },
      { ticker: 'LCW-UN', is_primary: 0 },
      { ticker: 'LCW-WT', is_primary: 0 },
    ]);
    const hit = read.sqlite.prepare(`SELECT cik FROM company_search WHERE company_search MATCH 'learn*'`).pluck().all();
    expect(hit).toEqual([LEARN_CW]);
    // The tickers snapshot only fills in companies we follow: it creates no company rows itself.
    expect(read.sqlite.prepare(`SELECT count(*) FROM companies WHERE cik = '0000789019'`).pluck().get()).toBe(0);
  });

  it("Tesla: the older page's filings merge with the recent page's", () => {
    log.append(submissionsEvent(submissions(TESLA)));
    project();
    const count = () => read.sqlite.prepare('SELECT count(*) FROM api_filings WHERE cik = ?').pluck().get(TESLA);
    expect(count()).toBe(1000);
    const before = companyJson(TESLA);
    log.append(submissionsEvent(submissions(TESLA, 'CIK0001318605-submissions-001.json'), '2026-02-01T11:00:00.000Z'));
    project();
    expect(count()).toBe(1720);
    const ipoFiling = read.sqlite
      .prepare(`SELECT json FROM api_filings WHERE cik = ? AND form_type = '424B4' AND filing_date = '2010-06-29'`)
      .pluck()
      .get(TESLA) as string;
    expect(JSON.parse(ipoFiling)).toMatchObject({ companyName: 'Tesla, Inc.', inferredStatus: 'listed', formTitle: 'Final prospectus' });
    // The older page adds history: name and latest filing stay, updatedAt moves to the new observation, and
    // the 2010 IPO it reveals becomes the company's deal (the latest IPO-family deal wins over later shelves).
    const after = companyJson(TESLA);
    // The recent page alone: the latest deal is the S-3ASR 333-231168, priced by its 424B5 takedowns.
    expect(before).toMatchObject({ dealType: 'follow_on', offeringStatus: 'priced' });
    expect({ ...after, updatedAt: before.updatedAt, dealType: 'follow_on', offeringStatus: 'priced' }).toEqual(before);
    expect(after).toMatchObject({ dealType: 'ipo', offeringStatus: 'listed' });
    expect(after.updatedAt).toBe('2026-02-01T11:00:00.000Z');
  });

  it('Vincerx (a SPAC that combined, then delisted) and Wolfspeed (a seasoned issuer): the end served, no listing date from a resale', () => {
    log.appendMany([submissionsEvent(submissions(VINCERX)), submissionsEvent(submissions(WOLFSPEED))]);
    project();
    // The store carries no 8-K items yet: the end of the name "LifeSci Acquisition Corp." dates the
    // combination; the Form 25 of 2025-04-28 ends it.
    expect(companyJson(VINCERX)).toMatchObject({ offeringStatus: 'delisted', dealType: 'spac' });
    expect(companyJson(WOLFSPEED)).toMatchObject({ offeringStatus: 'effective', dealType: 'resale' });
    expect(company(WOLFSPEED)).toMatchObject({ is_ipo: 0 });
    // No IPO-family deal and the resale S-1's EFFECT is no first trade: no listing date.
    expect(JSON.parse(company(WOLFSPEED).consensus_json)).toMatchObject({ listingDate: null });
  });

  it('index rows create companies from unnumbered filings (UTime: DRS → F-1)', () => {
    log.appendMany(indexEntryEvents('form.20200318.idx.gz'));
    project();
    expect(companyJson(UTIME)).toMatchObject({
      name: 'UTime Ltd',
      // Nothing filed on the F-1 since 2020-03-18 (dormant by the clock), but company_tickers.json,
      // seen after it, lists the company: it listed on a day the data does not hold
      // (projector/company/ticker-file-listing.derive.ts).
      offeringStatus: 'listed',
      dealType: 'ipo',
      latestFormType: 'F-1',
      latestFilingDate: '2020-03-18',
      // Listed later as WTO: company_tickers.json (projected above) supplies the hint.
      tickerHint: 'WTO',
      exchangeHint: null,
      updatedAt: '2026-02-01T08:00:00.000Z',
    });
    const f1 = read.sqlite.prepare(`SELECT json FROM api_filings WHERE cik = ? AND form_type = 'F-1'`).pluck().get(UTIME) as string;
    expect(JSON.parse(f1)).toMatchObject({
      accessionNumber: '0001213900-20-006792',
      primaryDocument: '0001213900-20-006792.txt',
      inferredStatus: 'filed',
    });
    // The index names no AAOI filing; its served rows did not move.
    expect(read.sqlite.prepare('SELECT count(*) FROM api_filings WHERE cik = ?').pluck().get(AAOI)).toBe(850);
  });

  it('an unreadable body is recorded and skipped, not retried forever', () => {
    // A real SEC document filed under the wrong event type, as a mis-routed fetch would be.
    const { seq } = log.append({
      type: 'edgar.submissions',
      source: 'edgar',
      subject: '0000782124',
      observedAt: '2026-02-01T12:00:00.000Z',
      body: sampleBytes('notices/ATS-N-W_0000019617-24-000664_jpmorgan.txt'),
      meta: { url: 'https://data.sec.gov/submissions/CIK0000782124.json', page: 'recent' },
    });
    expect(project()).toMatchObject({ events: 1, skipped: 1 });
    const skipped = read.sqlite.prepare('SELECT seq, type, reason FROM proj_skipped_events WHERE seq = ?').get(seq) as Record<string, unknown>;
    expect(skipped).toMatchObject({ type: 'edgar.submissions', reason: expect.stringContaining('not JSON') });
    expect(company('0000782124')).toBeUndefined();
  });

  it('projecting again with no new events changes nothing', () => {
    const before = read.sqlite.prepare('SELECT cik, json, updated_at FROM companies ORDER BY cik').all();
    const result = project();
    expect(result.events).toBe(0);
    expect(read.sqlite.prepare('SELECT cik, json, updated_at FROM companies ORDER BY cik').all()).toEqual(before);
  });
});

describe('index rows and submissions pages merge per filing', () => {
  it("Tesla's 8-K of 2022-10-03: the index row is kept until the submissions page, which then wins and makes Tesla a served company", async () => {
    const tmp = tempDir('projector-merge');
    const events = await openEventLogDb(tmp.dir);
    const read = await openReadDbForWrite(`${tmp.dir}/read.db`);
    try {
      const accession = '0001564590-22-033053';
      const filing = () =>
        read.sqlite
          .prepare('SELECT f.json, s.source FROM api_filings f JOIN proj_filing_state s USING (cik, accession_number) WHERE accession_number = ?')
          .get(accession) as { json: string; source: string };
      const project = () => projectIncremental({ eventLog: events.log, readDb: read.sqlite, clock: fixedClock });
      const teslaRow = indexEntryEvents('company.20221003.idx.gz').filter((e) => (e.payload as { cik: string }).cik === TESLA);
      expect(teslaRow).toHaveLength(1);

      events.log.appendMany(teslaRow);
      project();
      // An 8-K alone is no offering activity: the filer is kept in the projector state, not served.
      expect(read.sqlite.prepare('SELECT source FROM proj_filing_state WHERE accession_number = ?').pluck().get(accession)).toBe('index');
      expect(filing()).toBeUndefined();

      events.log.append(submissionsEvent(submissions(TESLA)));
      project();
      expect(filing().source).toBe('submissions');
      expect(JSON.parse(filing().json).primaryDocument).not.toBe(`${accession}.txt`);

      // The other order, in a second log: a later index row for a filing the page already listed changes nothing.
      const second = await openEventLogDb(`${tmp.dir}/second`);
      const secondRead = await openReadDbForWrite(`${tmp.dir}/second/read.db`);
      try {
        second.log.append(submissionsEvent(submissions(TESLA)));
        projectIncremental({ eventLog: second.log, readDb: secondRead.sqlite, clock: fixedClock });
        const snapshot = () => secondRead.sqlite.prepare('SELECT cik, json, updated_at FROM companies UNION ALL SELECT cik, json, NULL FROM api_filings').all();
        const before = snapshot();
        second.log.appendMany(teslaRow.map((e) => ({ ...e, observedAt: '2026-03-01T00:00:00.000Z' })));
        const result = projectIncremental({ eventLog: second.log, readDb: secondRead.sqlite, clock: fixedClock });
        expect(result).toMatchObject({ events: 1, companiesDerived: 0 });
        expect(snapshot()).toEqual(before);
      } finally {
        await secondRead.close();
        await second.close();
      }
    } finally {
      await read.close();
      await events.close();
      tmp.remove();
    }
  });
});
