/**
 * Registrations idle by the clock, of companies known only from the real daily indexes (2020-03-18,
 * 2022-10-03), with the SEC's real company_tickers.json rows as the projector's ticker hints: a
 * status of the clock is dated by the clock, and a registrant the ticker file lists has listed.
 */
import { describe, expect, it } from 'vitest';
import type { ApiOffering } from '../../schema/api/types.ts';
import { parseCompanyTickers } from '../../schema/edgar/company-tickers.parse.ts';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { readSample } from '../common/sample.testkit.ts';
import type { KnownFiling, TickerHint } from '../offering/filing.facts.ts';
import { companyIdentity } from './company.derive.ts';
import { deriveRows } from './company-rows.derive.ts';
import { vendorOnlyFacts } from './vendor-company.derive.ts';
import { deriveOffering } from '../offering/offering.derive.ts';
import { tickerFileListing, withTickerFileListing } from './ticker-file-listing.derive.ts';

const TODAY = '2026-01-15';
/** The day the data first saw company_tickers.json list the company's rows. */
const SEEN = '2026-01-10T08:00:00.000Z';

const entries = [
  ...parseEdgarIndex(readSample('edgar/index/form.20200318.idx.gz'), 'form').entries,
  ...parseEdgarIndex(readSample('edgar/index/company.20221003.idx.gz'), 'company').entries,
];
const tickerFile = parseCompanyTickers(readSample('edgar/company_tickers.json.gz'));

/** The company as the demo serves it: its index rows, and (unless left out) its ticker file rows. */
function served(cik: string, withTickerFile = true) {
  const filings: KnownFiling[] = entries.filter((e) => e.cik === cik).map((r) => ({
    accessionNumber: r.accessionNumber, cik, formType: r.formType, filingDate: r.dateFiled, fileNumber: null, primaryDocument: null,
    acceptanceDateTime: null, companyName: r.companyName, source: 'index',
  }));
  const hints: TickerHint[] = withTickerFile ? tickerFile.filter((t) => t.cik === cik).map((t) => ({ ticker: t.ticker, title: t.title, exchange: null, observedAt: SEEN })) : [];
  const facts = vendorOnlyFacts(cik, null, SEEN);
  const rows = deriveRows({ facts, filings, hints, identity: companyIdentity(facts, filings, hints), documents: [], snapshot: null, vendorRows: [], bars: new Map(), news: [], today: TODAY })!;
  const current = (JSON.parse(rows.company.row.offerings_json) as ApiOffering[]).find((o) => o.isCurrent)!;
  return { row: rows.company.row, current };
}

describe('a status of the clock is as of the day its rule first held', () => {
  it('UTime (DRS, DRS/A, F-1 released 2020-03-18): dormant since 2020-12-14, the 271st day after its F-1, not as of the F-1 it had just filed', () => {
    const { row, current } = served('0001789299', false);
    expect(row.offering_status).toBe('dormant');
    expect(current).toMatchObject({ status: 'dormant', statusAsOf: '2020-12-14', statusAsOfSource: 'inactivity', lastFilingDate: '2020-03-18' });
  });

  it('Innovation Beverage (F-1/A of 2022-10-03, in no SEC ticker file): dormant since 2023-07-01', () => {
    const { row, current } = served('0001924482');
    expect(row.offering_status).toBe('dormant');
    expect(current).toMatchObject({ statusAsOf: '2023-07-01', statusAsOfSource: 'inactivity' });
  });
});

