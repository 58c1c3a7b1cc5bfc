import { padCik } from '../../schema/cik.ts';
import { UnreadableEventError } from './unreadable.ts';
import type { StoredEvent } from '../../schema/events/event-log.ts';
import type { DailyBarsMeta, IpoRowPayload } from '../../schema/events/event-types.ts';
import type { DocumentStore } from './documents.store.ts';
import type { MarketStore } from './market.store.ts';
import type { EdgarStore } from './edgar.store.ts';
import { vendorCompanyId } from '../company/vendor-company.derive.ts';
import { normalizeCompanyName } from '../common/company-name.ts';
import { BarsParseError, parseStooqCsv, parseYahooChart, parseDailyBars, type DailyBar } from '../market/bars.parse.ts';
import { deriveFinancialSnapshot, type XbrlCompanyFacts } from '../extract/financials/xbrl-snapshot.derive.ts';
import type { IpoTableRow } from '../market/ipo-table.parse.ts';


/** `edgar.companyfacts`: the snapshot is derived once here; `extractedAt` is when the facts were observed. */
export function applyCompanyFacts(state: DocumentStore, event: StoredEvent): string | null {
  if (!/^\d{1,10}$/.test(event.subject)) throw new UnreadableEventError(`companyfacts subject ${event.subject} is not a CIK`);
  const body = event.body();
  if (!body) throw new UnreadableEventError('companyfacts event carries no body');
  let doc: XbrlCompanyFacts;
  try {
    doc = JSON.parse(body.toString('utf8')) as XbrlCompanyFacts;
  } catch {
    throw new UnreadableEventError('companyfacts body is not JSON');
  }
  const cik = padCik(event.subject);
  return state.putSnapshot(cik, deriveFinancialSnapshot(doc, event.observedAt), event.observedAt) ? cik : null;
}

/**
 * `reference.ipo_row`: stored by ticker; the rows are linked to companies when those are derived.
 * Returns its ticker and the followed companies carrying it, or null when the row changed nothing.
 */
export function applyIpoRow(state: MarketStore, edgar: EdgarStore, event: StoredEvent): { ticker: string; ciks: string[] } | null {
  const row = readIpoRow(event.payload);
  if (!state.putIpoRow(row, event.observedAt)) return null;
  // Whoever the row may join (vendor-company.derive.ts), and the company it is when it joins nobody.
  const named = edgar.ciksNamed(normalizeCompanyName(row.issuer));
  const own = vendorCompanyId(row);
  return { ticker: row.ticker, ciks: [...state.ciksWithTicker(row.ticker), ...named, ...(own ? [own] : [])] };
}

/**
 * `market.daily_bars`: parsed once and merged into the ticker's series. Returns the ticker and the
 * followed companies carrying it, or null when the series did not change.
 */
export function applyDailyBars(state: MarketStore, event: StoredEvent): { ticker: string; ciks: string[] } | null {
  const meta = event.meta as Partial<DailyBarsMeta>;
  const ticker = (typeof meta.ticker === 'string' ? meta.ticker : event.subject).trim().toUpperCase();
  if (ticker === '') throw new UnreadableEventError('daily bars event names no ticker');
  const body = event.body();
  if (!body) throw new UnreadableEventError('daily bars event carries no body');
  let bars: DailyBar[];
  try {
    const text = body.toString('utf8');
    bars = meta.format === 'stooq_csv' ? parseStooqCsv(text) : meta.format === 'yahoo_chart' ? parseYahooChart(text) : parseDailyBars(text).bars;
  } catch (error) {
    if (error instanceof BarsParseError || error instanceof SyntaxError) throw new UnreadableEventError(`daily bars: ${error.message}`);
    throw error;
  }
  const adjusted = typeof meta.adjusted === 'boolean' ? meta.adjusted : null;
  if (!state.mergeBars(ticker, bars, adjusted, event.observedAt)) return null;
  // A vendor company under the ticker is listed by these bars as much as an EDGAR one.
  const vendorIds = state.ipoRows(ticker).flatMap((r) => vendorCompanyId(r.row) ?? []);
  return { ticker, ciks: [...state.ciksWithTicker(ticker), ...vendorIds] };
}

function readIpoRow(payload: unknown): IpoTableRow {
  const p = (payload ?? {}) as Partial<IpoRowPayload>;
  for (const key of ['bloombergTicker', 'ticker', 'issuer'] as const) {
    if (typeof p[key] !== 'string' || (p[key] as string).trim() === '') throw new UnreadableEventError(`ipo row lacks ${key}`);
  }
  if (p.tradeDate != null && !/^\d{4}-\d{2}-\d{2}$/.test(p.tradeDate)) throw new UnreadableEventError(`ipo row has an invalid trade date ${p.tradeDate}`);
  const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
  return {
    bloombergTicker: p.bloombergTicker as string,
    ticker: (p.ticker as string).toUpperCase(),
    country: typeof p.country === 'string' ? p.country : '',
    issuer: p.issuer as string,
    offerPrice: num(p.offerPrice),
    rangeLow: num(p.rangeLow),
    rangeHigh: num(p.rangeHigh),
    tradeDate: p.tradeDate ?? null,
    offerToFirstClosePct: num(p.offerToFirstClosePct),
    offerSizeMillions: num(p.offerSizeMillions),
    sharesOutstandingMillions: num(p.sharesOutstandingMillions),
    marketCapAtOfferMillions: num(p.marketCapAtOfferMillions),
    pricedRange: str(p.pricedRange),
    cusip: str(p.cusip),
    industrySector: str(p.industrySector),
    industryGroup: str(p.industryGroup),
    industrySubgroup: str(p.industrySubgroup),
  };
}
