import { assertNever } from '../../schema/exhaustive.ts';
import type { ApiLifecycleEnd, ApiOffering, ApiPriceHistory, ApiPriceRange } from '../../schema/api/types.ts';
import type { DealEventType } from '../../schema/api/vocabulary.ts';
import type { ArticlePublishedPayload } from '../../schema/events/event-types.ts';
import type { FilingsTable } from '../../schema/read/tables.ts';
import { OPENING_FORMS, isAmendment } from '../common/forms.ts';
import type { CompanyRows } from './company-rows.derive.ts';

/**
 * One change that matters to a deal, as the read model's change log (`deal_events`) records it. The
 * key names the fact, not the moment it was seen: it is built from what stays the same as evidence
 * arrives (an accession number, a date the filings state), so a fact re-derived in a later batch or
 * a rebuild is the same key and is recorded once. `data` is what the rows said when it was first seen.
 */
export interface DealEvent {
  key: string;
  type: DealEventType;
  /** Null for an article, which is no company's. */
  cik: string | null;
  ticker: string | null;
  /** The date the fact happened (filing date, priced date, first trade …), YYYY-MM-DD. */
  occurredOn: string | null;
  data: Record<string, unknown>;
  /**
   * The fields of `data` whose change is news: when a later derivation of the same key states other
   * values (a pricing date the first trade corrected, an offer price read after the prospectus was
   * first seen), the change log records a revision of the fact instead of keeping the first values
   * silently (deal-events.store.ts). Absent for a fact whose key already holds all it states.
   */
  revisable?: readonly string[];
  /** When a revision of this fact happened, if not `occurredOn` (a company's status: the date it is as of). */
  revisedOn?: string | null;
}

/**
 * A company's identity and stage: a change of status or type is news to a client rebuilding state
 * from the log, and so is the id it is served under (`servedAs`: null while its own, else the CIK its
 * rows now belong to; servedElsewhereEvent).
 */
export const COMPANY_REVISABLE = ['name', 'dealType', 'offeringStatus', 'servedAs'] as const;

/** What a priced event revises: the date (a 424B4 alone dates it by its filing; the first trade corrects it) and the price once read. */
export const PRICED_REVISABLE = ['pricedDate', 'offerPrice'] as const;
/** A listing's date is its key; its offer price, symbol and exchange may be known only after the first trade was seen. */
export const LISTED_REVISABLE = ['offerPrice', 'ticker', 'exchange'] as const;

/**
 * What a registration event revises: its file number and its offering's deal type, which an index
 * row read off the feed names neither of (the submissions page, a second later, gives the file
 * number; the offering rules then key and type the deal). A client following registrations by type
 * hears the type once it is known.
 */
export const REGISTRATION_REVISABLE = ['fileNumber', 'dealType'] as const;

/**
 * A registration statement that opens a deal (an amendment does not), filed in public. A confidential
 * draft (DRS, DOS) is the same registration as the statement it precedes, not public until that is
 * filed (EDGAR releases it then): one registration, one fact, dated at its first public filing
 * (Applied Optoelectronics: DRS 2013-04-04, its registration the S-1 of 2013-08-13). A draft the data
 * holds without its public statement is no fact of its own; the statement's arrival records it.
 */
const isRegistration = (form: string) => !isAmendment(form) && OPENING_FORMS.has(form);

/**
 * Pure: the deal events a company's served rows imply. Every event the rows imply is returned every
 * time; the change log keeps the first of each key, so deriving a company again adds only what is new.
 */
