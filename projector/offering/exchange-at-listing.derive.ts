/**
 * The exchange a company listed on at its IPO, from the evidence research-grade.md ranks:
 *   1. the exchange's own certification of the listing (CERTNYS, CERTNAS … named by the form type;
 *      a generic CERT by its filer, the first ten digits of the accession number), the one filed
 *      nearest the listing: from the deal's opening to LISTING_WINDOW_DAYS after its first trade,
 *      so a later transfer (Learn CW's 2024 move to Nasdaq) is not the exchange at listing;
 *   2. an 8-A12B in the same window registers the class under section 12(b), on an exchange it
 *      does not name: support only, reported beside the value;
 *   3. the listing deal's prospectus cover ("approved for listing on the Nasdaq Global Market under
 *      the symbol"), its final prospectus when read, else its newest registration read;
 *   4. a vendor's exchange column, as the vendor's row of the IPO wrote it (the Yahoo list's
 *      NYSE, NasdaqGM, NASDQ …); Bloomberg exports have none, which an unknown says;
 *   5. today's market (the submissions page, else company_tickers_exchange.json), said as such.
 * Names are normalised to the market's current name (`exchangeName`). Pure: filings in, a value
 * and the sentence saying where it came from (or why it is unknown) out.
 */
import { addDays } from '../common/dates.ts';
import { assertNever } from '../../schema/exhaustive.ts';
import type { IpoTableLayout } from '../../schema/events/event-types.ts';
import type { FilingFact } from './filing.facts.ts';

/** Listing filings later than this many days after the first trade belong to another event (as in deal-status.scan.ts). */
const LISTING_WINDOW_DAYS = 30;

/** The exchange a CERT* form type names. CERTPAC is the Pacific Exchange's, whose market became NYSE Arca. */
const CERT_FORM_EXCHANGE: Readonly<Record<string, string>> = {
  CERTNYS: 'NYSE', CERTNAS: 'Nasdaq', CERTARCA: 'NYSE Arca', CERTAMEX: 'NYSE American', CERTBATS: 'Cboe BZX', CERTPAC: 'NYSE Arca',
};

/**
 * Exchanges by the CIK that files their certifications and 25-NSE notices, the filer of a generic
 * CERT (its accession number's first ten digits). EDGAR's indexes name each filer (the test reads
 * the bundled ones): 0000876661 NEW YORK STOCK EXCHANGE LLC, 0001354457 The Nasdaq Stock Market LLC,
 * 0001143362 NYSE ARCA, INC., 0001143313 NYSE AMERICAN LLC, 0001417835 Cboe BZX Exchange, Inc.
 */
export const EXCHANGE_CIKS: Readonly<Record<string, string>> = {
  '0000876661': 'NYSE', '0001354457': 'Nasdaq', '0001143362': 'NYSE Arca', '0001143313': 'NYSE American', '0001417835': 'Cboe BZX',
};

/** Market names as the sources write them → the one name served (first match wins). */
const NAMES: ReadonlyArray<[RegExp, string]> = [
  // The Yahoo list writes Nasdaq's tiers NasdaqGM/GS/CM, and NASDQ.
  [/nasdaq|^nasdq$/i, 'Nasdaq'],
  [/^(the\s+)?(nyse|new york stock exchange)\s*(american|mkt|amex)\b|^(the\s+)?(american stock exchange|amex)\b/i, 'NYSE American'],
  [/^(the\s+)?(nyse|new york stock exchange)\s*arca\b|^(the\s+)?arca/i, 'NYSE Arca'],
  [/^(the\s+)?(nyse|new york stock exchange)\b/i, 'NYSE'],
  [/^(the\s+)?(cboe\s+bzx|bats)\b/i, 'Cboe BZX'],
  // SEC's files write "CBOE" without saying which of Cboe's exchanges.
  [/^(the\s+)?cboe\b/i, 'Cboe'],
  [/^(otc|pink)|bulletin board/i, 'OTC'],
];

/** One name per market ("The Nasdaq Capital Market" → Nasdaq, "NYSE MKT" → NYSE American); another name is kept as written. */
export function exchangeName(raw: string | null | undefined): string | null {
  const name = raw?.replace(/\s+/g, ' ').trim() ?? '';
  if (!name) return null;
  return NAMES.find(([re]) => re.test(name))?.[1] ?? name;
}

/** The exchange that certified a listing: named by the form type, else by the filer of a generic CERT; null when neither says. */
export function certifyingExchange(filing: Pick<FilingFact, 'formType' | 'accessionNumber'>): string | null {
  if (!/^CERT[A-Z]*$/.test(filing.formType)) return null;
  return CERT_FORM_EXCHANGE[filing.formType] ?? EXCHANGE_CIKS[filing.accessionNumber.slice(0, 10)] ?? null;
}

