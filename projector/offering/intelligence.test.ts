/** price-history and classification on real documents, submissions and the Bloomberg table. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import { sampleDoc } from '../extract/test-docs.ts';
import { coverSignals } from '../extract/cover-signals.ts';
import { extractTerms } from '../extract/terms.extract.ts';
import { derivePriceHistory, observationsFromTerms, type PriceObservation } from './price-history.derive.ts';
import { deriveClassification } from './classification.derive.ts';
import { deriveDealType } from './deal-type.derive.ts';
import { deriveLifecycle } from './lifecycle.derive.ts';
import { groupDeals } from './deals.group.ts';
import { loadSubmissions } from './sample.testkit.ts';

const SAMPLE = fileURLToPath(new URL('../../data/sample/', import.meta.url));
const bloomberg = parseIpoTable(gunzipSync(readFileSync(`${SAMPLE}reference/bloomberg_ipo_data_2000_2025.csv.gz`)).toString('utf8'));
const row = (ticker: string): IpoTableRow => bloomberg.find((r) => r.ticker === ticker && r.country === 'US')!;
const vendorObservation = (r: IpoTableRow): PriceObservation => ({ source: 'bloomberg', accessionNumber: null, formType: null, date: r.tradeDate!, low: r.rangeLow, high: r.rangeHigh, price: r.offerPrice });
// Observation times are assigned here; in the service they are the events' recorded observation times.
const OBSERVED = '2026-01-02T00:00:00Z';
const OBSERVED_LATER = '2026-01-03T00:00:00Z';

describe('derivePriceHistory', () => {
  it('agrees with Bloomberg\'s "Priced Range" column on every one of its rows with a range and a price', () => {
    const rows = bloomberg.filter((r) => r.offerPrice !== null && r.rangeLow !== null && r.rangeHigh !== null && r.pricedRange && r.tradeDate);
    expect(rows.length).toBeGreaterThan(4000);
    const disagreements = rows.filter((r) => {
      const expected = /Above/.test(r.pricedRange!) ? 'above' : /Below/.test(r.pricedRange!) ? 'below' : 'within';
      return derivePriceHistory([vendorObservation(r)]).pricedVsRange !== expected;
    });
    expect(disagreements).toEqual([]);
  });

  it('AAOI: filed at $13.00–$15.00, priced at $10.00, below the range', () => {
    const h = derivePriceHistory([vendorObservation(row('AAOI'))]);
    expect(h).toMatchObject({ initialRange: { low: 13, high: 15 }, revisions: [], finalPrice: { price: 10 }, pricedVsRange: 'below' });
  });

  it('Unicycive Amendment No. 3 (real terms): the initial and last range is $5.00–$6.00, not priced yet', () => {
    const uncy = extractTerms(sampleDoc('unicycive')).terms;
    const h = derivePriceHistory(observationsFromTerms([{ accessionNumber: '0001213900-21-035033', formType: 'S-1/A', filingDate: '2021-06-30', terms: uncy }]));
    expect(h.initialRange).toMatchObject({ low: 5, high: 6, accessionNumber: '0001213900-21-035033', formType: 'S-1/A', source: 'edgar' });
    expect(h.lastRange).toEqual(h.initialRange);
    expect(h).toMatchObject({ revisions: [], finalPrice: null, pricedVsRange: null });
  });

  it('property (generated ranges, not filings): one revision per change of range, ordered by date', () => {
    const range = fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 5 })).map(([low, width]) => [low, low + width] as const);
    fc.assert(
      fc.property(fc.array(range, { minLength: 1, maxLength: 8 }), (ranges) => {
        const obs: PriceObservation[] = ranges.map(([low, high], i) => ({ source: 'generated', accessionNumber: `acc-${i}`, formType: 'S-1/A', date: `2020-01-${String(i + 10)}`, low, high, price: null }));
        const changes = ranges.filter((r, i) => i > 0 && (r[0] !== ranges[i - 1][0] || r[1] !== ranges[i - 1][1])).length;
        const h = derivePriceHistory(obs);
        return h.revisions.length === changes && h.initialRange?.accessionNumber === 'acc-0' && h.lastRange?.low === ranges[ranges.length - 1][0];
      }),
    );
  });
});

describe('deriveClassification', () => {
  it('Unicycive IPO naming the Nasdaq Capital Market → include', () => {
    const doc = sampleDoc('unicycive');
    const { terms } = extractTerms(doc);
    const { company, filings } = loadSubmissions('unicycive');
    const deal = groupDeals(filings).find((d) => d.key === '333-256367')!;
    const c = deriveClassification({ dealType: deriveDealType({ deal, company, companyFilings: filings, signals: coverSignals(doc) }), terms, company });
    expect(c).toMatchObject({ calendarEligibility: 'include', issuerKind: 'operating_company', listingPath: 'underwritten_ipo' });
    expect(c.eligibilityReasons[0]).toBe('ipo headed for an exchange');
  });

  it('SPAC (Learn CW), follow-on (AAOI) and resale (Acurx) → exclude; a withdrawn Reg A (Alzamend) → exclude', () => {
    const lcw = loadSubmissions('learncw');
    const lcwDeal = groupDeals(lcw.filings)[0];
    expect(deriveClassification({ dealType: deriveDealType({ deal: lcwDeal, company: lcw.company, companyFilings: lcw.filings }) }).calendarEligibility).toBe('exclude');
    const aaoiDoc = sampleDoc('aaoi');
    expect(deriveClassification({ dealType: deriveDealType({ deal: { key: '333-194379', baseForm: 'S-1', openedDate: '2014-03-06' }, signals: coverSignals(aaoiDoc) }) }).listingPath).toBe('follow_on');
    const acurx = sampleDoc('acurx');
    const resale = deriveClassification({ dealType: deriveDealType({ deal: { key: '333-273015', baseForm: 'S-1', openedDate: '2023-06-29' }, signals: coverSignals(acurx), terms: extractTerms(acurx).terms }) });
    expect(resale).toMatchObject({ calendarEligibility: 'exclude', listingPath: 'resale_registration' });
    const alz = loadSubmissions('alzamend');
    const regA = deriveLifecycle(alz.filings, { today: '2026-07-01', company: alz.company }).deals.find((d) => d.key === '024-11124')!;
    expect(deriveClassification({ dealType: deriveDealType({ deal: regA, company: alz.company, companyFilings: alz.filings }), status: regA.status }).calendarEligibility).toBe('exclude');
  });

  it('Pandora S-1 with its terms still blank (no exchange named, nothing filed) → review', () => {
    const doc = sampleDoc('pandora');
    const c = deriveClassification({ dealType: deriveDealType({ deal: { key: 'p', baseForm: 'S-1', openedDate: '2011-02-11' }, signals: coverSignals(doc) }), terms: extractTerms(doc).terms });
    expect(c.calendarEligibility).toBe('review');
  });

  it('Tesla 2010 IPO from forms alone, with its 8-A12B + CERTNAS filed → include', () => {
    const { company, filings } = loadSubmissions('tesla');
    const deal = groupDeals(filings).find((d) => d.key === '333-164593')!;
    const c = deriveClassification({ dealType: deriveDealType({ deal, company, companyFilings: filings }), exchangeListingFiled: true, company });
    expect(c).toMatchObject({ calendarEligibility: 'include', confidence: 0.6 });
  });
});
