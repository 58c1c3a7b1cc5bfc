/** deriveConsensus on real submissions, the Bloomberg table, a real prospectus and real daily bars. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import { parseStooqCsv } from '../market/bars.parse.ts';
import { sampleDoc } from '../extract/test-docs.ts';
import { extractTerms } from '../extract/terms.extract.ts';
import { loadSubmissions, type SUBMISSIONS } from '../offering/sample.testkit.ts';
import { deriveOffering } from '../offering/offering.derive.ts';
import { deriveConsensus, type VendorRow } from './consensus-rules.derive.ts';
import { companyListingExchange } from './consensus.derive.ts';

const SAMPLE = fileURLToPath(new URL('../../data/sample/', import.meta.url));
const bloomberg = parseIpoTable(gunzipSync(readFileSync(`${SAMPLE}reference/bloomberg_ipo_data_2000_2025.csv.gz`)).toString('utf8'));
const row = (ticker: string): IpoTableRow => bloomberg.find((r) => r.ticker === ticker && r.country === 'US')!;
const OBSERVED = '2026-01-02T00:00:00Z';
const OBSERVED_LATER = '2026-01-03T00:00:00Z';

/** A real company's exchange at listing as the projector derives it: its offering rules over its submissions. */
function listingExchange(name: keyof typeof SUBMISSIONS) {
  const { company, filings } = loadSubmissions(name);
  const offering = deriveOffering({ facts: company, filings, documents: [], companyName: company.name!, today: '2026-07-01', firstBarDate: null });
  return companyListingExchange({ facts: company, filings, hints: [], offering, vendorRow: null });
}

describe('deriveConsensus', () => {
  const aaoi = row('AAOI');
  const vendor: VendorRow = {
    source: 'bloomberg', ticker: aaoi.ticker, offerPrice: aaoi.offerPrice, rangeLow: aaoi.rangeLow, rangeHigh: aaoi.rangeHigh,
    tradeDate: aaoi.tradeDate, proceeds: aaoi.offerSizeMillions === null ? null : Math.round(aaoi.offerSizeMillions * 1e6), observedAt: OBSERVED,
  };

  it('AAOI IPO: ticker from submissions, exchange from its CERTNAS, listing date from the first bar, price and range from Bloomberg', () => {
    const { company } = loadSubmissions('aaoi');
    const firstBar = parseStooqCsv(readFileSync(`${SAMPLE}prices/window/AAOI.csv`, 'utf8'))[0].date;
    const c = deriveConsensus({
      submissions: { tickers: company.tickers, exchanges: company.exchanges, observedAt: OBSERVED },
      listingExchange: { ...listingExchange('aaoi'), observedAt: OBSERVED },
      vendors: [vendor],
      firstBar: { date: firstBar, observedAt: OBSERVED_LATER },
      observedAt: OBSERVED_LATER,
    });
    expect(c).toMatchObject({ ticker: 'AAOI', exchange: 'Nasdaq', listingDate: '2013-09-26', offerPrice: 10, offerPriceLow: 13, offerPriceHigh: 15, grossProceeds: 41_400_000, totalShares: null });
    expect(c.resolvedAt).toBe(OBSERVED_LATER);
    expect(c.sourceSummary).toEqual({
      submissions: 'tickers AAOI (Nasdaq)',
      exchange: "Nasdaq: CERTNAS 9999999997-13-014625 filed 2013-09-23, the exchange's certification of the listing (the form type names the exchange); 8-A12B 0001104659-13-071526 filed 2013-09-23 registers the class on an exchange it does not name",
      prices: 'first daily bar 2013-09-26',
      bloomberg: 'offer $10.00; range $13.00–$15.00; ticker AAOI; trade date 2013-09-26',
    });
  });

  it('Unicycive: EDGAR terms supply range and size; the prospectus exchange name and the submissions one both stay visible', () => {
    const { company } = loadSubmissions('unicycive');
    const terms = extractTerms(sampleDoc('unicycive')).terms;
    const c = deriveConsensus({
      edgar: { accessionNumber: '0001213900-21-035033', formType: 'S-1/A', terms, observedAt: OBSERVED },
      submissions: { tickers: company.tickers, exchanges: company.exchanges, observedAt: OBSERVED_LATER },
      listingExchange: { ...listingExchange('unicycive'), observedAt: OBSERVED_LATER },
      observedAt: OBSERVED_LATER,
    });
    expect(c).toMatchObject({ ticker: 'UNCY', exchange: 'Nasdaq', offerPrice: null, offerPriceLow: 5, offerPriceHigh: 6, totalShares: 4_550_000 });
    expect(c.sourceSummary.edgar).toBe('S-1/A 0001213900-21-035033: range $5.00–$6.00; 4,550,000 shares; ticker UNCY; exchange Nasdaq Capital Market');
    expect(c.resolvedAt).toBe(OBSERVED_LATER);
  });
});

