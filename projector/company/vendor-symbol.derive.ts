/**
 * The symbol and name a joined vendor IPO (vendor-company.derive.ts) listed under, as far as the
 * tables tell. Bloomberg's export names an issuer as it is now and lists a delisted one under its last
 * symbol or a placeholder: Google's 2004 IPO as Alphabet Inc (GOOGL), EverBank's 2012 IPO as "TIAA FSB
 * Holdings Inc" under 1624831D. The Yahoo list names the issuer and symbol of the day (EVER, "EverBank
 * Financial Corp"), abbreviated at times ("Fortress Transp & Infra Inv"). So an IPO is served
 *   - under the Yahoo row's symbol, when one of its rows is Yahoo's; else under Bloomberg's symbol,
 *     unless that is a placeholder (`isPlaceholderSymbol`), which is never served as a ticker (null),
 *     and without the bankruptcy marker Bloomberg's last symbol may carry (`bankruptSymbolBase`:
 *     Digital Lighthouse's 2000 IPO under DGLH, not DGLHQ);
 *   - with the Yahoo row's issuer name as its name at listing (`issuer_name_at_offering`, source
 *     `vendor_listing`) when EDGAR's submissions page does not name it for the day; the later name
 *     stays the company's.
 * Where only Bloomberg's row is held, the data does not know the name or symbol of the day: Google's
 * IPO stays Alphabet Inc under GOOGL, its name at listing unknown (null).
 */
import type { StoredIpoRow } from '../market/market.facts.ts';
import { isForeignOverTheCounterSymbol, isPlaceholderSymbol } from '../offering/vendor-deal-type.derive.ts';

/**
 * The symbol a bankrupt issuer's stock traded under before the bankruptcy marker was appended, or
 * null when the symbol carries none. Nasdaq and FINRA (for the over-the-counter market) mark an
 * issuer in bankruptcy with a fifth letter Q after its four-letter symbol (Dendreon DNDN → DNDNQ,
 * Digital Lighthouse DGLH → DGLHQ); no exchange lists a five-letter stock symbol ending in Q for any
 * other reason (the fifth letters of classes, units, rights, warrants, ADRs and foreign issues are
 * other letters), while a symbol of four letters or fewer ending in Q is the issuer's own (LKQ,
 * PETQ, ELOQ, NHIQ) and is kept. The Bloomberg export holds 196 five-letter Q symbols; every one
 * checked against the public record is a bankrupt issuer's (Peabody, Spirit Airlines, Dendreon …),
 * and 15 carry Bloomberg's "/Old" of a reorganised predecessor (Accuride Corp/Old). The four letters before
 * the Q are the symbol the issuer listed under when that symbol had four letters (DGLH, DNDN,
 * TWOU); an issuer with a shorter one was given a four-letter over-the-counter symbol before the Q
 * (Peabody's NYSE BTU → BTUUQ, CIT → CITGQ, Erickson's Nasdaq EAC → EACIQ), which the row cannot
 * tell apart: those four letters are served as its listing symbol unless a Yahoo row of the IPO gives
 * the symbol of the day (README, Later symbols and names).
 */
export function bankruptSymbolBase(symbol: string): string | null {
  return /^[A-Z]{4}Q$/.test(symbol) ? symbol.slice(0, 4) : null;
}

/** The symbol a security listed under, as far as its later symbol tells: without the bankruptcy marker. */
export function listingSymbol(symbol: string): string {
  return bankruptSymbolBase(symbol) ?? symbol;
}

const rowsOf = (ipo: StoredIpoRow) => [ipo, ...(ipo.sameIpo ?? [])].map((r) => r.row);

/**
 * The symbol a vendor row's security listed under: its own without the bankruptcy marker, unless
 * the SEC's ticker file gives those four letters to another company (`baseHeldElsewhere`): FINRA
 * may have lettered the bankrupt symbol otherwise (Casa Systems, CASA on Nasdaq, became CASSQ; CASS
 * is Cass Information Systems), so the listing symbol is not known.
 */
export function rowListingSymbol(stored: StoredIpoRow): string | null {
  return listingSymbolUnlessHeld(stored.row.ticker, stored.baseHeldElsewhere ? [stored.baseHeldElsewhere] : []);
}

/** The four letters its rows' bankruptcy symbols stand on that the SEC's ticker file gives another company. */
export function heldBasesOf(ipo: StoredIpoRow | null): string[] {
  return ipo === null ? [] : [ipo, ...(ipo.sameIpo ?? [])].flatMap((r) => r.baseHeldElsewhere ?? []);
}

/** `listingSymbol`, unless those four letters are another company's (`heldBasesOf`): then not known. */
export function listingSymbolUnlessHeld(symbol: string, held: readonly string[]): string | null {
  const base = listingSymbol(symbol);
  return base !== symbol && held.includes(base) ? null : base;
}

/** The symbol the IPO listed under, as far as the tables tell (see the header); null when only a placeholder is held. */
export function ipoSymbol(ipo: StoredIpoRow): string | null {
  const stored = [ipo, ...(ipo.sameIpo ?? [])];
  const yahoo = stored.find((r) => r.row.layout === 'yahoo');
  if (yahoo) return yahoo.row.ticker;
  const symbol = stored.find((r) => !isPlaceholderSymbol(r.row.ticker));
  return symbol === undefined ? null : rowListingSymbol(symbol);
}

/** The issuer's name at listing when a table names it as of the day (the Yahoo list); null otherwise. */
export function ipoIssuerName(ipo: StoredIpoRow): string | null {
  const name = rowsOf(ipo).find((r) => r.layout === 'yahoo')?.issuer.trim() ?? '';
  return name === '' ? null : name;
}

/** A unit symbol as the SEC's files write it (LCW-UN, SLAMU) or a vendor does (LCW/U, LCW-U). */
const isUnitListing = (t: string) => /^[A-Z]{1,4}[-./ ]UN?$/.test(t) || /^[A-Z]{4}U$/.test(t);
/** A warrant's or right's symbol as the SEC writes it (LCW-WT, SLAMW, ALSAR): never the IPO's listing. */
const isWarrantOrRight = (t: string) => /[-./ ](WS|WT|RT|R)$/.test(t) || /^[A-Z]{4}[WR]$/.test(t);

/**
 * The exchange symbol an IPO the vendor lists under a foreign issuer's over-the-counter symbol
 * (`isForeignOverTheCounterSymbol`) listed under, as far as the SEC's current files tell: the
 * company's unit symbol (Learn CW's LCW-UN, served LCW-U as the vendor's NYSE units are; Slam's
 * SLAMU), else its common stock's (AIB for AIB Acquisition); null when the SEC lists none but
 * over-the-counter symbols (Constellation Acquisition's CSTAF) or the company is in no SEC file.
 */
export function exchangeListingSymbol(secTickers: readonly string[]): string | null {
  const onExchange = secTickers.filter((t) => !isForeignOverTheCounterSymbol(t) && bankruptSymbolBase(t) === null && !isWarrantOrRight(t));
  const symbol = onExchange.find(isUnitListing) ?? onExchange[0] ?? null;
  return symbol === null ? null : symbol.replace(/[-./ ]UN?$/, '-U');
}

/** A symbol as the SEC, Bloomberg or Yahoo write it, compared without separators (LCW-UN, LCW/U, LCW.U → LCWU). */
export function bareSymbol(symbol: string): string {
  return symbol.toUpperCase().replace(/[-./ ]/g, '').replace(/UN$/, 'U');
}