describe('an idle registration whose company the SEC ticker file lists today has listed, on a day the data does not hold', () => {
  /** The company's current deal as the offering rules leave it, and its ticker file rows seen on `seen`. */
  function listingOf(cik: string, seen = SEEN) {
    const filings: KnownFiling[] = entries.filter((e) => e.cik === cik).map((r) => ({
      accessionNumber: r.accessionNumber, cik, formType: r.formType, filingDate: r.dateFiled, fileNumber: null, primaryDocument: null,
      acceptanceDateTime: null, companyName: r.companyName, source: 'index',
    }));
    const facts = vendorOnlyFacts(cik, null, SEEN);
    const offering = deriveOffering({ facts, filings, documents: [], companyName: filings[0].companyName!, today: TODAY, firstBarDate: null, historyKnown: false });
    const hints: TickerHint[] = tickerFile.filter((t) => t.cik === cik).map((t) => ({ ticker: t.ticker, title: t.title, exchange: null, observedAt: seen }));
    const listing = tickerFileListing(offering.lifecycle.currentDeal, hints);
    return { offering, listing, served: withTickerFileListing(offering, listing) };
  }

  it.each([
    ['UTime Ltd (F-1 2020-03-18; WTO)', '0001789299', 'WTO'],
  ])('%s: listed, as of the day the data saw the file list it', (_name, cik, ticker) => {
    const { offering, listing, served: s } = listingOf(cik);
    expect(offering.lifecycle.offeringStatus).toBe('dormant');
    expect(listing).toEqual({ ticker, observedOn: SEEN.slice(0, 10) });
    expect(s.lifecycle.offeringStatus).toBe('listed');
    expect(s.lifecycle.currentDeal).toMatchObject({ overlay: null, displayStatus: 'listed', servedStatus: 'listed', firstTradeDate: null });
  });

  it.each([
    ['UTime Ltd (F-1 2020-03-18; WTO)', '0001789299', 'WTO'],
  ])('%s: served listed, listing date unknown, as of the day the data saw the file list it', (_name, cik, ticker) => {
    const { row, current } = served(cik);
    expect(row).toMatchObject({ offering_status: 'listed', ticker, listing_date: null });
    expect(current).toMatchObject({ status: 'listed', listingDate: null, statusAsOf: SEEN.slice(0, 10), statusAsOfSource: 'sec_ticker_file' });
  });

  it("not a follow-on, whose company being listed says nothing of the deal (Orgenesis's S-3 of 2020-03-18, ORGS), nor a prospectus alone (LendingClub's 424B3s, LC)", () => {
    for (const cik of ['0001460602', '0001409970']) {
      expect(tickerFile.some((t) => t.cik === cik), cik).toBe(true);
      expect(listingOf(cik).listing, cik).toBeNull();
      expect(served(cik).row.offering_status, cik).toBe('dormant');
    }
  });

  it("not a registration of a type not known, which may register resales or an uplisting of a company already trading (Pagaya's F-1/As, Mitesco's S-1/A; Atour's and Sacks Parente's listings go unseen with them)", () => {
    for (const cik of ['0001883085', '0000802257', '0001853717', '0001934245']) {
      expect(tickerFile.some((t) => t.cik === cik), cik).toBe(true);
      const { offering, listing } = listingOf(cik);
      expect(offering.lifecycle.currentDeal?.dealKind, cik).toBe('unknown');
      expect(listing, cik).toBeNull();
      expect(served(cik).row.offering_status, cik).toBe('dormant');
    }
  });

  it("not from a ticker file seen on or before the registration's last filing: the file speaks of its own day", () => {
    expect(listingOf('0001789299', '2020-03-18T12:00:00.000Z').listing).toBeNull();
    expect(listingOf('0001789299', '2020-03-19T12:00:00.000Z').listing).toEqual({ ticker: 'WTO', observedOn: '2020-03-19' });
  });

  it("not a symbol whose market the data states is over the counter: company_tickers.json names none, so the rule reads company_tickers_exchange.json's market and the submissions page's (UTime's real rows, the market put to the test)", () => {
    const cik = '0001789299';
    const { offering } = listingOf(cik);
    const deal = offering.lifecycle.currentDeal;
    const rows = tickerFile.filter((t) => t.cik === cik);
    const hints = (exchange: string | null): TickerHint[] => rows.map((t) => ({ ticker: t.ticker, title: t.title, exchange, observedAt: SEEN }));
    expect(tickerFileListing(deal, hints('OTC'))).toBeNull();
    expect(tickerFileListing(deal, hints(null), { tickers: ['WTO'], exchanges: ['OTC'] })).toBeNull();
    expect(tickerFileListing(deal, hints('Nasdaq'))).toEqual({ ticker: 'WTO', observedOn: SEEN.slice(0, 10) });
    expect(tickerFileListing(deal, hints(null), { tickers: ['WTO'], exchanges: ['Nasdaq'] })).toEqual({ ticker: 'WTO', observedOn: SEEN.slice(0, 10) });
  });

  it('no company the file does not list (Innovation Beverage)', () => {
    expect(listingOf('0001924482').listing).toBeNull();
  });
});