describe('deriveConsensus: the shares served stand on the document of the price and proceeds', () => {
  const terms = extractTerms(sampleDoc('unicycive')).terms;
  const edgar = { accessionNumber: '0001213900-21-035033', formType: 'S-1/A', terms, observedAt: OBSERVED };
  // Unicycive is in Bloomberg's raw 2021 export, not the consolidated table.
  const uncy = parseIpoTable(gunzipSync(readFileSync(`${SAMPLE}reference/bloomberg_raw_2021.csv.gz`)).toString('utf8')).find((r) => r.ticker === 'UNCY')!;
  const vendor: VendorRow = {
    source: 'bloomberg', ticker: uncy.ticker, offerPrice: uncy.offerPrice, rangeLow: uncy.rangeLow, rangeHigh: uncy.rangeHigh, tradeDate: uncy.tradeDate,
    proceeds: Math.round(uncy.offerSizeMillions! * 1e6), proceedsBasis: 'vendor_offer_size', observedAt: OBSERVED,
  };

  it("Unicycive: beside Bloomberg's $5.00 and $25.0M the preliminary S-1/A's 4,550,000 units are another deal's size: no count is served", () => {
    expect(terms.totalSharesOffered).toBe(4_550_000);
    expect([uncy.offerPrice, uncy.offerSizeMillions]).toEqual([5, 25]);
    const c = deriveConsensus({ edgar, vendors: [vendor], observedAt: OBSERVED });
    expect(c).toMatchObject({ offerPrice: 5, grossProceeds: 25_000_000, grossProceedsBasis: 'vendor_offer_size', totalShares: null });
    // What the S-1/A said stays visible.
    expect(c.sourceSummary.edgar).toContain('4,550,000 shares');
  });

  it('a deal in registration keeps its prospectus\'s shares beside its range, and so does a final prospectus beside a vendor row', () => {
    expect(deriveConsensus({ edgar, observedAt: OBSERVED }).totalShares).toBe(4_550_000);
    // The same document read as the final prospectus: its price, its shares (the vendor's size stays the proceeds it lacks).
    const final = deriveConsensus({ edgar: { ...edgar, formType: '424B4', terms: { ...terms, offeringPrice: 5 } }, vendors: [vendor], observedAt: OBSERVED });
    expect(final).toMatchObject({ offerPrice: 5, totalShares: 4_550_000 });
  });
});

describe('deriveConsensus: the basis of the gross proceeds it serves', () => {
  it('a prospectus\'s stated total is its base deal (Imunon\'s 424B5 cover), and it wins over a vendor\'s size with the over-allotment', () => {
    const terms = extractTerms(sampleDoc('imunon')).terms;
    expect(terms.grossProceeds).toBe(7_000_040.63);
    const edgar = { accessionNumber: '0001493152-25-029712', formType: '424B5', terms, observedAt: OBSERVED };
    const twtr = row('TWTR');
    const vendor: VendorRow = {
      source: 'bloomberg', ticker: twtr.ticker, offerPrice: twtr.offerPrice, rangeLow: null, rangeHigh: null, tradeDate: twtr.tradeDate,
      proceeds: 2_093_000_000, proceedsBasis: 'vendor_offer_size', observedAt: OBSERVED,
    };
    expect(deriveConsensus({ edgar, observedAt: OBSERVED })).toMatchObject({ grossProceeds: 7_000_040.63, grossProceedsBasis: 'base_deal' });
    expect(deriveConsensus({ vendors: [vendor], observedAt: OBSERVED })).toMatchObject({ grossProceeds: 2_093_000_000, grossProceedsBasis: 'vendor_offer_size' });
    expect(deriveConsensus({ edgar, vendors: [vendor], observedAt: OBSERVED })).toMatchObject({ grossProceeds: 7_000_040.63, grossProceedsBasis: 'base_deal' });
    // No proceeds, no basis (Unicycive\'s S-1/A states a range only: an estimate, never grossProceeds).
    const uncy = { accessionNumber: '0001213900-21-035033', formType: 'S-1/A', terms: extractTerms(sampleDoc('unicycive')).terms, observedAt: OBSERVED };
    expect(deriveConsensus({ edgar: uncy, observedAt: OBSERVED })).toMatchObject({ grossProceeds: null, grossProceedsBasis: null });
  });
});