export interface ListingExchangeInput {
  /** The company's filings, in any order. */
  filings: readonly Pick<FilingFact, 'formType' | 'accessionNumber' | 'filingDate'>[];
  /**
   * The listing asked about: when its registration opened (null when EDGAR shows no IPO deal) and
   * its first trade (the first bar, expected or vendor trade date, else its pricing). Null: no listing known.
   */
  listing: { openedDate: string | null; tradeDate: string | null } | null;
  /** The listing deal's prospectus cover: its read final prospectus, else its newest registration read. */
  prospectus: { formType: string; accessionNumber: string; exchangeHint: string | null } | null;
  /** Today's market as SEC's current files give it. */
  current: { source: 'submissions page' | 'company_tickers_exchange.json'; exchange: string | null } | null;
  /** The vendor row of the listing (company/vendor-company.derive.ts picks, of a joined IPO's rows, one with an exchange column). */
  vendor?: { layout: IpoTableLayout; symbol: string; date: string | null; exchange: string | null } | null;
}

/** How a summary names a vendor's table. */
export function vendorTableName(layout: IpoTableLayout): string {
  switch (layout) {
    case 'bloomberg':
      return 'Bloomberg IPO table';
    case 'yahoo':
      return 'Yahoo Finance IPO list';
    default:
      return assertNever(layout);
  }
}

export interface ListingExchange {
  exchange: string | null;
  /** Where `exchange` came from, or why it is null (served as consensus.sourceSummary.exchange). */
  summary: string;
}

export function deriveListingExchange(input: ListingExchangeInput): ListingExchange {
  const window = listingWindow(input.listing);
  const near = window
    ? [...input.filings]
        .filter((f) => f.filingDate >= window.from && (window.to === null || f.filingDate <= window.to))
        .sort((a, b) => (a.filingDate + a.accessionNumber < b.filingDate + b.accessionNumber ? -1 : 1))
    : [];
  const certs = near.filter((f) => /^CERT[A-Z]*$/.test(f.formType));
  const registration = near.find((f) => f.formType === '8-A12B' || f.formType === '8-A12B/A');
  const support = registration ? `; ${registration.formType} ${registration.accessionNumber} filed ${registration.filingDate} registers the class on an exchange it does not name` : '';

  const cert = certs.find((f) => certifyingExchange(f) !== null);
  if (cert) {
    const certified = certifyingExchange(cert) as string;
    const how = CERT_FORM_EXCHANGE[cert.formType] ? 'the form type names the exchange' : `filed by the exchange, CIK ${cert.accessionNumber.slice(0, 10)}`;
    return { exchange: certified, summary: `${certified}: ${cert.formType} ${cert.accessionNumber} filed ${cert.filingDate}, the exchange's certification of the listing (${how})${support}` };
  }
  const unnamed = certs[0];
  const unread = unnamed ? `; ${unnamed.formType} ${unnamed.accessionNumber} filed ${unnamed.filingDate} certifies the listing, filed by CIK ${unnamed.accessionNumber.slice(0, 10)}, not an exchange we know` : '';
  const p = input.prospectus;
  const covered = exchangeName(p?.exchangeHint);
  if (p && covered) return { exchange: covered, summary: `${covered}: ${p.formType} ${p.accessionNumber}, the prospectus cover's listing sentence ("${p.exchangeHint}")${support}${unread}` };
  const v = input.vendor;
  const listed = exchangeName(v?.exchange);
  if (v && listed) {
    const dated = v.date ? `, IPO ${v.date}` : '';
    return { exchange: listed, summary: `${listed}: the ${vendorTableName(v.layout)} row ${v.symbol}${dated}, its exchange column ("${v.exchange}")${support}${unread}` };
  }
  const today = exchangeName(input.current?.exchange);
  if (input.current && today) {
    return { exchange: today, summary: `${today}: the ${input.current.source}, today's market, not necessarily the one it listed on${support}${unread}` };
  }
  const without = window ? 'no exchange certification of the listing, no prospectus cover naming one' : 'no listing date to tie an exchange certification to, no prospectus cover naming one';
  const vendor = v ? `, no exchange column in the ${vendorTableName(v.layout)} row` : '';
  return { exchange: null, summary: `unknown: ${without}, no exchange in SEC's current files${vendor}${support}${unread}` };
}

/** Dates an exchange's certification of this listing can carry; null when no listing is known. */
function listingWindow(listing: ListingExchangeInput['listing']): { from: string; to: string | null } | null {
  if (!listing) return null;
  const { openedDate, tradeDate } = listing;
  if (tradeDate) return { from: openedDate ?? addDays(tradeDate, -LISTING_WINDOW_DAYS), to: addDays(tradeDate, LISTING_WINDOW_DAYS) };
  // A deal not yet traded: a certification since it opened is its own.
  return openedDate ? { from: openedDate, to: null } : null;
}
