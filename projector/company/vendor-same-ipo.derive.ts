/**
 * Whether two vendor IPO rows (Bloomberg's, Yahoo's, or two of one table) describe one IPO. They must
 * be dated within SAME_IPO_DAYS of each other, and agree on one of:
 *   1. the symbol, or the symbol and its units' (TPGH and TPGH/U, WRLS and WRLSU), with the same
 *      issuer by name or, when the names differ, at the same offer price. Bloomberg names issuers as
 *      they are now (AGNC Investment Corp for American Capital Agency's 2008 IPO), Yahoo as they were
 *      and abbreviated ("Amer Renal Assoc Hldg Inc"): of the 170 US Yahoo rows whose symbol Bloomberg
 *      lists within a week, 27 differ by name, all at the same price;
 *   2. the same normalised issuer name and offer price under different symbols: Bloomberg lists a
 *      delisted IPO under its last or a placeholder symbol (Torch Offshore as TORCQ, ChipPAC as
 *      3042466Q), and marks a predecessor "/Old" (common/company-name.ts). The names must be equal,
 *      not one the other's start: sibling SPACs price the same day at $10.00 (Gores Technology
 *      Partners and Gores Technology Partners II);
 *   3. for rows of two tables, the same first-trade day, offer price and first close, to the cent,
 *      when the first day moved the price: renamed issuers under new symbols (Yahoo's FB and
 *      Bloomberg's META, UBNT and UI, AMGP and AM). A first close at the offer price tells little:
 *      closed-end funds price at $20.00 and close there, two of them on 2013-02-26 (BlackRock
 *      Multi-Sector, Apollo Tactical Income). Within one table the rows are distinct listings, and
 *      same-day SPAC units and funds at $10.00 or $15.00 share first closes to the cent (BioPlus
 *      and ST Energy Transition, 2021-12-03; three Nuveen municipal funds, 2002-09-26). A Yahoo row
 *      without a first-trade date is dated by its first bar when that bar is within SAME_IPO_DAYS of
 *      its IPO date (Biohaven: IPO date 2017-05-05, first bar and Bloomberg's trade date 2017-05-04);
 *   4. the same CUSIP issuer number (market/cusip.parse.ts), where both rows carry one: Bloomberg
 *      lists NRG Energy's 2000 IPO twice (NRG, and 316623Q as "NRG Energy Inc/Old"), and a SPAC's two
 *      unit series of one IPO as two rows (TPQCU and TPQCZ);
 *   7. two unit series of one issuer, by normalised name, on the same first trading day at any
 *      price: a 2004–2006 blank check's Series A and Series B units, which carry two CUSIP issuer
 *      numbers at times (Good Harbor Partners' GHBAU and GHBBU, 2006-03-10, $8.50 and $10.10;
 *      offering/vendor-deal-type.derive.ts sameDayUnitSeries).
 * Rule 1 also holds for a Yahoo row whose IPO date is off but whose first bar is within SAME_IPO_DAYS
 * of the other row's date, when symbol, issuer name and offer price all agree: Yahoo dates Investors
 * Bancorp's IPO 2005-08-15, its first bar and Bloomberg's trade date are 2005-10-12 and 2005-10-11.
 *
 * And, for two rows of one table:
 *   6. one deal listed twice: rows within SAME_DEAL_DAYS of each other at the same offer price and
 *      the same offer size, one of them under a placeholder symbol (vendor-symbol.derive.ts), where
 *      one issuer's name is the other's with words left out (normalised, in order). Bloomberg lists Ottawa Bancorp's 2016 second-step
 *      conversion ($23.84M at $10.00) under the new holding company (OTTW, 2016-10-12) and under the
 *      old mid-tier company it replaced (1448759D, "Ottawa Savings Bancorp Inc", 2016-08-10). A
 *      mutual holding company's minority IPO and its second step years later are two offerings:
 *      Kearny Financial's of 2005 (9876547D, $218M) and 2015 (KRNY, $717.5M). Equal sizes and prices
 *      are common among SPACs and funds ($230M at $10.00), so the placeholder and the name must agree:
 *      of the placeholder rows of the Bloomberg export, no other pair within SAME_DEAL_DAYS does.
 *      A sponsor's sibling funds of one day are not one: Eaton Vance New Jersey Municipal Bond Fund
 *      (EMJ) and Eaton Vance Insured Florida Plus Municipal Bond Fund (3351124Q), $15.00 on 2002-11-25.
 *      The placeholder row may instead name the issuer by the other row's symbol: Bloomberg lists
 *      Atlas Energy Solutions' IPO of 2023-03-09 ($324M at $18.00) as AESI ("Atlas Energy Solutions
 *      Inc") and as 2310932D ("AESI Holdings Inc", the pre-IPO holding company named for its ticker).
 *      Of the export's placeholder rows, only this one and NRG's (316623Q, "NRG Energy Inc/Old")
 *      carry a word that is the symbol of a row at their price and size within SAME_DEAL_DAYS. The
 *      same day, price and size alone would join other IPOs: AEON Biopharma's placeholder row and
 *      two SPACs' units ($276M at $10.00, 2021-03-04), two sponsors' municipal funds.
 *
 * One more rule needs the other rows of the day, so it is `soleSameDayPairs`, applied by
 * vendor-company.derive.ts's joinVendorRows:
 *   5. a Yahoo row whose IPO date is a Bloomberg row's trade date, at the same offer price, when each
 *      is the other's only such row in the other table and their first closes, where both are
 *      known, agree within SAME_DAY_CLOSE of the offer price. It joins the IPOs that one table names
 *      by a later name under a placeholder or bankruptcy symbol and the other by its name at the
 *      time: EverBank Financial (EVER) and "TIAA FSB Holdings" (1624831D), Fortress Transportation
 *      (FTAI, 9991110D), Sanchez Energy (SN) and Mesquite Energy (SNECQ), ServiceMaster (SERV) and
 *      Terminix (TMX), Selecta Biosciences (SELB) and Cartesian Therapeutics (RNAC). A second row
 *      at that price that day leaves both apart, unless it is under another IPO's unit symbol, which
 *      a SPAC's row keeps (its units stop trading at the combination): Double Eagle Acquisition's
 *      $10.00 units (Yahoo EAGLU) priced on 2015-09-11 with Pace Holdings' (Bloomberg PACEU), so
 *      they are Bloomberg's WillScot row (1566353D), the company Double Eagle became. Closes apart
 *      by more are other IPOs of the day: BEST Inc and
 *      Krystal Biotech, both $10.00 on 2017-09-20, closed 5.2% and 6.4% up; Constellation
 *      Pharmaceuticals' first bar (2017-07-19, $11.50) is not Replimune's first close ($15.16).
 */