export function companyDealEvents(rows: CompanyRows): DealEvent[] {
  const row = rows.company.row;
  const at = (type: DealEventType, fact: string, occurredOn: string | null, data: Record<string, unknown>): DealEvent => ({
    key: [keyKind(type), row.cik, fact].filter((part) => part !== '').join(':'),
    type,
    cik: row.cik,
    ticker: row.ticker,
    occurredOn,
    data,
  });
  const offerings = JSON.parse(row.offerings_json) as ApiOffering[];
  const statusAsOf = offerings.find((o) => o.isCurrent)?.statusAsOf ?? null;
  const events: DealEvent[] = [
    {
      // Dated by the company's first evidence; its status by the day the status is as of, which it says.
      ...at('company', '', firstEvidenceDate(rows.filings, offerings), { name: row.name, dealType: row.deal_type, offeringStatus: row.offering_status, statusAsOf, servedAs: null }),
      revisable: COMPANY_REVISABLE,
      revisedOn: statusAsOf,
    },
  ];
  for (const filing of rows.filings) {
    const data = { accessionNumber: filing.accession_number, formType: filing.form_type, filingDate: filing.filing_date, fileNumber: filing.file_number };
    events.push(at('filing', filing.accession_number, filing.filing_date, data));
    const offering = offeringOf(offerings, filing.file_number);
    // A co-registrant's row of a registration is its issuer's (QualTek's 14 subsidiaries on its S-1/A,
    // Salem's 28 on its S-3): the issuer's company records the registration, once.
    const coRegistrant = (offering?.dealType ?? (filing.file_number === null ? row.deal_type : null)) === 'co_registrant';
    if (isRegistration(filing.form_type) && !coRegistrant) {
      events.push({ ...at('registration', filing.accession_number, filing.filing_date, { ...data, dealType: offering?.dealType ?? null }), revisable: REGISTRATION_REVISABLE });
    }
  }
  events.push(...rangeEvents(JSON.parse(row.price_history_json) as ApiPriceHistory | null, at));
  for (const offering of offerings) events.push(...offeringEvents(offering, rows, at));
  // Every end the company went through is a fact, not only the one in force (Vincerx combined in 2020,
  // delisted in 2025), each dated by its own evidence. An undated end (a vendor row's later symbol or
  // name) is one fact per company and status: keyed by its source.
  const inForce = JSON.parse(row.lifecycle_end_json) as ApiLifecycleEnd | null;
  const ends = [...rows.ends];
  if (inForce && !ends.some((e) => sameEnd(e, inForce))) ends.push(inForce);
  for (const end of ends) events.push(at(end.status, end.accessionNumber ?? end.date ?? end.source, end.date, { ...end }));
  return events;
}

/** What the log last said of a company that stops being served: its served row's name, type, status and ticker. */
export interface LastServed {
  cik: string;
  name: string;
  dealType: string | null;
  offeringStatus: string;
  ticker: string | null;
}

/**
 * Pure: a company that stops being served because its rows now belong to another company (a
 * vendor-only company's IPO that joined the EDGAR company it names: Pensare's V-WRLSU-2017-07-27 as
 * CIK 0001704760) revises its `company` fact to name the id it is served under. Its earlier facts
 * stay under the old id (ids a client has seen keep their meaning); the other id records its own, so
 * a client folds the two by `servedAs`. No date: the evidence that joined the rows states none.
 */
export function servedElsewhereEvent(last: LastServed, servedAs: string): DealEvent {
  const { cik, name, dealType, offeringStatus, ticker } = last;
  return {
    key: `${keyKind('company')}:${cik}`,
    type: 'company',
    cik,
    ticker,
    occurredOn: null,
    data: { name, dealType, offeringStatus, statusAsOf: null, servedAs },
    revisable: COMPANY_REVISABLE,
    revisedOn: null,
  };
}

const sameEnd = (a: ApiLifecycleEnd, b: ApiLifecycleEnd) => a.status === b.status && a.accessionNumber === b.accessionNumber && a.date === b.date && a.source === b.source;

type At = (type: DealEventType, fact: string, occurredOn: string | null, data: Record<string, unknown>) => DealEvent;

/** The first part of a key: a range is one fact whether it was the first stated or a revision. */
function keyKind(type: DealEventType): string {
  switch (type) {
    case 'range_set':
    case 'range_revised':
      return 'range';
    case 'company':
    case 'filing':
    case 'registration':
    case 'priced':
    case 'listed':
    case 'withdrawn':
    case 'delisted':
    case 'combined':
    case 'article':
      return type;
    default:
      return assertNever(type);
  }
}

/** The earliest date the rows hold for the company: its first filing, else its listing. */
function firstEvidenceDate(filings: readonly FilingsTable[], offerings: readonly ApiOffering[]): string | null {
  const dates = [...filings.map((f) => f.filing_date), ...offerings.flatMap((o) => (o.listingDate ? [o.listingDate] : []))];
  return dates.length > 0 ? dates.reduce((a, b) => (a < b ? a : b)) : null;
}

/** The offering a filing's file number belongs to (its own, or a draft's that joined it). */
function offeringOf(offerings: readonly ApiOffering[], fileNumber: string | null): ApiOffering | null {
  if (fileNumber === null) return null;
  return offerings.find((o) => o.fileNumber === fileNumber || o.draftFileNumbers.includes(fileNumber)) ?? null;
}

/**
 * Ranges a filing stated (a vendor table's range names no filing and no date, so it is no event):
 * the earliest known is the range set, each later change a revision.
 */
