/**
 * How a company's offering story ends (domain.md §2.3, "post" rows): the terminal events read from
 * its filings, oldest first, and the one in force. Deals keep their own statuses; these are company
 * facts that outrank them.
 *   combined  a SPAC whose IPO went effective completed its business combination: the first 8-K after
 *             the IPO reporting Item 2.01 (completion of an acquisition) or 5.06 (end of shell company
 *             status); failing that, the end of the name it went public under (a de-SPAC renames the
 *             issuer), dated by EDGAR's former-name history. Dated by the earliest EDGAR evidence of the
 *             closing (`closingDate`), not by the report's filing: the date of report the 8-K's cover
 *             states, the day after the SPAC's name ended (its new name's start), the Form 25/25-NSE
 *             that removed the SPAC's class at the closing; the 8-K's filing date only when none is dated
 *   delisted  after the company listed (an 8-A12B/CERT, an IPO that priced or went effective, periodic
 *             reports, or the first trade of its IPO a vendor row shows: a company the data knows
 *             only from daily-index rows), a Form 25 (issuer) or 25-NSE (exchange) removed
 *             a class from listing, or a 15-12B/15-12G ended its registration. An index row does not
 *             say which class a removal is of: the company's one listed class the data knows (its
 *             IPO's) is taken to be it, unless a rule below says otherwise. Not a delisting:
 *               - a removal with a listing filing (8-A12B, CERT*) from RELIST_WINDOW_DAYS before it
 *                 onwards: a transfer between exchanges, new shares after a reorganisation, a relisting;
 *               - for a combined SPAC, any removal or deregistration within COMBINATION_WINDOW_DAYS of
 *                 the combination, and a 25-NSE up to CLASS_RETIREMENT_DAYS after it: the SPAC's units,
 *                 rights and warrants retire while the combined company trades on; for a SPAC merged
 *                 away (combined by its removal), anything up to CLASS_RETIREMENT_DAYS after: the shell
 *                 it left deregisters (Learn CW's 15-12G of 2024-11-08);
 *               - anything while the submissions page lists the company on an exchange today.
 *             The date is the latest remaining removal (the last class to go is the end of trading),
 *             else the first remaining deregistration.
 * The event in force is the latest, unless an IPO-family deal opened after it (the company went
 * public again): then the company has no terminal status.
 */
import { addDays, daysBetween } from '../common/dates.ts';
import type { CompanyFacts, FilingFact } from './filing.facts.ts';
import { isIpoFamily, nameAt, type DealType } from './deal-type.derive.ts';
import type { CompanyEndStatus } from '../../schema/api/vocabulary.ts';
import { CURRENT_REPORT_FORMS, DELISTING_FORMS, DEREGISTRATION_FORMS, hasItem, isListingForm, PERIODIC_FORMS, baseForm } from '../common/forms.ts';

/** A company's end: one of the closed list COMPANY_END_STATUSES. */
export type TerminalStatus = CompanyEndStatus;

export interface TerminalEvent {
  status: TerminalStatus;
  /** YYYY-MM-DD. */
  date: string;
  /** The filing that shows it; null when only the former-name history dates it. */
  accessionNumber: string | null;
  formType: string | null;
  /** Why, in words a reader can check against the filings. */
  reason: string;
}

/** A listing filing this close before a removal (or any time after) makes it a transfer or a relisting. */
const RELIST_WINDOW_DAYS = 10;
/** Removals and deregistrations this close to a de-SPAC closing belong to it. */
const COMBINATION_WINDOW_DAYS = 30;
/** Exchanges remove a de-SPAC's units, rights and warrants within months of the closing. */
const CLASS_RETIREMENT_DAYS = 180;
/** A merger proxy is mailed weeks before the vote; the closing follows the vote within days. */
const MERGER_CLOSING_DAYS = 120;
/**
 * An 8-K is due four business days after the event (a week over a holiday): evidence dated this
 * much before the closing report is the closing's (Vincerx: closed 2020-12-23, reported 2020-12-30).
 */
const CLOSING_REPORT_DAYS = 10;

/** What the end rules need of a deal. */
export interface EndDeal {
  dealKind: DealType;
  openedDate: string;
  fileNumber: string | null;
  effectiveDate: string | null;
  pricedDate: string | null;
}

export interface CompanyEndInput {
  /** YYYY-MM-DD: the as-of date; nothing dated after it has happened yet. */
  today: string;
  /** All the company's filings, oldest first. */
  sorted: readonly FilingFact[];
  company?: CompanyFacts | null;
  /** The company's current IPO-family deal, if it has one. */
  ipoDeal: EndDeal | null;
  deals: readonly EndDeal[];
  /**
   * YYYY-MM-DD: first trades of the company's IPOs its vendor rows show: evidence that it listed when
   * its filings show none (a company the data knows only from daily-index rows).
   */
  tradeDates?: readonly string[];
}

