import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventLogDb, openReadDbForWrite } from '../schema/databases.ts';
import { parseSubmissions } from '../schema/edgar/submissions.parse.ts';
import type { NewEvent } from '../schema/events/event-log.ts';
import type { IndexEntryPayload } from '../schema/events/event-types.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite, type SqliteHandle } from '../schema/sqlite.ts';
import { projectIncremental, rebuildReadDb } from '../projector/index.ts';
import { documentValidator, emptyDataDir, removeDataDir, startApi, type RunningApi } from './api-harness.ts';
import { bloombergRows, DOCUMENTS, documentEvent, ipoRowEvents } from './projector-enrichment-events.ts';
import { companyTickersEvent, dumpReadDb, SUBMISSIONS_FILES, submissionsEvent, tempDir } from './projector-sample-events.ts';

const PANDORA = '0001230276';
const ACURX = '0001736243';
const UNICYCIVE = '0001766140';
const AAOI = '0001158114';
const DETAIL = '/api/v1/companies/{identifier}';
const fixedClock = () => new Date('2026-02-02T00:00:00.000Z');
const json = (text: string) => JSON.parse(text);

/**
 * Pandora's and Acurx's S-1s are fetched by the demo, but the sample holds no submissions page or
 * index row for either: their filing and company rows come from the documents alone.
 */
