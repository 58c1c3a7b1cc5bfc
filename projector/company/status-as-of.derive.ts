/**
 * The date a company's status is as of (`statusAsOf`, ipo_calendar's `status_as_of`) and what it is the
 * date of: the latest date of any evidence the data holds about the company, the evidence of its end
 * included.
 *   no end, or an end a filing dates   the newest of its filings, its last daily bar and its vendor rows'
 *                                      trade dates, or a vendor row's stated IPO date when the row has no
 *                                      trade date (a Yahoo row whose first bar is another security's:
 *                                      CyberArk, Venator, Northwest Bancshares). A listing whose only
 *                                      evidence is its IPO day is listed as of that day: nothing later is
 *                                      in the data (a SPAC that combined or liquidated since, a
 *                                      take-private whose filings the data lacks). An end's own date,
 *                                      when later, is evidence of it: the status is as of no day
 *                                      before it took effect (a combination the submissions page's
 *                                      former names date: sec_submissions).
 *   an end the SEC's ticker file shows the day the data first saw company_tickers.json list the symbol
 *                                      (BIOCQ for Biocept), or a later filing or bar: the file is
 *                                      evidence of that day, not of the IPO's. A symbol only a submissions
 *                                      page lists: the data keeps no date of its observation, so null.
 *   an overlay of the clock            the first day its rule held (`inactivity`: dormant on the 271st day
 *   (dormant, stale, postponed)        after the last registration activity, lifecycle.derive.ts
 *                                      overlaySince), or later evidence: dormancy is no filing's news,
 *                                      and UTime's F-1 of 2020-03-18 was just filed that day.
 *   an idle registration the SEC's     the day the data first saw company_tickers.json list the symbol
 *   ticker file shows listed           (`sec_ticker_file`; ticker-file-listing.derive.ts), or later evidence.
 *   an end a vendor row shows          null: Bloomberg's export names issuers and symbols as of the day it
 *                                      was taken, and states no such day (its newest trade date bounds it
 *                                      from below only; the import's time is when the data read it). The
 *                                      status is as of a day after the company's other evidence.
 * Dates are YYYY-MM-DD; null when nothing is dated.
 */
import type { ApiLifecycleEnd } from '../../schema/api/types.ts';
import type { StatusAsOfSource } from '../../schema/api/vocabulary.ts';
import type { StoredBars, StoredIpoRow } from '../market/market.facts.ts';
import type { KnownFiling, TickerHint } from '../offering/filing.facts.ts';

export interface StatusEvidence {
  filings: readonly Pick<KnownFiling, 'filingDate'>[];
  bars: Pick<StoredBars, 'bars'> | null;
  vendorRows: readonly StoredIpoRow[];
  /** The company's end in force as served (served-end.derive.ts), null when it has none. */
  end: ApiLifecycleEnd | null;
  /** The SEC's current tickers of the company, primary first: the symbol an undated EDGAR end reads. */
  currentTickers: readonly string[];
  /** company_tickers.json's rows of the company, with when the data first saw them as they are. */
  hints: readonly TickerHint[];
  /** The first day the served status's overlay held (dormant, stale, postponed: lifecycle.derive.ts overlaySince), when the status is one. */
  overlaySince?: string | null;
  /** The ticker file's listing that overtook an idle registration (ticker-file-listing.derive.ts), when the status is it. */
  tickerFileListing?: { observedOn: string } | null;
}

export interface StatusAsOf {
  date: string | null;
  source: StatusAsOfSource | null;
}

/** See the header. */
export function statusAsOf(e: StatusEvidence): StatusAsOf {
  const latest = latestEvidence(e);
  const end = e.end;
  if (end === null && e.tickerFileListing) return later(latest, { date: e.tickerFileListing.observedOn, source: 'sec_ticker_file' });
  if (end === null && e.overlaySince) return later(latest, { date: e.overlaySince, source: 'inactivity' });
  if (end === null) return latest;
  // The end's own date is evidence of it (a combination the submissions page's former names date, a
  // delisting effective after its Form 25): the status is as of no day before it took effect.
  if (end.date !== null) return later(latest, { date: end.date, source: end.accessionNumber !== null ? 'filing' : 'sec_submissions' });
  if (end.source === 'vendor') return { date: null, source: 'vendor_export' };
  const symbol = e.currentTickers[0] ?? null;
  const seen = e.hints.find((h) => h.ticker === symbol)?.observedAt?.slice(0, 10) ?? null;
  if (seen === null) return { date: null, source: 'sec_submissions' };
  return latest.date !== null && latest.date > seen ? latest : { date: seen, source: 'sec_ticker_file' };
}

/** The later of two dates, the evidence first on a tie (a status as of its own day is as of that evidence too). */
function later(evidence: StatusAsOf, status: { date: string; source: StatusAsOfSource }): StatusAsOf {
  return evidence.date !== null && evidence.date >= status.date ? evidence : status;
}

/** The newest filing, last daily bar or vendor trade (else IPO) date; a filing first on a tie, then a bar. */
export function latestEvidence(e: Pick<StatusEvidence, 'filings' | 'bars' | 'vendorRows'>): StatusAsOf {
  const dated: Array<[string | null | undefined, StatusAsOfSource]> = [
    ...e.filings.map((f): [string, StatusAsOfSource] => [f.filingDate, 'filing']),
    [e.bars?.bars[e.bars.bars.length - 1]?.date, 'daily_bar'],
    ...e.vendorRows.map((r): [string | null, StatusAsOfSource] =>
      r.row.tradeDate !== null ? [r.row.tradeDate, 'vendor_trade_date'] : [r.row.ipoDate ?? null, 'vendor_ipo_date']),
  ];
  let best: StatusAsOf = { date: null, source: null };
  for (const [date, source] of dated) if (date && (best.date === null || date > best.date)) best = { date, source };
  return best;
}