import { normalizeCompanyName, sameCompanyName } from '../common/company-name.ts';
import { daysBetween } from '../common/dates.ts';
import { cusipIssuer } from '../market/cusip.parse.ts';
import type { IpoTableRow } from '../market/ipo-table.parse.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import { isPlaceholderSymbol, sameDayUnitSeries } from '../offering/vendor-deal-type.derive.ts';

type Row = StoredIpoRow['row'];

/** Two rows dated this many days apart or fewer may describe one IPO (Yahoo's IPO date and Bloomberg's trade date of one IPO differ by three days at most on the bundled tables). */
export const SAME_IPO_DAYS = 7;

/** Two first closes this close are the same price to the cent (Bloomberg's is read back from its percentage). */
const SAME_CLOSE = 0.006;

/** Rule 6: rows of one table this many days apart or fewer may be one deal listed twice (Ottawa's two rows are 63 days apart). */
export const SAME_DEAL_DAYS = 92;

/** Rule 5: first closes further apart than this fraction of the offer price are two IPOs' (Sanchez Energy's differ by 0.28%, BEST's and Krystal's by 1.2%). */
const SAME_DAY_CLOSE = 0.01;

/** The date a row dates its IPO by: its first trade, else the vendor's IPO date (a Yahoo row whose first bar was rejected). */
export function vendorRowDate(row: Row): string | null {
  return row.tradeDate ?? row.ipoDate ?? null;
}

/**
 * The row's first trading day: its trade date, else (Yahoo) its first bar when that bar is within
 * SAME_IPO_DAYS of the IPO date. A bar further off is another security's or a later history's.
 */
export function firstTradeDay(row: Row): string | null {
  if (row.tradeDate !== null) return row.tradeDate;
  const bar = row.firstBarDate ?? null;
  const ipo = row.ipoDate ?? null;
  return bar !== null && ipo !== null && Math.abs(daysBetween(ipo, bar)) <= SAME_IPO_DAYS ? bar : null;
}

/** The close of the first trading day: Yahoo's bar as read, else Bloomberg's offer-to-first-close return applied to the offer. */
export function firstClose(row: Row): number | null {
  if (firstTradeDay(row) === null) return null;
  if (row.firstBarClose != null) return row.firstBarClose;
  return row.offerPrice !== null && row.offerToFirstClosePct !== null ? row.offerPrice * (1 + row.offerToFirstClosePct / 100) : null;
}

/**
 * The symbols a symbol's IPO may be listed under as units or as the common stock: a fifth letter U
 * on Nasdaq (WRLSU), a `-U` suffix elsewhere (TPGH-U, from Bloomberg's TPGH/U).
 */