describe('filings known only from their documents (Pandora, Acurx)', () => {
  let dataDir: string;
  let api: RunningApi;
  let db: SqliteHandle;
  let check: ReturnType<typeof documentValidator>;
  const one = (sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as Record<string, any>;

  beforeAll(async () => {
    dataDir = await emptyDataDir();
    const events = await openEventLogDb(dataDir);
    try {
      events.log.appendMany([companyTickersEvent(), documentEvent(DOCUMENTS.pandora), documentEvent(DOCUMENTS.acurx)]);
      const result = await rebuildReadDb({ dataDir, eventLog: events.log });
      expect(result.skipped).toBe(0);
    } finally {
      await events.close();
    }
    db = openSqlite(readDbLinkPath(dataDir), { readonly: true });
    api = await startApi(dataDir);
    check = documentValidator(await (await api.get('/api/v1/openapi.json', { key: null })).json());
  }, 60_000);
  afterAll(async () => {
    db.close();
    await api.close();
    removeDataDir(dataDir);
  });

  async function detail(path: string): Promise<any> {
    const res = await api.get(path);
    const body = (await res.json()) as { data: any };
    check(DETAIL, res.status, body);
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    return body.data;
  }

  it('records each filing as read off its document, with its provenance', () => {
    const rows = db.prepare(`SELECT cik, accession_number, form_type, filing_date, file_number, primary_document, company_name, source
                             FROM proj_filing_state ORDER BY cik`).all();
    expect(rows).toEqual([
      {
        cik: PANDORA, accession_number: '0001193125-11-032963', form_type: 'S-1', filing_date: '2011-02-11', file_number: null,
        primary_document: 'ds1.htm', company_name: 'PANDORA MEDIA, INC.', source: 'document',
      },
      {
        cik: ACURX, accession_number: '0001104659-23-076317', form_type: 'S-1', filing_date: '2023-06-29', file_number: null,
        primary_document: 'tm2319782d1_s1.htm', company_name: 'ACURX PHARMACEUTICALS, INC.', source: 'document',
      },
    ]);
  });

  it('Pandora: the name on its cover (company_tickers.json no longer lists it), an IPO whose S-1 terms are blank', () => {
    const company = one('SELECT * FROM companies WHERE cik = ?', PANDORA);
    // The S-1 alone gives status filed; 15 years without activity before the as-of date make it dormant (lifecycle overlay).
    expect(json(company.json)).toEqual({
      cik: PANDORA, name: 'PANDORA MEDIA, INC.', updatedAt: '2026-02-01T12:00:00.000Z', latestFormType: 'S-1', latestFilingDate: '2011-02-11',
      offeringStatus: 'dormant', dealType: 'ipo', tickerHint: null, exchangeHint: null, sicDescription: null,
    });
    expect(company).toMatchObject({ is_ipo: 1, kind: 'operating' });
    const filing = json(one('SELECT json FROM api_filings WHERE cik = ?', PANDORA).json);
    expect(filing).toMatchObject({
      companyName: 'PANDORA MEDIA, INC.', accessionNumber: '0001193125-11-032963', filingDate: '2011-02-11', formType: 'S-1',
      primaryDocument: 'ds1.htm', inferredStatus: 'filed',
    });
  });

  it("Pandora: the vendor row that priced its registration gives its range and price; upsized unknown without its pricing day's filings", async () => {
    // Pandora's Bloomberg row (P US, 2011-06-15) prices the registration whose one S-1 the data holds.
    const pandoraRows = bloombergRows().filter((r) => r.bloombergTicker === 'P US');
    expect(pandoraRows).toHaveLength(1);
    const priced = await emptyDataDir();
    const events = await openEventLogDb(priced);
    let pricedDb: SqliteHandle | null = null;
    try {
      events.log.appendMany([companyTickersEvent(), documentEvent(DOCUMENTS.pandora), ...ipoRowEvents(pandoraRows)]);
      await rebuildReadDb({ dataDir: priced, eventLog: events.log });
      pricedDb = openSqlite(readDbLinkPath(priced), { readonly: true });
      const row = (sql: string) => pricedDb!.prepare(sql).get(PANDORA) as Record<string, any>;
      expect(json(row(`SELECT price_history_json FROM companies WHERE cik = ?`).price_history_json)).toMatchObject({
        initialRange: null,
        lastRange: { low: 10, high: 12, source: 'vendor_ipo_table' },
        finalPrice: { price: 16, source: 'vendor_ipo_table' },
        pricedVsRange: 'above',
      });
      // A Rule 462(b) registration would have been filed on its pricing day, which the data does not hold.
      expect(row(`SELECT upsized, filing_count, source, status FROM offerings WHERE cik = ?`)).toEqual({ upsized: null, filing_count: 1, source: 'edgar', status: 'listed' });
    } finally {
      pricedDb?.close();
      await events.close();
      removeDataDir(priced);
    }
  });

  it('Pandora without a vendor row: no price history, upsized unknown', () => {
    expect(one(`SELECT price_history_json FROM companies WHERE cik = ?`, PANDORA).price_history_json).toBe('null');
    expect(one(`SELECT upsized FROM offerings WHERE cik = ?`, PANDORA)).toEqual({ upsized: null });
  });

  it('Acurx: named by company_tickers.json, a resale by a listed issuer, not an IPO', () => {
    const company = one('SELECT * FROM companies WHERE cik = ?', ACURX);
    expect(json(company.json)).toMatchObject({
      name: 'Acurx Pharmaceuticals, Inc.', latestFormType: 'S-1', latestFilingDate: '2023-06-29', dealType: 'resale', tickerHint: 'ACXP',
    });
    expect(company).toMatchObject({ is_ipo: 0, kind: 'follow_on' });
    expect(json(company.classification_json)).toMatchObject({ calendarEligibility: 'exclude', listingPath: 'resale_registration' });
    expect(json(one('SELECT json FROM api_filings WHERE cik = ?', ACURX).json)).toMatchObject({
      formType: 'S-1', filingDate: '2023-06-29', primaryDocument: 'tm2319782d1_s1.htm', inferredStatus: 'filed',
      formSummary: expect.stringContaining('resale registration'),
    });
  });

  it('serves Pandora’s detail with its filing and blank terms as nulls, valid against the OpenAPI document', async () => {
    const data = await detail('/api/v1/companies/1230276?include=filings,latest_terms');
    const underwriters = ['Morgan Stanley & Co. Incorporated', 'J.P. Morgan Securities LLC', 'William Blair and Company, L.L.C.', 'Stifel, Nicolaus and Company, Incorporated'];
    expect(data).toMatchObject({ cik: PANDORA, name: 'PANDORA MEDIA, INC.', dealType: 'ipo', latestFormType: 'S-1' });
    expect(data.latestTerms).toMatchObject({
      offeringPrice: null, priceRangeLow: null, priceRangeHigh: null, totalSharesOffered: null, grossProceeds: null, overAllotmentShares: null,
      isPrimaryOffering: true, isSecondaryOffering: true, isSellingStockholdersOnly: false, underwriters,
    });
    expect(data.filings).toHaveLength(1);
    expect(data.filings[0]).toMatchObject({
      accessionNumber: '0001193125-11-032963', filingDate: '2011-02-11', formType: 'S-1', primaryDocument: 'ds1.htm', inferredStatus: 'filed',
    });
  });

  it('serves Acurx by its ticker as a resale', async () => {
    const data = await detail('/api/v1/companies/ACXP?include=filings,latest_terms');
    expect(data).toMatchObject({ cik: ACURX, dealType: 'resale' });
    expect(data.latestTerms).toMatchObject({ totalSharesOffered: 2_666_666, isSellingStockholdersOnly: true, underwriters: null });
    expect(data.filings.map((f: { formType: string; filingDate: string }) => [f.formType, f.filingDate])).toEqual([['S-1', '2023-06-29']]);
  });
});

/** Projects each arrival in turn; `after`: the source of `accession`'s filing state after each. */
async function project(dir: string, accession: string, arrivals: NewEvent[][]) {
  const events = await openEventLogDb(dir);
  const read = await openReadDbForWrite(`${dir}/read.db`);
  const after: string[] = [];
  try {
    for (const arrival of arrivals) {
      events.log.appendMany(arrival);
      const result = projectIncremental({ eventLog: events.log, readDb: read.sqlite, clock: fixedClock, lockDir: null });
      expect(result.skipped).toBe(0);
      after.push(read.sqlite.prepare('SELECT group_concat(source) FROM proj_filing_state WHERE accession_number = ?').pluck().get(accession) as string);
    }
    return { after, rows: companyDump(read.sqlite) };
  } finally {
    await read.close();
    await events.close();
  }
}

/** Every state and served row of the companies involved, in key order. */
function companyDump(db: SqliteHandle): string {
  const tables = ['proj_company_state', 'proj_filing_state', 'companies', 'api_filings', 'company_tickers'];
  return tables
    .map((t) => `## ${t}\n` + JSON.stringify(db.prepare(`SELECT * FROM ${t} WHERE cik IN (?, ?) ORDER BY 1, 2`).raw().all(UNICYCIVE, AAOI)))
    .join('\n');
}

/**
 * The daily-index row of AAOI's follow-on S-1/A, built from the recorded submissions page's own entry
 * for that accession and the page's company name (the sample's two daily indexes are of other days).
 */
function aaoiIndexEntry(): NewEvent {
  const page = parseSubmissions(submissionsEvent(SUBMISSIONS_FILES.find((f) => f.cik === AAOI)!).body as Buffer);
  const filing = page.filings.find((f) => f.accessionNumber === DOCUMENTS.aaoiFollowOn.accessionNumber)!;
  const payload: IndexEntryPayload = {
    cik: String(Number(AAOI)),
    companyName: page.company!.name,
    formType: filing.form,
    dateFiled: filing.filingDate,
    accessionNumber: filing.accessionNumber,
    fileName: `edgar/data/${Number(AAOI)}/${filing.accessionNumber}.txt`,
  };
  return { type: 'edgar.index_entry', source: 'edgar', subject: filing.accessionNumber, observedAt: '2026-02-01T08:00:00.000Z', payload };
}

describe('a submissions page or an index row replaces a document-only filing, in either order', () => {
  const tmp = tempDir('projector-document-filings');
  afterAll(() => tmp.remove());

  it('Unicycive: the S-1/A read first is a document row until the page lists it; both orders give identical rows', async () => {
    const doc = documentEvent(DOCUMENTS.unicycive);
    const page = submissionsEvent(SUBMISSIONS_FILES.find((f) => f.cik === UNICYCIVE)!);
    const docFirst = await project(`${tmp.dir}/u-doc-first`, DOCUMENTS.unicycive.accessionNumber, [[doc], [page]]);
    const pageFirst = await project(`${tmp.dir}/u-page-first`, DOCUMENTS.unicycive.accessionNumber, [[page], [doc]]);
    expect(docFirst.after).toEqual(['document', 'submissions']);
    expect(pageFirst.after).toEqual(['submissions', 'submissions']);
    expect(docFirst.rows).toBe(pageFirst.rows);
    expect(docFirst.rows).toContain('ea143554-s1a3_unicycivethera.htm');
  });

  it('AAOI: an index row replaces the document row whole (no primary document until the page); both orders agree', async () => {
    const doc = documentEvent(DOCUMENTS.aaoiFollowOn);
    const index = aaoiIndexEntry();
    const docFirst = await project(`${tmp.dir}/a-doc-first`, DOCUMENTS.aaoiFollowOn.accessionNumber, [[doc], [index]]);
    const indexFirst = await project(`${tmp.dir}/a-index-first`, DOCUMENTS.aaoiFollowOn.accessionNumber, [[index], [doc]]);
    expect(docFirst.after).toEqual(['document', 'index']);
    expect(indexFirst.after).toEqual(['index', 'index']);
    expect(docFirst.rows).toBe(indexFirst.rows);
    // An index row knows no primary document: the served row points at the full submission text.
    expect(docFirst.rows).toContain('primaryDocument\\":\\"0001047469-14-002425.txt');
    expect(docFirst.rows).not.toContain('a2218972zs-1a.htm');
  });

  it('a rebuild equals incremental projection in single-event batches', async () => {
    const dir = `${tmp.dir}/rebuild`;
    const events = await openEventLogDb(dir);
    const incremental = await openReadDbForWrite(`${dir}/incremental.db`);
    try {
      const all = [documentEvent(DOCUMENTS.pandora), companyTickersEvent(), documentEvent(DOCUMENTS.acurx), documentEvent(DOCUMENTS.aaoiFollowOn), aaoiIndexEntry()];
      for (const arrival of [all.slice(0, 2), all.slice(2)]) {
        events.log.appendMany(arrival);
        projectIncremental({ eventLog: events.log, readDb: incremental.sqlite, batchSize: 1, clock: fixedClock, lockDir: null });
      }
      await rebuildReadDb({ dataDir: dir, eventLog: events.log });
      const rebuilt = openSqlite(readDbLinkPath(dir), { readonly: true });
      try {
        const expected = dumpReadDb(rebuilt);
        expect(expected).toContain('PANDORA MEDIA, INC.');
        expect(dumpReadDb(incremental.sqlite)).toBe(expected);
      } finally {
        rebuilt.close();
      }
    } finally {
      await incremental.close();
      await events.close();
    }
  }, 60_000);
});
