/** What the article mapper takes from the read rows: the issuer's name at the offering and the proceeds basis (real submissions, real Bloomberg rows). */
import { describe, expect, it } from 'vitest';
import { companyIdentity } from '../company/company.derive.ts';
import { deriveRows } from '../company/company-rows.derive.ts';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import type { KnownFiling } from '../offering/filing.facts.ts';
import { loadSubmissions } from '../offering/sample.testkit.ts';
import { proceedsBasisNote } from './aggregate.ts';
import type { ApiOffering, ApiOutcome } from '../../schema/api/types.ts';
import { nameAtOffering } from './article-data.derive.ts';
import { articleDataOf, vendorCompanyRowsBetween } from './real-rows.testkit.ts';
import { buildQuarterlyReview } from './index.ts';
import { plain } from './html.ts';

const OBSERVED = '2026-01-15T00:00:00.000Z';

describe('articleDataFromRows', () => {
  it('names Solidion\'s SPAC IPO prospectus by the name it went public under, Nubia Brand International Corp.', () => {
    const { company, filings } = loadSubmissions('solidion');
    const known = filings.map((f): KnownFiling => ({ ...f, companyName: null, source: 'submissions' }));
    const facts = { ...company, updatedAt: OBSERVED };
    const nubiu = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).find((r) => r.bloombergTicker === 'NUBIU US')!;
    const rows = deriveRows({
      facts, filings: known, hints: [], identity: companyIdentity(facts, known, []), documents: [], snapshot: null,
      vendorRows: [{ row: nubiu, observedAt: OBSERVED }], bars: new Map(), news: [], today: '2026-01-15',
    })!;
    const data = articleDataOf([rows]);
    const ipoProspectus = data.pricings!.find((p) => p.pricingDate.startsWith('2022-03'))!;
    // Named as it was when it priced: Solidion is a name of 2024, which a 2022 article cannot know.
    expect(ipoProspectus.companyName).toBe('Nubia Brand International Corp.');
    // A follow-on of the combined company is named as it is now.
    expect(data.pricings!.filter((p) => p.pricingDate >= '2024-02-08').every((p) => p.companyName === 'Solidion Technology Inc.')).toBe(true);
  });
});