export interface CompanyEnd {
  /** Oldest first: e.g. a SPAC combined, then the combined company delisted. */
  events: TerminalEvent[];
  /** The event in force: the latest, unless an IPO-family deal opened after it. */
  terminal: TerminalEvent | null;
}

export function deriveCompanyEnd(input: CompanyEndInput): CompanyEnd {
  const combination = combinationOf(input);
  const delisting = delistingOf(input, combination);
  const events = [combination, delisting].filter((e): e is TerminalEvent => e !== null && e.date <= input.today).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const last = events[events.length - 1] ?? null;
  const terminal = last && !input.deals.some((d) => isIpoFamily(d.dealKind) && d.openedDate > last.date) ? last : null;
  return { events, terminal };
}

/**
 * The event in force on `date`, and whether it covers a filing of a deal opened on `openedDate`
 * (null: no deal): an event outranks whatever started before it, until an IPO-family deal opens.
 */
export function endInForce(end: CompanyEnd, deals: readonly EndDeal[], date: string, openedDate: string | null): TerminalEvent | null {
  let found: TerminalEvent | null = null;
  for (const e of end.events) if (e.date <= date) found = e;
  if (!found) return null;
  const since = found.date;
  if (deals.some((d) => isIpoFamily(d.dealKind) && d.openedDate > since && d.openedDate <= date)) return null;
  if (openedDate !== null && openedDate >= since) return null;
  return found;
}

function combinationOf({ sorted, company, ipoDeal, today }: CompanyEndInput): TerminalEvent | null {
  // A SPAC that went public: its IPO deal is a SPAC's and went effective, or (IPO before our history) SIC 6770.
  let publicSince: string | null;
  if (ipoDeal) {
    if (ipoDeal.dealKind !== 'spac') return null;
    publicSince = ipoDeal.pricedDate ?? ipoDeal.effectiveDate;
  } else {
    publicSince = company?.sic === '6770' ? (listedSince(sorted, null) ?? null) : null;
  }
  if (publicSince === null) return null;
  const since = publicSince;
  const opened = ipoDeal?.openedDate ?? since;
  const spacName = nameAt(company, opened);
  const former = company?.formerNames.find((n) => n.name === spacName && n.to !== null);
  const ended = former?.to?.slice(0, 10) ?? null;
  const renamedFrom = former && ended && ended >= since && ended <= today && normalName(former.name) !== normalName(company?.name ?? '') ? renameDate(company!, ended) : null;
  const closing = sorted.find((f) => CURRENT_REPORT_FORMS.has(f.formType) && f.filingDate > since && (hasItem(f.items, '2.01') || hasItem(f.items, '5.06')));
  if (closing) {
    const items = ['2.01', '5.06'].filter((i) => hasItem(closing.items, i)).join(' and ');
    const { date, why } = closingDate(sorted, closing.filingDate, since, [
      { date: closing.reportDate ?? null, what: `the date of report the ${closing.formType} states` },
      { date: renamedFrom, what: `the first day of its new name "${company?.name}"` },
    ]);
    return {
      status: 'combined', date, accessionNumber: closing.accessionNumber, formType: closing.formType,
      reason: `${closing.formType} reports Item ${items}: the SPAC completed its business combination${why}`,
    };
  }
  if (former && renamedFrom) {
    const { date, why } = closingDate(sorted, renamedFrom, since, []);
    return {
      status: 'combined', date, accessionNumber: null, formType: null,
      reason: `the SPAC, public as "${former.name}", was renamed "${company?.name}" on ${renamedFrom}: its business combination closed${why}`,
    };
  }
  return mergedAway(sorted, since);
}

/**
 * The day a renamed SPAC's new name took effect: the next name's `from` where the history states one
 * on or after the old name's end, else the day after that end (EDGAR's `to` is the old name's last day).
 */
function renameDate(company: CompanyFacts, ended: string): string {
  const next = company.formerNames.map((n) => n.from?.slice(0, 10) ?? null).filter((d): d is string => d !== null && d >= ended && d <= addDays(ended, 1));
  return next.length > 0 ? next.reduce((a, b) => (a < b ? a : b)) : addDays(ended, 1);
}

/**
 * The earliest dated evidence of a closing reported (or first shown) on `reported`: the dates the
 * filings state for it (`stated`: the 8-K's date of report, the rename) and a Form 25/25-NSE that
 * removed the SPAC's class, each within CLOSING_REPORT_DAYS before it and after the IPO (`since`).
 * `why` names the evidence of that date, for the reason; empty when only `reported` dates it.
 */
