import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../schema/databases.ts';
import { rebuildReadDb } from '../projector/index.ts';
import { documentValidator, emptyDataDir, removeDataDir, startApi, type RunningApi } from './api-harness.ts';
import { barsEvent, bloombergRows, DOCUMENTS, documentEvent, ipoRowEvents } from './projector-enrichment-events.ts';
import { companyTickersEvent, SUBMISSIONS_FILES, submissionsEvent } from './projector-sample-events.ts';

const DETAIL = '/api/v1/companies/{identifier}';

/**
 * include=price_history (and the prospectus financial snapshot) over a read.db the real projector
 * built from real events: Unicycive's submissions page and S-1/A, and GoPro's Bloomberg row and
 * Stooq bars (a company served from its vendor row). Bodies are checked against the published document.
 */
describe('company detail: price_history and financial_snapshot', () => {
  let dataDir: string;
  let api: RunningApi;
  let check: ReturnType<typeof documentValidator>;

  beforeAll(async () => {
    dataDir = await emptyDataDir();
    const events = await openEventLogDb(dataDir);
    try {
      events.log.appendMany([
        companyTickersEvent(),
        ...SUBMISSIONS_FILES.filter((f) => f.cik === '0001766140').map((f) => submissionsEvent(f)),
        documentEvent(DOCUMENTS.unicycive),
        ...ipoRowEvents(bloombergRows().filter((r) => r.ticker === 'GPRO')),
        barsEvent('GPRO'),
      ]);
      await rebuildReadDb({ dataDir, eventLog: events.log });
    } finally {
      await events.close();
    }
    api = await startApi(dataDir);
    check = documentValidator(await (await api.get('/api/v1/openapi.json', { key: null })).json());
  }, 60_000);
  afterAll(async () => {
    await api.close();
    removeDataDir(dataDir);
  });

  async function detail(path: string, status = 200): Promise<any> {
    const res = await api.get(path);
    const body = await res.json();
    check(DETAIL, res.status, body);
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(status);
    return body;
  }

  it('Unicycive: the $5.00–$6.00 range of its Amendment No. 3 is the earliest known, not the initial one (amendments 1 and 2 were not read)', async () => {
    const { data } = await detail('/api/v1/companies/UNCY?include=price_history,financial_snapshot');
    const range = { low: 5, high: 6, accessionNumber: '0001213900-21-035033', filingDate: '2021-06-30', formType: 'S-1/A', source: 'edgar' };
    expect(data.priceHistory).toEqual({ initialRange: null, earliestKnownRange: range, revisions: [], lastRange: range, finalPrice: null, pricedVsRange: null });
    expect(data.financialSnapshot).toMatchObject({ cashAndCashEquivalents: 147_000, totalAssets: 513_000, source: { formType: 'S-1/A', filingDate: '2021-06-30' } });
  });

  it('GoPro: a vendor-row company, priced within its range', async () => {
    const row = bloombergRows().find((r) => r.ticker === 'GPRO' && r.country === 'US')!;
    const { data } = await detail('/api/v1/companies/gpro?include=price_history,consensus');
    expect(data).toMatchObject({ cik: '0001500435', offeringStatus: 'listed', dealType: 'ipo', latestFormType: null });
    const vendor = { accessionNumber: null, filingDate: null, formType: null, source: 'vendor_ipo_table' };
    expect(data.priceHistory).toEqual({
      // The vendor's filing range is its last one: the earliest the data holds, never called initial.
      initialRange: null,
      earliestKnownRange: { low: row.rangeLow, high: row.rangeHigh, ...vendor },
      revisions: [],
      lastRange: { low: row.rangeLow, high: row.rangeHigh, ...vendor },
      finalPrice: { price: row.offerPrice, ...vendor },
      pricedVsRange: /Above/.test(row.pricedRange ?? '') ? 'above' : /Below/.test(row.pricedRange ?? '') ? 'below' : 'within',
    });
    expect(data.consensus.sourceSummary).toHaveProperty('vendor_ipo_table');
  });

  it('omits priceHistory unless asked; an unknown token is still a 400', async () => {
    const { data } = await detail('/api/v1/companies/UNCY?include=lockup_schedule');
    expect(data).not.toHaveProperty('priceHistory');
    const bad = await detail('/api/v1/companies/UNCY?include=price_history,price_histories', 400);
    expect(bad.error).toMatchObject({ code: 'invalid_request', details: [{ parameter: 'include', message: expect.any(String) }] });
    // The list endpoint does not offer the token.
    const list = await api.get('/api/v1/companies?include=price_history');
    expect(list.status).toBe(400);
  });
});
