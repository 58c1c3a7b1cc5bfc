import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../schema/databases.ts';
import { rebuildReadDb } from '../projector/index.ts';
import { documentValidator, emptyDataDir, removeDataDir, startApi, type RunningApi } from './api-harness.ts';
import { bloombergRows, ipoRowEvents, yahooRows } from './projector-enrichment-events.ts';
import { companyTickersEvent } from './projector-sample-events.ts';
import type { NewEvent } from '../schema/events/event-log.ts';

/** An API on a data dir rebuilt from `events`, started and stopped around the describe block that calls it. */
function apiOn(events: () => NewEvent[]): () => RunningApi {
  let dataDir: string;
  let api: RunningApi;
  beforeAll(async () => {
    dataDir = await emptyDataDir();
    const log = await openEventLogDb(dataDir);
    try {
      log.log.appendMany(events());
      await rebuildReadDb({ dataDir, eventLog: log.log });
    } finally {
      await log.close();
    }
    api = await startApi(dataDir);
  }, 60_000);
  afterAll(async () => {
    await api.close();
    removeDataDir(dataDir);
  });
  return () => api;
}

/**
 * ARMF is a real recycled ticker of the Bloomberg table: Ellington Credit Co listed under it on
 * 2013-05-01 and Ares Multi-Strategy Credit Fund on 2013-10-29. Neither has a CIK in the bundled
 * EDGAR data, so each is a vendor company of its own.
 */
describe('a recycled ticker resolves to the holder at the time asked, else the current one', () => {
  let dataDir: string;
  let api: RunningApi;
  let check: ReturnType<typeof documentValidator>;

  beforeAll(async () => {
    dataDir = await emptyDataDir();
    const events = await openEventLogDb(dataDir);
    try {
      const rows = bloombergRows().filter((r) => r.ticker === 'ARMF');
      expect(rows.map((r) => r.issuer).sort()).toEqual(['Ares Multi-Strategy Credit Fund Inc', 'Ellington Credit Co']);
      events.log.appendMany(ipoRowEvents(rows));
      await rebuildReadDb({ dataDir, eventLog: events.log });
    } finally {
      await events.close();
    }
    api = await startApi(dataDir);
    check = documentValidator(await (await api.get('/api/v1/openapi.json')).json());
  });
  afterAll(async () => {
    await api.close();
    removeDataDir(dataDir);
  });

  const holder = async (query: string): Promise<string> => {
    const response = await api.get(`/api/v1/companies/armf${query}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { cik: string } };
    check('/api/v1/companies/{identifier}', 200, body);
    return body.data.cik;
  };

  it('names the company that traded under it on the as_of date', async () => {
    expect(await holder('?as_of=2013-06-01')).toBe('V-ARMF-2013-05-01');
    expect(await holder('?as_of=2013-10-29')).toBe('V-ARMF-2013-10-29');
    expect(await holder('?as_of=2020-01-01')).toBe('V-ARMF-2013-10-29');
  });

  it('without a date, or before anyone held it, names the latest holder', async () => {
    expect(await holder('')).toBe('V-ARMF-2013-10-29');
    expect(await holder('?as_of=2001-01-01')).toBe('V-ARMF-2013-10-29');
  });

  it('rejects a malformed date with a 400 naming the parameter', async () => {
    const response = await api.get('/api/v1/companies/armf?as_of=June');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { details: Array<{ parameter: string }> } };
    expect(body.error.details.map((d) => d.parameter)).toEqual(['as_of']);
  });
});

/**
 * EVER is recycled across the two vendor tables: Yahoo lists EverBank Financial Corp's 2012 NYSE IPO
 * under it (a thrift holding company), Bloomberg EverQuote's 2018 Nasdaq IPO, and SEC's
 * company_tickers.json gives it to EverQuote, Inc. today. EVER names EverQuote, never the bank.
 */
describe('a ticker SEC gives to one company now names that company, not an earlier holder a vendor row dates', () => {
  const api = apiOn(() => {
    const everQuote = bloombergRows().filter((r) => r.bloombergTicker === 'EVER US');
    const everBank = yahooRows().filter((r) => r.ticker === 'EVER');
    expect([...everQuote, ...everBank].map((r) => r.issuer)).toEqual(['EverQuote Inc', 'EverBank Financial Corp']);
    return [companyTickersEvent(), ...ipoRowEvents(everQuote), ...ipoRowEvents(everBank, undefined, 'yahoo')];
  });

  const served = async (identifier: string) => {
    const response = await api().get(`/api/v1/companies/${identifier}?include=offerings`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { cik: string; name: string; offerings: Array<{ ritterExclusions: string[] }> } };
    return { cik: data.cik, name: data.name, flags: data.offerings.map((o) => o.ritterExclusions) };
  };

  it('names EverQuote, an operating IPO with no exclusion', async () => {
    expect(await served('EVER')).toEqual({ cik: '0001640428', name: 'EverQuote, Inc.', flags: [[]] });
  });

  it('serves EverBank, a bank, under its own key: its row has no first trade to date its hold of EVER', async () => {
    expect(await served('V-EVER-2012-05-03')).toEqual({ cik: 'V-EVER-2012-05-03', name: 'EverBank Financial Corp', flags: [['bank_or_thrift']] });
  });
});

/**
 * EAGLU is recycled across the two vendor tables, and SEC's company_tickers.json lists neither
 * holder under it today: Yahoo lists Double Eagle Acquisition's 2015 units under it (dated by
 * Bloomberg's 1566353D row of the same IPO, as WillScot), Bloomberg Platinum Eagle's of 2018 (as
 * Target Hospitality, which the SEC lists as TH). Without a date it names the latest to start under it.
 */
describe('a ticker no holder has in SEC data names the latest to start under it', () => {
  const api = apiOn(() => {
    const platinumEagle = bloombergRows().filter((r) => r.bloombergTicker === 'EAGLU US');
    const doubleEagle = yahooRows().filter((r) => r.ticker === 'EAGLU');
    const doubleEagleAsWillScot = bloombergRows().filter((r) => r.bloombergTicker === '1566353D US');
    expect([...platinumEagle, ...doubleEagle, ...doubleEagleAsWillScot].map((r) => r.issuer)).toEqual(['Target Hospitality Corp', 'Double Eagle Acquisition Corp', 'WillScot Holdings Corp']);
    return [companyTickersEvent(), ...ipoRowEvents([...platinumEagle, ...doubleEagleAsWillScot]), ...ipoRowEvents(doubleEagle, undefined, 'yahoo')];
  });

  const holder = async (query: string) => {
    const response = await api().get(`/api/v1/companies/EAGLU${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { name: string } }).data.name;
  };

  it('names the 2018 holder without a date, and the 2015 one as of 2016', async () => {
    expect(await holder('')).toMatch(/^Target Hospitality Corp/);
    expect(await holder('?as_of=2016-06-01')).toMatch(/^WillScot/);
  });
});
