/**
 * Filters read the values the API serves, and tickers resolve in the notations users type, over the
 * full real sample (real vendor rows, bars, filings). The oracle is the served JSON itself.
 */
import { describe, expect, it } from 'vitest';
import { useServedFullSample } from './api-harness.ts';

const sample = useServedFullSample();

async function page(path: string): Promise<any[]> {
  const res = await sample.api.get(path);
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: any[] }).data;
}

/** Every company, walking the cursor pages. */
async function all(query: string): Promise<any[]> {
  const out: any[] = [];
  let path: string | null = `/api/v1/companies?limit=100&${query}`;
  while (path) {
    const res = await sample.api.get(path);
    expect(res.status, path).toBe(200);
    const body = (await res.json()) as { data: any[]; next_cursor: string | null };
    out.push(...body.data);
    path = body.next_cursor ? `/api/v1/companies?limit=100&${query}&cursor=${encodeURIComponent(body.next_cursor)}` : null;
  }
  return out;
}

describe('filters over served values', () => {
  it('gross_proceeds_gt/lt compare the gross proceeds each company serves (Twitter and Snap raised over $1bn)', async () => {
    const everyone = await all('include=consensus,latest_terms');
    const served = (c: any) => c.consensus?.grossProceeds ?? c.latestTerms?.grossProceedsEstimate ?? null;
    const expected = everyone.filter((c) => served(c) !== null && served(c) > 1e9).map((c) => c.cik).sort();
    const got = (await all('gross_proceeds_gt=1000000000')).map((c) => c.cik).sort();
    expect(got).toEqual(expected);
    const tickers = (await all('gross_proceeds_gt=1000000000')).map((c) => c.tickerHint);
    expect(tickers).toEqual(expect.arrayContaining(['TWTR', 'SNAP']));
    const small = (await all('gross_proceeds_lt=50000000')).map((c) => c.cik).sort();
    expect(small).toEqual(everyone.filter((c) => served(c) !== null && served(c) < 5e7).map((c) => c.cik).sort());
  });

  it('listing_date_from/to and latest_filing_date_from/to select by the served dates', async () => {
    const everyone = await all('include=consensus');
    const in2014 = (await all('listing_date_from=2014-01-01&listing_date_to=2014-12-31')).map((c) => c.cik).sort();
    expect(in2014).toEqual(everyone.filter((c) => c.consensus?.listingDate >= '2014-01-01' && c.consensus?.listingDate <= '2014-12-31').map((c) => c.cik).sort());
    expect(in2014.length).toBeGreaterThan(10);
    const filed = await all('latest_filing_date_from=2020-01-01&latest_filing_date_to=2020-12-31');
    expect(filed.length).toBeGreaterThan(0);
    expect(filed.every((c) => c.latestFilingDate >= '2020-01-01' && c.latestFilingDate <= '2020-12-31')).toBe(true);
    const bad = await sample.api.get('/api/v1/companies?listing_date_from=2014-13-01');
    expect(bad.status).toBe(400);
  });

  it('an unknown offering_status is a 400 naming the allowed values, as kind is', async () => {
    for (const query of ['offering_status=bogus', 'kind=bogus']) {
      const res = await sample.api.get(`/api/v1/companies?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: Array<{ message: string }> } };
      expect(body.error.details[0].message).toMatch(/must be one of: .*(listed|spac)/);
    }
  });
});

describe('SPAC unit IPOs and ticker notations', () => {
  it('TPGE/U (TPG Pace Energy, now Magnolia Oil & Gas) resolves as TPGE/U, TPGE.U, TPGE-U and tpge u, and is a spac', async () => {
    const ciks = new Set<string>();
    for (const id of ['TPGE%2FU', 'TPGE.U', 'TPGE-U', 'tpge%20u']) {
      const res = await sample.api.get(`/api/v1/companies/${id}?include=offerings`);
      expect(res.status, id).toBe(200);
      const company = ((await res.json()) as { data: any }).data;
      ciks.add(company.cik);
      expect(company.dealType).toBe('spac');
      expect(company.offerings.find((o: any) => o.isCurrent).ritterExclusions).toEqual(expect.arrayContaining(['unit_offer', 'spac']));
    }
    expect(ciks.size).toBe(1);
  });

  it("Learn CW's units and warrants resolve in NYSE's notation (LCW.U, LCW.WS) as in the SEC's (LCW-UN, LCW-WT), on the detail and every list", async () => {
    for (const id of ['LCW.U', 'LCW%2FU', 'LCW-UN', 'LCW.WS', 'LCW-WT']) {
      const res = await sample.api.get(`/api/v1/companies/${id}`);
      expect(res.status, id).toBe(200);
      expect(((await res.json()) as { data: any }).data.cik, id).toBe('0001847577');
      expect((await page(`/api/v1/companies?ticker=${id}`)).map((c) => c.cik), id).toEqual(['0001847577']);
      expect((await page(`/api/v1/filings?ticker=${id}&limit=1`)).map((f) => f.cik), id).toEqual(['0001847577']);
    }
  });

  it("the detail and the ticker filters resolve units written the Nasdaq way (LCWU: a U with no separator), when no security is stored so", async () => {
    const res = await sample.api.get('/api/v1/companies/lcwu');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: any }).data.cik).toBe('0001847577');
    expect((await page('/api/v1/companies?ticker=LCWU')).map((c) => c.cik)).toEqual(['0001847577']);
    expect((await page('/api/v1/filings?ticker=lcwu&limit=1')).map((f) => f.cik)).toEqual(['0001847577']);
    // A symbol stored as written is its holder's alone: AAOI is no unit symbol of "AAO".
    expect((await page('/api/v1/companies?ticker=AAOI')).map((c) => c.cik)).toEqual(['0001158114']);
  });

  it('kind=operating holds no company whose current offering shows SPAC or fund evidence', async () => {
    const operating = await all('kind=operating&include=classification');
    expect(operating.length).toBeGreaterThan(100);
    expect(operating.filter((c) => c.dealType === 'spac' || c.dealType === 'fund')).toEqual([]);
    const spacs = await all('kind=spac');
    // TPG Pace Energy's units (TPGE-U, 2017) are the SPAC IPO of the registrant that became Magnolia Oil & Gas (MGY).
    expect(spacs.map((c) => c.tickerHint)).toEqual(expect.arrayContaining(['MGY']));
  });
});

describe('deal events of co-registered filings', () => {
  it("record one registration per registration statement: Salem Media's S-3 of 2022-10-03 (28 subsidiaries co-registered) once, under Salem; QualTek's S-1/A (14 subsidiaries) none, being an amendment", () => {
    const registrations = (accession: string) =>
      (sample.db.prepare(`SELECT cik FROM deal_events WHERE type = 'registration' AND json_extract(data_json, '$.accessionNumber') = ?`).all(accession) as Array<{ cik: string }>).map((r) => r.cik);
    expect(registrations('0001193125-22-256796')).toEqual(['0001050606']);
    expect(registrations('0001104659-22-105373')).toEqual([]);
    // Each subsidiary's row of the filing is still a filing event of its own company.
    const filings = sample.db.prepare(`SELECT count(*) AS n FROM deal_events WHERE type = 'filing' AND json_extract(data_json, '$.accessionNumber') = ?`).get('0001193125-22-256796') as { n: number };
    expect(filings.n).toBe(29);
  });
});
