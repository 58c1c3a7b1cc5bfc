/**
 * The Yahoo Finance IPO list (data/sample/reference/yahoo_finance_IPOs_2000_2018.csv.gz; columns
 * symbol, company, exchange, date.x, price, currency, actions, date.y, open, close, adjusted,
 * returns, year) → `reference.ipo_row` payloads.
 *
 * The list is worldwide; a row is a US IPO when it traded in dollars on a US market (NYSE, Nasdaq,
 * NYSE American/AMEX, NYSE Arca, Cboe BZX/BATS, the OTC bulletin board) and priced (`actions`;
 * a Filed or Amended row has not priced). Other rows are not read.
 *
 * Two dates: `date.x` is the list's IPO date; `date.y`, `open` and `close` are the first bar of the
 * symbol's price history, which the scrape merged in by symbol (the `.x`/`.y` suffixes are R's
 * merge). That bar is the first trade when it is dated on the IPO date. Much earlier, it is another
 * security's history under a reused symbol (0764.HK's 2005 bar for a 2000 IPO; 2000-01-03, where the
 * scraped history starts, for NWBI's 2009 IPO); later, the history starts after the listing. In
 * both cases the first-trade date and the first-day return are unknown (null) and the row keeps its
 * IPO date. Checked on the bundled tables: of the US rows
 * whose symbol Bloomberg lists within a week, the IPO date is Bloomberg's trade date far more often
 * than a first bar on another day (yahoo-ipo-table.parse.test.ts counts them: 163 of the 170 both tables
list, the other seven a trading day off), so the consensus serves the IPO date as the listing date when nothing
dates the first trade (company/consensus-rules.derive.ts), and says so. The bar itself is kept
 * (`firstBarDate`, `firstBarClose`): a few days off the IPO date it is still evidence of which
 * IPO the row is (company/vendor-same-ipo.derive.ts).
 *
 * One case more is read: a bar one to three days before the IPO date. Either it closes at the offer price
 * to the cent, the quote of the pricing day before any trade, and the IPO date is the first trade
 * (Bloomberg's trade date is the IPO date for all seven such rows it lists: Univar, Viking
 * Therapeutics, Teladoc …); or it closes elsewhere and is the first trade itself, the IPO date a day
 * or more late (Bloomberg's trade date is the bar's for all four it lists: HubSpot, Cotiviti …;
 * Constellation Pharmaceuticals, AzurRx, Secoo and Athenex are read so too). A bar in other units
 * (below) decides neither.
 *
 * A first bar that opens more than a quarter below the offer price is the first day of a history
 * adjusted since (a spin-off, a reverse merger), not the day's prices: ServiceMaster's 2014-06-26
 * bar opens at $11.69 for a $17.00 IPO (69%; Frontdoor was spun off in 2018), Spirit Realty's 2012
 * bar at $7.06 for $15.00 (47%). The lowest real first open among the US rows is Constellation
 * Pharmaceuticals' ($11.48 for $15.00, 77%, closing at $11.50); of the 228 whose bar falls on their
 * IPO date, no other opens below 88% of its offer. Its date is kept (the first trade), its close and
 * return are not.
 *
 * A first bar within a week of the IPO date that closes at more than three times the offer price or
 * under a third of it is quoted in other units than the price: Banco Macro's $2.035 is per Class B
 * share, its first bar ($23.05) per ADS of ten; Grupo Supervielle's $2.20 per share, its bar ($11.50)
 * per ADS of five; Acorn International's $15.50 per ADS and its bar ($143.33) re-based since; so are
 * Capstone Turbine's, Biocept's and Jaguar Animal Health's after reverse splits, GDS's and
 * Envision's. The list says nothing of ADS ratios or splits, so which of the two is the listed
 * security's is unknown: the bar's close and the return go (null), and the row says so
 * (`priceUnitsDiffer`), so that its offer price is not served either (null, rather than a per-share
 * price for an ADS listing). It still joins other rows by it: the number is the vendor's.
 */
import type { IpoRowPayload } from '../../schema/events/event-types.ts';
import { daysBetween } from '../common/dates.ts';
import { dateCell, numberCell, textCell } from './csv.parse.ts';
import { quotedPrice } from './quoted-price.ts';

/** The columns that tell this layout apart (ipo-table.parse.ts reads the header). */
export const YAHOO_COLUMNS = ['symbol', 'company', 'exchange', 'date.x', 'date.y', 'currency'] as const;