describe('articleDataFromRows: listings are the served offerings that began trading, whether or not the data holds their prices', () => {
  // 2012 Q2 as `npm start` serves it: `SELECT count(*), sum(gross_proceeds) FROM ipo_calendar WHERE listing_date BETWEEN '2012-04-01' AND '2012-06-30'`
  // gives 29 listings and $22,569M there, while the 8 with price bars raised $1,463.5M. Facebook is
  // one of them once: Yahoo's FB row and Bloomberg's META row are one IPO (vendor-same-ipo.derive.ts).
  const rows = vendorCompanyRowsBetween('2012-04-01', '2012-06-30');
  const data = articleDataOf(rows);
  const offerings = rows.flatMap((r) => (JSON.parse(r.company.row.offerings_json) as ApiOffering[]).map((o) => ({ cik: r.company.row.cik, o })));

  it('maps each served offering with a listing date to one listing with its served values, and its outcome where bars exist', () => {
    const listed = offerings.filter(({ o }) => o.listingDate !== null);
    expect(data.listings!.map((l) => [l.cik, l.listingDate, l.dealType, l.offerPrice, l.grossProceeds, l.grossProceedsBasis])).toEqual(
      listed.map(({ cik, o }) => [cik, o.listingDate, o.dealType, o.offerPrice, o.grossProceeds, o.grossProceedsBasis]),
    );
    const all = rows.flatMap((r) => r.outcomes);
    const outcomes = all.filter((o) => (JSON.parse(o.json) as ApiOutcome).day1ReturnSource === 'price_series');
    expect(data.listings!.filter((l) => l.outcome !== null).map((l) => [l.cik, l.listingDate]).sort()).toEqual(outcomes.map((o) => [o.cik, o.trading_start_date]).sort());
    expect(outcomes).toHaveLength(8);
    // The others have the vendor's stated first day (its return, or Yahoo's first close: Facebook's $38.23), which
    // the articles do not average (they have no bars).
    const served = all.map((o) => JSON.parse(o.json) as ApiOutcome);
    const stated = served.filter((o) => o.day1ReturnSource === 'vendor_stated' || o.day1ReturnSource === 'vendor_close');
    expect(stated.length).toBe(all.length - outcomes.length);
    expect(stated.length).toBeGreaterThan(0);
    for (const o of stated) expect([o.closeDay1 === null, o.day1ReturnPct === null, o.status]).toEqual([o.day1ReturnSource === 'vendor_stated', false, 'partial']);
    expect(served.find((o) => o.tradingStartDate === '2012-05-18' && o.offerPrice === 38)).toMatchObject({ closeDay1: 38.23, day1ReturnPct: 0.6053, day1ReturnSource: 'vendor_close' });
  });

  it('counts Facebook (2012-05-18, $16,006.9M, no price bars in the data) once among the quarter\'s 29 IPOs (Oaktree’s 2012 IPO among them, an asset manager the vendor files under Investment Companies)', () => {
    const ipos = data.listings!.filter((l) => l.dealType === 'ipo');
    expect([ipos.length, Math.round(ipos.reduce((a, l) => a + (l.grossProceeds ?? 0), 0) / 1e6)]).toEqual([29, 22569]);
    expect(ipos.filter((l) => l.listingDate === '2012-05-18' && l.offerPrice === 38)).toHaveLength(1);
    const facebook = data.listings!.find((l) => l.listingDate === '2012-05-18' && l.grossProceeds === 16_006_900_000)!;
    expect(facebook).toMatchObject({ offerPrice: 38, outcome: null, dealType: 'ipo' });
    const review = buildQuarterlyReview(2012, 2, data);
    expect(review.summary).toMatch(/^2012 Q2: 29 IPOs, \$22,568\.7M raised, first-day returns known for 8: /);
    const stated = ipos.filter((l) => l.outcome === null && l.statedDay1ReturnPct != null).length;
    expect(stated).toBeGreaterThan(0);
    const forThem = stated === 21 ? 'all 21' : String(stated);
    expect(plain(review.html)).toContain(
      `First-day returns from daily price bars are known for 8 of the 29; the other 21 have no daily price bars in the data (the vendor IPO table states a first-day return for ${forThem}, which the figures here, over price bars, leave out).`,
    );
  });

  it('reports the money left on the table over the listings with a first close, on the basis of their shares', () => {
    const withLeft = data.listings!.filter((l) => l.dealType === 'ipo' && l.outcome?.moneyLeftOnTable != null);
    expect(withLeft.length).toBeGreaterThan(0);
    const total = withLeft.reduce((a, l) => a + l.outcome!.moneyLeftOnTable!, 0);
    // Each is the shares the vendor counts × (first close − offer): its offer size × the bars' return.
    for (const l of withLeft) expect(l.outcome!.moneyLeftOnTable!).toBeCloseTo((l.outcome!.grossProceeds! * (l.outcome!.closeDay1! - l.offerPrice!)) / l.offerPrice!, 0);
    const review = plain(buildQuarterlyReview(2012, 2, data).html);
    expect(review).toContain(`Money left on the table, shares sold × (first close − offer price), came to $${(total / 1e6).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}M over the ${withLeft.length} listings`);
    // Sized by the vendor's offer size, not by shares a prospectus states: the sentence says so.
    expect(withLeft.every((l) => l.outcome!.grossProceedsBasis === 'vendor_offer_size')).toBe(true);
    expect(review).toContain(`${withLeft.length} listings whose size and first close are known (the vendor IPO table's offer sizes`);
  });
});

describe('proceedsBasisNote', () => {
  it('says when a total mixes a prospectus\'s base deal with a vendor\'s size that may include the over-allotment', () => {
    expect(proceedsBasisNote(['base_deal', 'vendor_offer_size', 'vendor_offer_size'])).toMatch(/^Proceeds mix two bases: 1 state the base deal .*, 2 may include over-allotment shares sold/);
    expect(proceedsBasisNote(['vendor_offer_size'])).toMatch(/may include over-allotment shares sold \(the vendor does not say which/);
    expect(proceedsBasisNote([null, undefined])).toBe('');
  });
});

describe('nameAtOffering', () => {
  const offering = (issuerNameAtOffering: string | null) => ({ issuerNameAtOffering }) as ApiOffering;
  it('names the issuer as it was (Tesla Motors, 2010), not by a later name, nor by one that differs in case and punctuation (Acurx\'s index row)', () => {
    expect(nameAtOffering('Tesla, Inc.', offering('TESLA MOTORS INC'))).toBe('TESLA MOTORS INC');
    expect(nameAtOffering('Acurx Pharmaceuticals, Inc.', offering('ACURX PHARMACEUTICALS, INC.'))).toBe('Acurx Pharmaceuticals, Inc.');
    // No name at the offering: today's, marked as such (the page's note explains the mark).
    expect(nameAtOffering('Verra Mobility Corp', offering(null))).toBe('Verra Mobility Corp†');
  });
});