export function unitCounterparts(ticker: string): string[] {
  if (ticker.endsWith('-U')) return [ticker.slice(0, -2)];
  if (/^[A-Z]{4}U$/.test(ticker)) return [ticker.slice(0, 4)];
  return /^[A-Z]{4}$/.test(ticker) ? [`${ticker}-U`, `${ticker}U`] : [`${ticker}-U`];
}

/** Where a row's other rows of the same IPO are found: under these symbols, its issuer's name, its first trading day or its CUSIP issuer. */
export interface SameIpoKeys {
  tickers: string[];
  issuerKey: string;
  tradeDay: string | null;
  cusipIssuer: string | null;
  /** Rule 6: its offer price and size (`offerKey`), looked up within SAME_DEAL_DAYS of its date. */
  offerKey: string | null;
}

export function sameIpoLookup(row: Row): SameIpoKeys {
  return {
    tickers: [row.ticker, ...unitCounterparts(row.ticker)],
    issuerKey: normalizeCompanyName(row.issuer),
    tradeDay: firstTradeDay(row),
    cusipIssuer: cusipIssuer(row.cusip),
    offerKey: offerKey(row),
  };
}

/** Whether two rows describe the same IPO (see the header). */
export function sameVendorIpo(a: Row, b: Row): boolean {
  const [da, db] = [vendorRowDate(a), vendorRowDate(b)];
  const samePrice = a.offerPrice !== null && a.offerPrice === b.offerPrice;
  if (da === null || db === null) return false;
  if (sameDealListedTwice(a, b)) return true;
  if (Math.abs(daysBetween(da, db)) > SAME_IPO_DAYS) return samePrice && a.ticker === b.ticker && sameCompanyName(a.issuer, b.issuer) && barDatedNear(a, b);
  if (a.ticker === b.ticker || unitCounterparts(a.ticker).includes(b.ticker)) {
    if (samePrice || sameCompanyName(a.issuer, b.issuer)) return true;
  } else {
    const key = normalizeCompanyName(a.issuer);
    if (samePrice && key !== '' && key === normalizeCompanyName(b.issuer)) return true;
    if (sameDayUnitSeries(a, b)) return true;
  }
  return (samePrice && sameFirstDay(a, b)) || sameCusipIssuer(a, b);
}

/** Rule 3 of the header: rows of two tables, the same first trading day and a first close that moved off the offer, to the cent. */
function sameFirstDay(a: Row, b: Row): boolean {
  if ((a.layout ?? 'bloomberg') === (b.layout ?? 'bloomberg')) return false;
  const day = firstTradeDay(a);
  if (day === null || day !== firstTradeDay(b)) return false;
  const [ca, cb] = [firstClose(a), firstClose(b)];
  if (ca === null || cb === null || Math.abs(ca - cb) >= SAME_CLOSE) return false;
  return Math.abs(ca - a.offerPrice!) >= SAME_CLOSE;
}

function sameCusipIssuer(a: Row, b: Row): boolean {
  const issuer = cusipIssuer(a.cusip);
  return issuer !== null && issuer === cusipIssuer(b.cusip);
}

/**
 * Rule 6 of the header: one table, the same price and offer size within SAME_DEAL_DAYS, a placeholder
 * symbol, and one issuer's name within the other's or the placeholder row named by the other's symbol.
 */
function sameDealListedTwice(a: Row, b: Row): boolean {
  if ((a.layout ?? 'bloomberg') !== (b.layout ?? 'bloomberg') || a.ticker === b.ticker) return false;
  const key = offerKey(a);
  if (key === null || key !== offerKey(b) || !(isPlaceholderSymbol(a.ticker) || isPlaceholderSymbol(b.ticker))) return false;
  const [da, db] = [vendorRowDate(a), vendorRowDate(b)];
  if (da === null || db === null || Math.abs(daysBetween(da, db)) > SAME_DEAL_DAYS) return false;
  if (namedBySymbol(a, b) || namedBySymbol(b, a)) return true;
  // The shorter name's words, in order, within the longer's: "ottawa bancorp" in "ottawa savings bancorp".
  const [wa, wb] = [a, b].map((r) => normalizeCompanyName(r.issuer).split(' ').filter((w) => w !== ''));
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  let at = 0;
  for (const word of long) if (word === short[at]) at++;
  return short.length > 0 && at === short.length;
}

/** A placeholder row whose issuer name holds the other row's symbol as a word ("AESI Holdings Inc" and AESI). */
function namedBySymbol(placeholder: Row, other: Row): boolean {
  if (!isPlaceholderSymbol(placeholder.ticker) || isPlaceholderSymbol(other.ticker)) return false;
  return normalizeCompanyName(placeholder.issuer).split(' ').includes(other.ticker.toLowerCase());
}

