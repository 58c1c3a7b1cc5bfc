/**
 * An IPO the vendor lists under a foreign issuer's over-the-counter symbol (four letters and FINRA's
 * fifth letter F) is served under the SEC's symbol of the company, else none, and that symbol is never
 * held from the IPO day: on the real bundled Bloomberg rows and the SEC's company_tickers.json.
 */
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../schema/api/types.ts';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import type { TickerHint } from '../offering/filing.facts.ts';
import { companyIdentity } from './company.derive.ts';
import { deriveRows, type CompanyInputs } from './company-rows.derive.ts';
import { vendorCompanyId, vendorOnlyFacts } from './vendor-company.derive.ts';
import { exchangeListingSymbol } from './vendor-symbol.derive.ts';
import { isForeignOverTheCounterSymbol } from '../offering/vendor-deal-type.derive.ts';

const OBSERVED = '2026-01-02T00:00:00Z';
const TODAY = '2026-01-02';
const table = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => r.country === 'US');
const row = (symbol: string) => table.find((r) => r.bloombergTicker === `${symbol} US`)!;
const secFile = Object.values(JSON.parse(readSample('edgar/company_tickers.json.gz')) as Record<string, { cik_str: number; ticker: string; title: string }>);

/** The company's rows of the SEC's company_tickers.json, in the file's order (its primary class first). */
function hintsOf(cik: string): TickerHint[] {
  return secFile.filter((e) => e.cik_str === Number(cik)).map((e) => ({ ticker: e.ticker, title: e.title, exchange: null }));
}

/** An EDGAR company known from its company_tickers.json rows, with the vendor row of its IPO joined. */
function joined(cik: string, symbol: string): CompanyInputs {
  const hints = hintsOf(cik);
  const facts = vendorOnlyFacts(cik, null, OBSERVED);
  return {
    facts, filings: [], hints, identity: companyIdentity(facts, [], hints), documents: [], snapshot: null,
    vendorRows: [{ row: row(symbol), observedAt: OBSERVED }], bars: new Map(), news: [], today: TODAY,
  };
}

function served(input: CompanyInputs) {
  const rows = deriveRows(input)!;
  return {
    outcome: JSON.parse(rows.outcomes[0].json) as ApiOutcome,
    tickers: rows.company.tickers.map((t) => [t.ticker, t.held_since, t.is_current]),
    calendar: rows.calendar.map((e) => e.ticker),
  };
}

describe('a foreign issuer\'s over-the-counter symbol', () => {
  it('is four letters and a fifth-letter F; a four-letter symbol ending in F and longer unit notations are not', () => {
    expect(['LCWUF', 'SYCRF', 'CSTAF', 'BLUVF'].map(isForeignOverTheCounterSymbol)).toEqual([true, true, true, true]);
    // An ADR's fifth-letter Y: the Bloomberg export's only two (Renren's 2011 NYSE IPO as Moatable's MTBLY, Renalytix's 2020 Nasdaq RNLX as RNLXY).
    expect(['MTBLY', 'RNLXY'].map(isForeignOverTheCounterSymbol)).toEqual([true, true]);
    expect(['FIVF', 'LCW-UN', 'SLAMU', 'F', 'IVCBF1'].map(isForeignOverTheCounterSymbol)).toEqual([false, false, false, false, false]);
  });

  it('the SEC\'s units stand in, in the notation the vendor\'s NYSE units are served in; else its common stock; never a warrant nor another over-the-counter symbol', () => {
    expect(exchangeListingSymbol(hintsOf('0001847577').map((h) => h.ticker))).toBe('LCW-U');
    expect(exchangeListingSymbol(hintsOf('0001838162').map((h) => h.ticker))).toBe('SLAMU');
    expect(exchangeListingSymbol(hintsOf('0001882963').map((h) => h.ticker))).toBe('AIB');
    expect(exchangeListingSymbol(hintsOf('0001834032').map((h) => h.ticker))).toBeNull();
    expect(exchangeListingSymbol([])).toBeNull();
  });

  it('Learn CW (Bloomberg LCWUF, 2021-10-08; the SEC lists LCW, LCW-UN, LCW-WT): its IPO listed as LCW-U, and LCWUF is held from no day', () => {
    const { outcome, tickers, calendar } = served(joined('0001847577', 'LCWUF'));
    expect(outcome).toMatchObject({ ticker: 'LCW-U', tradingStartDate: '2021-10-08' });
    expect(tickers).toContainEqual(['LCWUF', null, 0]);
    expect(tickers.filter(([, since]) => since !== null)).toEqual([]);
    expect(calendar.every((t) => t === 'LCW-U')).toBe(true);
  });

  it('Slam (SLMUF; SEC SLAMU) listed as SLAMU; Chain Bridge I (CBGGF; SEC CBRG, CBRGU) as CBRGU', () => {
    expect(served(joined('0001838162', 'SLMUF')).outcome.ticker).toBe('SLAMU');
    expect(served(joined('0001845149', 'CBGGF')).outcome.ticker).toBe('CBRGU');
  });

  it('Constellation Acquisition I (CSTUF; the SEC lists only CSTAF, over the counter too): no symbol of the listing is known', () => {
    const { outcome, tickers } = served(joined('0001834032', 'CSTUF'));
    expect(outcome.ticker).toBeNull();
    expect(tickers.filter(([, since]) => since !== null)).toEqual([]);
  });

  it('Syncora (SYCRF, 2006-08-02, listed on NYSE as SCA), known only from the vendor row: no symbol of the listing is known', () => {
    const r = row('SYCRF');
    const input: CompanyInputs = {
      facts: vendorOnlyFacts(vendorCompanyId(r)!, r.issuer, OBSERVED), filings: [], hints: [], snapshot: null, documents: [], news: [], today: TODAY,
      identity: { name: r.issuer, tickerHint: null, exchangeHint: null, allTickers: [], hintTitles: [] },
      vendorRows: [{ row: r, observedAt: OBSERVED }], bars: new Map(),
    };
    const { outcome, tickers, calendar } = served(input);
    expect(outcome.ticker).toBeNull();
    expect(tickers).toEqual([['SYCRF', null, 0]]);
    // Its lock-up and quiet period are the listing's: no symbol either, not the company's SYCRF.
    expect(calendar.length).toBeGreaterThan(0);
    expect(calendar.every((t) => t === null)).toBe(true);
  });
});
