import { padCik } from '../../schema/cik.ts';
import { UnreadableEventError } from './unreadable.ts';
import type { StoredEvent } from '../../schema/events/event-log.ts';
import { IPO_TABLE_LAYOUTS, type DailyBarsMeta, type IpoRowPayload } from '../../schema/events/event-types.ts';
import type { DocumentStore } from './documents.store.ts';
import type { MarketStore } from './market.store.ts';
import type { EdgarStore } from './edgar.store.ts';
import { vendorCompanyId } from '../company/vendor-company.derive.ts';
import { edgarNamedFrom, withSameIpoRows } from './company-inputs.load.ts';
import { vendorNameKeys } from '../common/company-name.ts';
import { BarsParseError, parseStooqCsv, parseYahooChart, parseDailyBars, type DailyBar } from '../market/bars.parse.ts';
import { deriveFinancialSnapshot, type XbrlCompanyFacts } from '../extract/financials/xbrl-snapshot.derive.ts';
import type { IpoTableRow } from '../market/ipo-table.parse.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';


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
  return { ticker: row.ticker, ciks: mayOwn(state, edgar, [{ row, observedAt: event.observedAt }]) };
}

/**
 * The companies the IPOs of `rows` may be served under: whoever the rows, or other tables' rows of
 * the same IPOs, may join (vendor-company.derive.ts), and the companies they are when they join nobody.
 */
export function mayOwn(state: MarketStore, edgar: EdgarStore, rows: readonly StoredIpoRow[]): string[] {
  const all = withSameIpoRows(state, rows).map((r) => r.row);
  const named = [...new Set(all.flatMap((r) => vendorNameKeys(r.issuer)))].flatMap((key) => edgar.ciksNamed(key)).concat(all.flatMap((r) => edgarNamedFrom(edgar, r.issuer)));
  const carrying = [...new Set(all.map((r) => r.ticker))].flatMap((ticker) => [...state.ciksWithTicker(ticker), ...edgar.hintCiks(ticker)]);
  const own = all.flatMap((r) => vendorCompanyId(r) ?? []);
  return [...new Set([...carrying, ...named, ...own])];
}

/**
 * `market.daily_bars`: parsed once and merged into the ticker's series. Returns the ticker and the
 * followed companies carrying it, or null when the series did not change.
 */
export function applyDailyBars(state: MarketStore, edgar: EdgarStore, event: StoredEvent): { ticker: string; ciks: string[] } | null {
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
  return { ticker, ciks: [...new Set([...state.ciksWithTicker(ticker), ...mayOwn(state, edgar, state.ipoRows(ticker))])] };
}

function readIpoRow(payload: unknown): IpoTableRow {
  const p = (payload ?? {}) as Partial<IpoRowPayload>;
  for (const key of ['bloombergTicker', 'ticker', 'issuer'] as const) {
    if (typeof p[key] !== 'string' || (p[key] as string).trim() === '') throw new UnreadableEventError(`ipo row lacks ${key}`);
  }
  for (const key of ['tradeDate', 'ipoDate', 'firstBarDate'] as const) {
    if (p[key] != null && !/^\d{4}-\d{2}-\d{2}$/.test(p[key] as string)) throw new UnreadableEventError(`ipo row has an invalid ${key} ${p[key]}`);
  }
  if (p.layout !== undefined && !IPO_TABLE_LAYOUTS.includes(p.layout)) throw new UnreadableEventError(`ipo row has an unknown layout ${String(p.layout)}`);
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
    // Absent on the rows of Bloomberg exports logged before the fields existed; kept absent then.
    ...(p.layout !== undefined ? { layout: p.layout } : {}),
    ...(p.exchange !== undefined ? { exchange: str(p.exchange) } : {}),
    ...(p.ipoDate !== undefined ? { ipoDate: p.ipoDate ?? null } : {}),
    ...(p.firstBarDate !== undefined ? { firstBarDate: p.firstBarDate ?? null } : {}),
    ...(p.firstBarClose !== undefined ? { firstBarClose: num(p.firstBarClose) } : {}),
    ...(p.priceUnitsDiffer === true ? { priceUnitsDiffer: true } : {}),
  };
}