function rangeEvents(history: ApiPriceHistory | null, at: At): DealEvent[] {
  if (!history) return [];
  const stated = (range: ApiPriceRange | null): range is ApiPriceRange & { accessionNumber: string } => range !== null && range.accessionNumber !== null;
  const events: DealEvent[] = [];
  const first = history.earliestKnownRange;
  if (stated(first)) events.push(at('range_set', first.accessionNumber, first.filingDate, rangeData(first)));
  for (const revision of history.revisions) {
    if (!stated(revision)) continue;
    const { previousLow, previousHigh, direction } = revision;
    events.push(at('range_revised', revision.accessionNumber, revision.filingDate, { ...rangeData(revision), previousLow, previousHigh, direction }));
  }
  return events;
}

function rangeData(range: ApiPriceRange): Record<string, unknown> {
  return { low: range.low, high: range.high, accessionNumber: range.accessionNumber, formType: range.formType, filingDate: range.filingDate };
}

/**
 * Priced (keyed by its final prospectus), listed (by its first trading day: the offering reached
 * `listed`, or did before the company's end overtook it) and withdrawn (by the withdrawal's date).
 */
function offeringEvents(offering: ApiOffering, rows: CompanyRows, at: At): DealEvent[] {
  const filings = rows.filings;
  const events: DealEvent[] = [];
  const deal = { dealType: offering.dealType, fileNumber: offering.fileNumber };
  if (offering.pricedDate !== null && offering.finalProspectusAccessionNumber !== null) {
    const { finalProspectusAccessionNumber: accessionNumber, pricedDate, offerPrice, grossProceeds, grossProceedsBasis } = offering;
    events.push({ ...at('priced', accessionNumber, pricedDate, { ...deal, accessionNumber, pricedDate, offerPrice, grossProceeds, grossProceedsBasis }), revisable: PRICED_REVISABLE });
  }
  const listed = offering.status === 'listed' || offering.stageBeforeEnd === 'listed';
  if (listed && offering.listingDate !== null) {
    const { listingDate, offerPrice, source } = offering;
    // The symbol the offering serves as its listing's (listingSymbol: the listing's own evidence, else its read prospectus's).
    const ticker = offering.listingSymbol;
    const exchange = listingExchange(rows, listingDate);
    events.push({ ...at('listed', listingDate, listingDate, { ...deal, listingDate, ticker, exchange, offerPrice, source }), revisable: LISTED_REVISABLE });
  }
  if (offering.withdrawnDate !== null) {
    const withdrawal = filings.find((f) => f.filing_date === offering.withdrawnDate && (f.form_type === 'RW' || f.form_type === '1-A-W'));
    events.push(at('withdrawn', offering.withdrawnDate, offering.withdrawnDate, { ...deal, withdrawnDate: offering.withdrawnDate, accessionNumber: withdrawal?.accession_number ?? null }));
  }
  return events;
}

/**
 * The exchange a listing started on: the outcome's, else the company's consensus of that listing,
 * else the company's hint. (Its symbol is the offering's listingSymbol, only as the listing's own
 * evidence or the offering's read prospectus names it: listing-symbol.derive.ts, FB for Facebook's
 * 2012 IPO once the Yahoo list says so, never today's META from the SEC or Bloomberg.)
 */
function listingExchange(rows: CompanyRows, listingDate: string): string | null {
  const company = rows.company.row;
  const outcome = rows.outcomes.find((o) => o.trading_start_date === listingDate);
  const stated = outcome ? (JSON.parse(outcome.json) as { exchange: string | null }) : null;
  const consensus = JSON.parse(company.consensus_json) as { listingDate?: string | null; exchange?: string | null } | null;
  const sameListing = consensus?.listingDate === listingDate ? consensus : null;
  return stated?.exchange ?? sameListing?.exchange ?? company.exchange;
}

/** Pure: an article's publication as a deal event (keyed by its id: a republished article is not news again). */
export function articleDealEvent(article: ArticlePublishedPayload): DealEvent {
  const { id, sourceKind, title, path, publishedAt } = article;
  return { key: `article:${id}`, type: 'article', cik: null, ticker: null, occurredOn: publishedAt.slice(0, 10), data: { id, sourceKind, title, path, publishedAt } };
}

/** The order events of one batch are recorded in, so their ids never depend on derivation order: occurred date, then key. */
export function recordingOrder(a: DealEvent, b: DealEvent): number {
  const x = a.occurredOn ?? '';
  const y = b.occurredOn ?? '';
  return x < y ? -1 : x > y ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