function closingDate(sorted: readonly FilingFact[], reported: string, since: string, stated: ReadonlyArray<{ date: string | null; what: string }>): { date: string; why: string } {
  const within = (d: string) => d > since && d <= reported && daysBetween(d, reported) <= CLOSING_REPORT_DAYS;
  const evidence = [
    ...stated.filter((s): s is { date: string; what: string } => s.date !== null),
    ...sorted.filter((f) => DELISTING_FORMS.has(f.formType)).map((f) => ({ date: f.filingDate, what: `the ${f.formType} ${f.accessionNumber} removing its class` })),
  ].filter((e) => within(e.date));
  const date = evidence.reduce((a, e) => (e.date < a ? e.date : a), reported);
  const why = evidence.filter((e) => e.date === date).map((e) => e.what);
  return { date, why: date === reported && why.length === 0 ? '' : `, which closed on ${date} (${why.join('; ')})` };
}

/** A SPAC's merger proxy followed within MERGER_CLOSING_DAYS by the exchange's removal of its class: it merged into another registrant. */
function mergedAway(sorted: readonly FilingFact[], since: string): TerminalEvent | null {
  for (const proxy of sorted) {
    if (proxy.formType !== 'DEFM14A' || proxy.filingDate <= since) continue;
    const removal = sorted.find((f) => f.formType === '25-NSE' && f.filingDate >= proxy.filingDate && daysBetween(proxy.filingDate, f.filingDate) <= MERGER_CLOSING_DAYS);
    if (!removal) continue;
    return {
      status: 'combined', date: removal.filingDate, accessionNumber: removal.accessionNumber, formType: removal.formType,
      reason: `the exchange removed its class (25-NSE) ${daysBetween(proxy.filingDate, removal.filingDate)} days after its merger proxy (DEFM14A ${proxy.accessionNumber} of ${proxy.filingDate}): the SPAC merged into another company`,
    };
  }
  return null;
}

function delistingOf({ sorted, company, ipoDeal, tradeDates = [] }: CompanyEndInput, combination: TerminalEvent | null): TerminalEvent | null {
  // The submissions page lists the company on an exchange today: whatever was removed, it still trades.
  if ((company?.exchanges ?? []).some((e) => e !== null && e !== '' && !/^otc/i.test(e))) return null;
  const since = listedSince(sorted, ipoDeal, tradeDates);
  if (since === null) return null;
  const listings = sorted.filter((f) => isListingForm(f.formType)).map((f) => f.filingDate);
  const remaining = sorted.filter((f) => {
    const removal = DELISTING_FORMS.has(f.formType);
    if (!removal && !DEREGISTRATION_FORMS.has(f.formType)) return false;
    if (f.filingDate < since) return false;
    if (removal && listings.some((d) => daysBetween(f.filingDate, d) >= -RELIST_WINDOW_DAYS)) return false;
    if (combination) {
      const gap = daysBetween(combination.date, f.filingDate);
      if (Math.abs(gap) <= COMBINATION_WINDOW_DAYS) return false;
      const endedByRemoval = combination.formType === '25-NSE';
      if ((f.formType === '25-NSE' || endedByRemoval) && gap > 0 && gap <= CLASS_RETIREMENT_DAYS) return false;
    }
    return true;
  });
  const removals = remaining.filter((f) => DELISTING_FORMS.has(f.formType));
  const end = removals[removals.length - 1] ?? remaining[0];
  if (!end) return null;
  const deregistered = remaining.find((f) => DEREGISTRATION_FORMS.has(f.formType) && f.filingDate >= end.filingDate && f !== end);
  const what =
    end.formType === '25-NSE' ? 'the exchange removed its class from listing (25-NSE)'
    : end.formType === '25' ? 'the company removed its class from listing (Form 25)'
    : `the company ended the registration of its class (${end.formType})`;
  return {
    status: 'delisted', date: end.filingDate, accessionNumber: end.accessionNumber, formType: end.formType,
    reason: deregistered ? `${what}; it deregistered by ${deregistered.formType} on ${deregistered.filingDate}` : what,
  };
}

/** The first evidence that the company's securities were listed: a listing filing, its IPO going effective, periodic reports, or a first trade. */
function listedSince(sorted: readonly FilingFact[], ipoDeal: EndDeal | null, tradeDates: readonly string[] = []): string | null {
  const dates = [
    sorted.find((f) => isListingForm(f.formType))?.filingDate,
    sorted.find((f) => PERIODIC_FORMS.has(baseForm(f.formType)))?.filingDate,
    ipoDeal?.pricedDate ?? ipoDeal?.effectiveDate ?? undefined,
    ...tradeDates,
  ].filter((d): d is string => typeof d === 'string');
  return dates.length > 0 ? dates.reduce((a, b) => (a < b ? a : b)) : null;
}

/** "LifeSci Acquisition Corp." and "LIFESCI ACQUISITION CORP" are one name. */
function normalName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').replace(/\b(?:inc|corp|corporation|co|ltd|limited|llc|plc)\b/g, '').replace(/\s+/g, ' ').trim();
}