/** A bar this many days before the IPO date or fewer is the pricing day's quote or the first trade (see the header). */
const PRICING_BAR_DAYS = 3;
/** A close within a cent of the offer price is at the offer. */
const AT_OFFER = 0.006;

/** A first bar within this many days of the IPO date closing this many times above or below the offer is in other units (see the header). */
const UNITS_WINDOW_DAYS = 7;
const UNITS_RATIO = 3;

/** A first bar opening below this fraction of the offer price is an adjusted history's (see the header). */
const ADJUSTED_OPEN = 0.75;

/** US markets as the list writes them: NYSE, NasdaqGM/GS/CM, NASDQ, AMEX, NYSE MKT/American/Arca, BATS, OTC BB. */
const US_MARKET = /^(nyse|nasdaq|nasdq|amex|bats|otc bb)/i;
/** Dollars: two Nasdaq rows write the currency "US" (China Internet Nationwide's CIFS, InflaRx's IFRX, 2017). */
const US_CURRENCY = new Set(['USD', 'US']);

export function isUsYahooRow(rec: Record<string, string>): boolean {
  return US_CURRENCY.has((rec.currency ?? '').trim()) && US_MARKET.test((rec.exchange ?? '').trim());
}

/** One priced US row of the list; null for any other row, or one without a symbol or IPO date. */
export function parseYahooIpoRecord(rec: Record<string, string>): IpoRowPayload | null {
  const symbol = (rec.symbol ?? '').trim().toUpperCase();
  const ipoDate = dateCell(rec['date.x']);
  if (symbol === '' || ipoDate === null || !isUsYahooRow(rec) || (rec.actions ?? '').trim() !== 'Priced') return null;
  const firstBar = dateCell(rec['date.y']);
  // Prices as quoted (market/quoted-price.ts): the list's floats carry noise (93.889999 for $93.89).
  const offerPrice = quotedPrice(numberCell(rec.price));
  const open = quotedPrice(numberCell(rec.open));
  const close = quotedPrice(numberCell(rec.close));
  const unitsDiffer = offerPrice !== null && close !== null && firstBar !== null && Math.abs(daysBetween(ipoDate, firstBar)) <= UNITS_WINDOW_DAYS && (close > UNITS_RATIO * offerPrice || close * UNITS_RATIO < offerPrice);
  const adjusted = unitsDiffer || (offerPrice !== null && open !== null && open < ADJUSTED_OPEN * offerPrice);
  const tradeDate = firstTradeDate(ipoDate, firstBar, unitsDiffer || offerPrice === null || close === null ? null : Math.abs(close - offerPrice) < AT_OFFER);
  // The list's return is the bar's close on the offer: the first day's only when the bar is the first trade.
  const traded = tradeDate !== null && tradeDate === firstBar;
  const returns = adjusted ? null : numberCell(rec.returns);
  return {
    bloombergTicker: symbol,
    ticker: symbol.replace(/[/.]/g, '-'),
    country: 'US',
    issuer: (rec.company ?? '').trim(),
    offerPrice,
    rangeLow: null,
    rangeHigh: null,
    tradeDate,
    offerToFirstClosePct: traded && returns !== null ? returns * 100 : null,
    offerSizeMillions: null,
    sharesOutstandingMillions: null,
    marketCapAtOfferMillions: null,
    pricedRange: null,
    cusip: null,
    industrySector: null,
    industryGroup: null,
    industrySubgroup: null,
    layout: 'yahoo',
    exchange: textCell(rec.exchange),
    ipoDate,
    // Kept as read: a bar a day before the IPO date may be the first trade under another date (Yahoo
    // dates Biohaven's IPO 2017-05-05, its first bar and Bloomberg's trade date are 2017-05-04);
    // company/vendor-same-ipo.derive.ts decides when it is.
    firstBarDate: firstBar,
    firstBarClose: adjusted ? null : close,
    ...(unitsDiffer ? { priceUnitsDiffer: true } : {}),
  };
}

/**
 * The first trade the row shows (see the header): the bar's day when it is the IPO date; for a bar
 * one to three days earlier, the IPO date when the bar closed at the offer price (`atOffer`), else the
 * bar's day; otherwise unknown. `atOffer` null: the bar's prices say nothing (other units).
 */
function firstTradeDate(ipoDate: string, firstBar: string | null, atOffer: boolean | null): string | null {
  if (firstBar === null) return null;
  if (firstBar === ipoDate) return firstBar;
  const early = daysBetween(firstBar, ipoDate);
  if (early < 1 || early > PRICING_BAR_DAYS || atOffer === null) return null;
  return atOffer ? ipoDate : firstBar;
}
