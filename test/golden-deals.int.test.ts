/**
 * The golden deal table (test/golden/deals.ts) through every surface: the API's company detail
 * (consensus and the current offering), the companies CSV, the analysts' views in read.db and the
 * published article pages. Each value must be the true one the evidence states; an exchange the
 * data cannot know may be null (with its reason in sourceSummary), never another exchange.
 */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../api/http/csv.testkit.ts';
import { useServedFullSample } from './api-harness.ts';
import { GOLDEN_DEALS, type GoldenDeal } from './golden/deals.ts';

const sample = useServedFullSample();

async function detail(deal: GoldenDeal): Promise<any> {
  const res = await sample.api.get(`/api/v1/companies/${encodeURIComponent(deal.id)}?include=consensus,offerings`);
  expect(res.status, deal.id).toBe(200);
  return ((await res.json()) as { data: any }).data;
}

const price = (value: number) => `$${value.toFixed(2)}`;

describe('the golden deal table', () => {
  it('holds at least 40 real deals of every kind the sample has', () => {
    expect(GOLDEN_DEALS.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(GOLDEN_DEALS.map((d) => d.kind));
    for (const kind of ['operating_nyse', 'operating_nasdaq', 'bank', 'spac', 'de_spac', 'follow_on', 'resale', 'reg_a_withdrawn', 'delisted', 'co_registrant']) expect(kinds).toContain(kind);
  });

  it.each(GOLDEN_DEALS.map((d) => [d.id, d] as const))('%s: the API serves the true values', async (_id, deal) => {
    const company = await detail(deal);
    const current = company.offerings.find((o: any) => o.isCurrent);
    const why = `${deal.id} (${deal.evidence})`;
    expect(company.dealType, why).toBe(deal.dealType);
    expect(company.offeringStatus, why).toBe(deal.offeringStatus);
    if (deal.offerPrice !== undefined) expect(company.consensus.offerPrice, why).toBe(deal.offerPrice);
    if (deal.listingDate !== undefined) expect(company.consensus.listingDate, why).toBe(deal.listingDate);
    if (deal.grossProceeds !== undefined) expect(company.consensus.grossProceeds, why).toBe(deal.grossProceeds);
    if (deal.grossProceedsBasis !== undefined) expect([company.consensus.grossProceedsBasis, current.grossProceedsBasis], why).toEqual([deal.grossProceedsBasis, deal.grossProceedsBasis]);
    if (deal.issuerNameAtOffering !== undefined) expect(current.issuerNameAtOffering, why).toBe(deal.issuerNameAtOffering);
    // An offering of a company that ended is served as that end (a SPAC's IPO as its combination), never as still listed.
    if (['delisted', 'combined'].includes(deal.offeringStatus)) expect([current.status, current.stageBeforeEnd], why).toEqual([deal.ipoOfferingStatus ?? deal.offeringStatus, 'listed']);
    if (deal.exchange !== undefined) {
      expect([deal.exchange, null], why).toContain(company.consensus.exchange);
      if (company.consensus.exchange === null) expect(company.consensus.sourceSummary.exchange, why).toMatch(/^unknown: /);
    }
    if (deal.ritter !== undefined) expect(current.ritterExclusions, why).toEqual(deal.ritter);
    // The status is as of the latest evidence the data holds, which a reader can see: never the IPO day for an end
    // a vendor export shows, whose date the export does not state (null, and says so).
    if (current.statusAsOfSource === 'vendor_export') {
      expect([company.lifecycleEnd?.source, current.statusAsOf], why).toEqual(['vendor', null]);
    } else {
      expect(current.statusAsOf, why).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (deal.listingDate !== undefined) expect(current.statusAsOf >= deal.listingDate, why).toBe(true);
    }
    // The current offering renders the company's served values.
    expect(current.offerPrice, why).toBe(company.consensus.offerPrice);
    expect(current.listingDate, why).toBe(company.consensus.listingDate);
  });

  it('the companies CSV, the offerings, ipo_calendar and ipo_outcomes views render the same values', async () => {
    for (const deal of GOLDEN_DEALS) {
      const company = await detail(deal);
      const csv = await sample.api.get(`/api/v1/companies?company_name=${encodeURIComponent(company.name)}&include=consensus&limit=100`, { headers: { Accept: 'text/csv' } });
      expect(csv.status, deal.id).toBe(200);
      const [header, ...rows] = parseCsv(await csv.text());
      const row = rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))).find((r) => r.cik === company.cik);
      expect(row, deal.id).toBeDefined();
      expect(row).toMatchObject({ dealType: deal.dealType, offeringStatus: deal.offeringStatus });
      expect(row!['consensus.offerPrice'], deal.id).toBe(company.consensus.offerPrice === null ? '' : String(company.consensus.offerPrice));

      const offering = sample.db.prepare('SELECT deal_type, offer_price, listing_date, ritter_exclusions FROM offerings WHERE cik = ? AND is_current = 1').get(company.cik) as any;
      expect(offering, deal.id).toMatchObject({ deal_type: deal.dealType, offer_price: deal.offerPrice ?? company.consensus.offerPrice, listing_date: company.consensus.listingDate });
      if (deal.ritter !== undefined) expect(offering.ritter_exclusions, deal.id).toBe(deal.ritter.length > 0 ? deal.ritter.join(',') : null);

      const calendar = sample.db.prepare('SELECT deal_type, offer_price, listing_date, exchange FROM ipo_calendar WHERE cik = ?').get(company.cik) as any;
      if (['ipo', 'spac'].includes(deal.dealType)) {
        expect(calendar, deal.id).toMatchObject({ deal_type: deal.dealType, offer_price: company.consensus.offerPrice, listing_date: company.consensus.listingDate });
        if (deal.exchange !== undefined) expect([deal.exchange, null], deal.id).toContain(calendar.exchange);
      } else expect(calendar, deal.id).toBeUndefined();

      const outcome = sample.db.prepare('SELECT offer_price, listing_date FROM ipo_outcomes WHERE cik = ?').get(company.cik) as any;
      if (outcome) expect(outcome, deal.id).toEqual({ offer_price: deal.offerPrice ?? company.consensus.offerPrice, listing_date: company.consensus.listingDate });
    }
  });

  it('the published quarterly review of 2014 Q2 gives each golden IPO it names its true offer price', async () => {
    const res = await sample.api.get('/api/v1/articles?limit=100', { key: null });
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: Array<{ sourceKind: string; url: string; title: string }> };
    const review = items.find((a) => a.sourceKind === 'quarterly_review' && /2014/.test(a.title) && /Q2|second quarter/i.test(a.title))!;
    expect(review).toBeDefined();
    const page = await sample.api.get(new URL(review.url).pathname, { key: null });
    expect(page.status).toBe(200);
    const html = await page.text();
    const inQuarter = GOLDEN_DEALS.filter((d) => d.listingDate !== undefined && d.listingDate >= '2014-04-01' && d.listingDate <= '2014-06-30');
    expect(inQuarter.length).toBeGreaterThan(0);
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const named = inQuarter.filter((d) => text.includes(`( ${d.id} )`));
    // GoPro had the quarter's best first day: the review names it.
    expect(named.map((d) => d.id)).toContain('GPRO');
    for (const deal of named) {
      const after = text.slice(text.indexOf(`( ${deal.id} )`), text.indexOf(`( ${deal.id} )`) + 80);
      expect(after, deal.id).toContain(`offered at ${price(deal.offerPrice!)}`);
    }
  });
});