/** The offer price and size of a row that states both (rule 6's lookup key); null otherwise. */
export function offerKey(row: Row): string | null {
  return row.offerPrice !== null && row.offerSizeMillions !== null ? `${row.offerPrice}|${row.offerSizeMillions}` : null;
}

/** Whether a row's first bar (Yahoo's) is within SAME_IPO_DAYS of the other row's date or first bar: the extension of rule 1. */
function barDatedNear(a: Row, b: Row): boolean {
  const dates = (r: Row) => [vendorRowDate(r), r.firstBarDate ?? null].filter((d): d is string => d !== null);
  return dates(a).some((x) => dates(b).some((y) => Math.abs(daysBetween(x, y)) <= SAME_IPO_DAYS));
}

/**
 * Rule 5's candidates: a Yahoo and a Bloomberg row dated the same day (Yahoo's IPO date, Bloomberg's
 * trade date) at the same offer price, whose first closes, where both are known, agree within
 * SAME_DAY_CLOSE of it.
 */
export function sameDayCounterpart(a: Row, b: Row): boolean {
  if ((a.layout ?? 'bloomberg') === (b.layout ?? 'bloomberg')) return false;
  const day = vendorRowDate(a);
  if (day === null || day !== vendorRowDate(b) || a.offerPrice === null || a.offerPrice !== b.offerPrice) return false;
  if (otherUnits(a, b) || otherUnits(b, a)) return false;
  const [ca, cb] = [firstClose(a), firstClose(b)];
  return ca === null || cb === null || Math.abs(ca - cb) <= SAME_DAY_CLOSE * a.offerPrice;
}

/**
 * A SPAC's units stop trading at its combination, so their symbol is the IPO's own: a Bloomberg row
 * under unit symbols (PACEU, Pace Holdings' of 2015-09-11) is another IPO than a Yahoo row under
 * other symbols (EAGLU, Double Eagle Acquisition's units of that day).
 */
function otherUnits(bloomberg: Row, yahoo: Row): boolean {
  if (bloomberg.layout === 'yahoo' || !isUnitSymbol(bloomberg.ticker)) return false;
  return yahoo.ticker !== bloomberg.ticker && !unitCounterparts(yahoo.ticker).includes(bloomberg.ticker);
}

const isUnitSymbol = (ticker: string) => /^[A-Z]{4}U$/.test(ticker) || ticker.endsWith('-U');

/**
 * Rule 5: the pairs (indexes into `rows`) that are each other's only same-day counterpart. `rows`
 * must hold every row of the days concerned (withSameIpoRows adds them), or a second row of the day
 * would go unseen.
 */
export function soleSameDayPairs(rows: readonly Row[]): Array<[number, number]> {
  const counterparts = rows.map((a, i) => rows.flatMap((b, j) => (i !== j && sameDayCounterpart(a, b) ? [j] : [])));
  return counterparts.flatMap((c, i) => (c.length === 1 && c[0] > i && counterparts[c[0]].length === 1 ? [[i, c[0]] as [number, number]] : []));
}

/**
 * The unit series of one joined IPO, its own row first. A blank check of 2004–2006 sold two unit series
 * in one IPO, which Bloomberg lists as two rows of one day at two prices, each with its own series' size
 * and first day (Good Harbor Partners: GHBAU $4.89M at $8.50, +9.41%, and GHBBU $53.4M at $10.10,
 * +2.48%; Trinity Partners: TPQCU and TPQCZ). Rows of one table, one trade date and one issuer at
 * different prices are such series; rows at one price are one deal listed twice (NRG Energy, Atlas
 * Energy Solutions) and count once.
 */
export function ipoUnitSeries(ipo: StoredIpoRow): IpoTableRow[] {
  const primary = ipo.row;
  const series = (ipo.sameIpo ?? [])
    .map((r) => r.row)
    .filter(
      (r) =>
        (r.layout ?? 'bloomberg') === (primary.layout ?? 'bloomberg') &&
        r.tradeDate !== null &&
        r.tradeDate === primary.tradeDate &&
        r.offerPrice !== null &&
        primary.offerPrice !== null &&
        r.offerPrice !== primary.offerPrice &&
        r.ticker !== primary.ticker &&
        normalizeCompanyName(r.issuer) === normalizeCompanyName(primary.issuer),
    );
  return [primary, ...series];
}

/** The vendor's offer size of one joined IPO, in USD millions: its unit series' sizes added up. Null when a series states no size. */
export function ipoOfferSizeMillions(ipo: StoredIpoRow): number | null {
  const series = ipoUnitSeries(ipo);
  if (series.length === 1) return ipo.row.offerSizeMillions;
  let total = 0;
  for (const r of series) {
    if (r.offerSizeMillions === null) return null;
    total += r.offerSizeMillions;
  }
  return Math.round(total * 1e6) / 1e6;
}