describe('deriveConsensus: a listing dated only by the list\'s IPO date', () => {
  const yahoo = parseIpoTable(gunzipSync(readFileSync(`${SAMPLE}reference/yahoo_finance_IPOs_2000_2018.csv.gz`)).toString('utf8'));
  // Calyxt: the Yahoo list's CLXT, IPO 2017-07-20, whose first bar (2017-07-05) is another day's: no first trade dated.
  const clxt = yahoo.find((r) => r.ticker === 'CLXT')!;
  const vendor: VendorRow = { source: 'vendor_ipo_table', ticker: clxt.ticker, offerPrice: clxt.offerPrice, rangeLow: null, rangeHigh: null, tradeDate: clxt.tradeDate, ipoDate: clxt.ipoDate, observedAt: OBSERVED };

  it('serves the IPO date as the listing date, and the source summary says it is the list\'s IPO date (Calyxt, CLXT)', () => {
    expect([clxt.tradeDate, clxt.ipoDate, clxt.firstBarDate]).toEqual([null, '2017-07-20', '2017-07-05']);
    const c = deriveConsensus({ vendors: [vendor], observedAt: OBSERVED });
    expect(c.listingDate).toBe('2017-07-20');
    expect(c.sourceSummary.vendor_ipo_table).toBe('offer $8.00; ticker CLXT; IPO date 2017-07-20, served as the listing date (no first trade dated: its first bar is another day\'s)');
  });

  it('a first bar, a vendor trade date or the expected first trade wins over it, and the summary then says nothing of it', () => {
    const c = deriveConsensus({ vendors: [vendor], firstBar: { date: '2017-07-21', observedAt: OBSERVED }, observedAt: OBSERVED });
    expect(c.listingDate).toBe('2017-07-21');
    expect(c.sourceSummary.vendor_ipo_table).toBe('offer $8.00; ticker CLXT');
    expect(deriveConsensus({ vendors: [vendor], expectedFirstTradeDate: { date: '2017-07-21', observedAt: OBSERVED }, observedAt: OBSERVED }).listingDate).toBe('2017-07-21');
  });
});

describe('companyListingExchange: the listing is the IPO deal that priced', () => {
  it('Learn CW: its SPAC IPO of 2021, certified by NYSE; Vincerx and Solidion: their SPAC IPOs, certified by Nasdaq', () => {
    expect(listingExchange('learncw')).toMatchObject({ exchange: 'NYSE', summary: expect.stringContaining('CERT 0000876661-21-001450 filed 2021-10-07') });
    expect(listingExchange('vincerx')).toMatchObject({ exchange: 'Nasdaq', summary: expect.stringContaining('CERT 0001354457-20-000110 filed 2020-03-05') });
    expect(listingExchange('solidion')).toMatchObject({ exchange: 'Nasdaq', summary: expect.stringContaining('CERT 0001354457-22-000178 filed 2022-03-10') });
  });

  it('Wolfspeed: no IPO in its filings (its 2021 and 2025 certifications are a transfer and a relisting), so today\'s market, said so', () => {
    expect(listingExchange('wolfspeed')).toEqual({ exchange: 'NYSE', summary: "NYSE: the submissions page, today's market, not necessarily the one it listed on" });
  });
});
