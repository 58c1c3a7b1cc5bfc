/**
 * Offering lifecycle (domain.md §2.3). Per deal, the highest-precedence status whose condition holds:
 *   withdrawn  RW (Reg A: 1-A-W) not followed by a later RW WD; AW withdraws one amendment, not the deal
 *   listed     priced or effective, and a first trade by the as-of date: the first daily bar on/after pricing,
 *              or a vendor row's first trade within days of it (deal-status.scan.ts firstTradeOf); or 8-A12B +
 *              CERT* filed since the deal opened and the as-of date on/after the expected first trade (next NYSE
 *              day after pricing). A status thus never contradicts the listing date served beside it.
 *   priced     424B4, 424B1 or 253G2, or a shelf takedown (424B2, 424B5; the last of those filed within
 *              TAKEDOWN_RUN_DAYS of each other, the earlier a preliminary), priced when filed; a 424B7
 *              (a resale's selling holders) prices nothing
 *   effective  EFFECT or QUALIF, or an automatic shelf (S-3ASR/F-3ASR)
 *   launched   the latest registration document read (S-1, S-1/A, F-1/A, FWP) states a price range
 *              (or a fixed price, as small and SPAC deals do)
 *   amended    an amendment of the registration statement
 *   filed      a public registration statement
 *   draft      only confidential drafts (DRS/DOS) are visible
 * Overlays, from the injected `today` (never the wall clock):
 *   stale      not yet effective and no registration activity for > staleDays (90)
 *   dormant    the same for > dormantDays (270; Rule 479 lets the SEC call it abandoned after 9 months)
 *   postponed  effective, but no 424B within postponedTradingDays (15) NYSE days of the EFFECT
 *   Overlays fall only on deals that never priced, and never on a deal opened before the company's end.
 * The company's end (company-end.derive.ts) outranks every deal: offeringStatus is `combined` (a SPAC's
 * business combination closed) or `delisted` once one happened, and the filings from then on that
 * belong to no deal, or to a deal opened before it, carry that status too. So does each deal opened
 * before the end in force (its served status, `endedStatus`), unless it was withdrawn: an offering of a
 * company that ended is no longer listed, priced or effective; `stageBeforeEnd` keeps the stage it had
 * reached (a SPAC's IPO listed, then combined).
 * The current deal is the company's IPO-family deal (the latest not withdrawn, when it filed more than
 * one), else its latest deal: a follow-on, resale, shelf or debt deal never stands for its IPO, and
 * only an IPO-family or Reg A deal has an expected first trade date or lists.
 * A filing's inferredStatus is its deal's status evaluated on the filings up to and including it, as of
 * its filing date, without overlays (those depend on the clock, not on the filing).
 */
import { createTradingCalendar, type TradingCalendar } from '../common/trading-calendar.ts';
import {
  isShelfOrCombination, listingIndex, scanDeal, statusAt, type ListingIndex, type RangeTerms, type ScanStep, type StatusFacts, type TradeEvidence,
} from './deal-status.scan.ts';
import { groupDeals, type Deal } from './deals.group.ts';
import { deriveDealType, isIpoFamily, type DealType } from './deal-type.derive.ts';
import { baseForm, chronological, MEF_FORMS } from '../common/forms.ts';
import { deriveCompanyEnd, endInForce, type CompanyEnd, type TerminalEvent, type TerminalStatus } from './company-end.derive.ts';
import { addDays, daysBetween } from '../common/dates.ts';
import type { CompanyFacts, FilingFact } from './filing.facts.ts';
import type { DealOverlay, DealStatus, OfferingStatus } from '../../schema/api/vocabulary.ts';

export type { RangeTerms, StatusFacts } from './deal-status.scan.ts';
export type { TerminalEvent, TerminalStatus } from './company-end.derive.ts';

export interface LifecycleOptions<F extends FilingFact = FilingFact> {
  /** YYYY-MM-DD; the projection's notion of now, injected. */
  today: string;
  calendar?: TradingCalendar;
  staleDays?: number;
  dormantDays?: number;
  postponedTradingDays?: number;
  /** Date of the first daily bar of the company's listed security, when prices were fetched. */
  firstBarDate?: string | null;
  /** First-trade dates of the company's vendor IPO rows (any order). */
  vendorTradeDates?: readonly string[];
  /** First-trade dates of the company's vendor IPO rows that are no SPAC's: evidence that its class listed (company-end.derive.ts). */
  listedTradeDates?: readonly string[];
  /** Terms read from registration documents, by accession number. */
  termsByAccession?: ReadonlyMap<string, RangeTerms>;
  company?: CompanyFacts | null;
  /** Deal type per deal; defaults to the forms-only rules of deal-type.derive. */
  dealTypeOf?: (deal: Deal<F>) => DealType;
}

export interface DealLifecycle<F extends FilingFact = FilingFact> extends Deal<F>, StatusFacts<F> {
  dealKind: DealType;
  overlay: DealOverlay | null;
  /**
   * The first day the overlay's rule held (read only beside an overlay): the overlay is a status of the clock,
   * true from that day on, not of the deal's last filing. Dormant: the 271st day after the last
   * registration activity (idle over 270 days); stale: the 91st; postponed: the day after the 15th
   * NYSE day from the EFFECT (and dormant from there only once idle over 270 days too).
   */
  overlaySince: string | null;
  /** `overlay ?? status`: the deal's own stage. */
  displayStatus: DealStatus | DealOverlay;
  /** The company's end in force that overtook the deal (opened before it, not withdrawn), or null. */
  endedBy: TerminalStatus | null;
  /** What the deal is served as: `endedBy` when the company's end overtook it, else `displayStatus`. */
  servedStatus: OfferingStatus;
  lastFilingDate: string;
  upsized: boolean;
  delisted: boolean;
}

export interface CompanyLifecycle<F extends FilingFact = FilingFact> {
  deals: DealLifecycle<F>[];
  currentDeal: DealLifecycle<F> | null;
  /**
   * One of OFFERING_STATUSES: the terminal status when the company's story ended, else the current
   * deal's display status, `none` without a deal.
   */
  offeringStatus: OfferingStatus;
  /** The company's end in force (`combined`/`delisted` with its date, filing and reason), or null. */
  terminal: TerminalEvent | null;
  /** Every terminal event seen, oldest first (a SPAC's combination, then the combined company's delisting). */
  terminalEvents: TerminalEvent[];
  /** accession → inferredStatus, for every filing given. */
  inferredStatus: Map<string, string>;
}

export const DEFAULT_STALE_DAYS = 90;
export const DEFAULT_DORMANT_DAYS = 270;
export const DEFAULT_POSTPONED_TRADING_DAYS = 15;
export function deriveLifecycle<F extends FilingFact>(filings: readonly F[], opts: LifecycleOptions<F>): CompanyLifecycle<F> {
  const calendar = opts.calendar ?? createTradingCalendar();
  const sorted = [...filings].sort(chronological);
  const listing = listingIndex(sorted);
  const trades = tradeEvidence(opts);
  const typeOf = opts.dealTypeOf ?? ((deal: Deal<F>) => deriveDealType({ deal, company: opts.company, companyFilings: sorted }).dealType);
  const scanned = groupDeals(sorted).map((deal) => {
    const dealKind = typeOf(deal);
    return { deal, dealKind, steps: scanDeal(deal, dealKind, opts.termsByAccession, calendar) };
  });
  const evaluated = scanned.map(({ deal, dealKind, steps }) => evaluateDeal(deal, dealKind, steps[steps.length - 1], listing, trades, opts, calendar));
  const ipoDeal = pickCurrent(evaluated.filter((d) => isIpoFamily(d.dealKind)));
  const end = deriveCompanyEnd({ today: opts.today, sorted, company: opts.company, ipoDeal, deals: evaluated, tradeDates: opts.listedTradeDates ?? [] });
  // A deal opened before the company's end is not idle, it is over: no overlay, and unless it was
  // withdrawn (an end of its own) its served status is the company's end.
  // A SPAC's deal ends in its business combination, whatever became of the combined company later
  // (Vincerx: LifeSci Acquisition's IPO combined in 2020, the company delisted in 2025).
  const combination = (d: (typeof evaluated)[number]) =>
    d.dealKind === 'spac' ? end.events.find((e) => e.status === 'combined' && (d.openedDate === null || e.date >= d.openedDate)) : undefined;
  const deals = evaluated.map((d): DealLifecycle<F> => {
    const inForce = endInForce(end, evaluated, opts.today, d.openedDate);
    if (!inForce) return d;
    const ended = combination(d) ?? inForce;
    const own = d.overlay !== null ? { ...d, overlay: null, overlaySince: null, displayStatus: d.status, servedStatus: d.status } : d;
    return d.status === 'withdrawn' ? own : { ...own, endedBy: ended.status, servedStatus: ended.status };
  });
  const currentDeal = pickCurrent(deals);
  return {
    deals,
    currentDeal,
    offeringStatus: end.terminal?.status ?? currentDeal?.displayStatus ?? 'none',
    terminal: end.terminal,
    terminalEvents: end.events,
    inferredStatus: inferStatuses(sorted, deals, scanned, listing, trades, end, calendar),
  };
}

export function tradeEvidence(opts: Pick<LifecycleOptions, 'firstBarDate' | 'vendorTradeDates'>): TradeEvidence {
  return { firstBarDate: opts.firstBarDate ?? null, vendorTradeDates: [...(opts.vendorTradeDates ?? [])].sort() };
}

/**
 * Every filing's inferredStatus in one chronological pass. A deal's filing gets the deal's status over
 * its filings up to it; a filing outside any deal (8-A12B, CERT, 10-K …) gets the status of the deal
 * that was current at that moment. Walking in order, each deal's prefix only grows, and the deal that
 * just grew has the latest last filing, so the latest deal is a running maximum rather than a rescan;
 * the latest IPO-family deal not withdrawn is looked up among the few IPO-family deals seen so far.
 * The company's end in force on a filing's date overrides both (see endInForce).
 */
function inferStatuses<F extends FilingFact>(
  sorted: readonly F[],
  deals: readonly DealLifecycle<F>[],
  scanned: ReadonlyArray<{ steps: readonly ScanStep<F>[] }>,
  listing: ListingIndex,
  trades: TradeEvidence,
  end: CompanyEnd,
  calendar: TradingCalendar,
): Map<string, string> {
  const position = new Map<string, { deal: number; index: number }>();
  deals.forEach((d, deal) => d.filings.forEach((f, index) => position.set(f.accessionNumber, { deal, index })));
  const seen = new Array<number>(deals.length).fill(0);
  const lastDate = new Array<string>(deals.length).fill('');
  // Same order as pickCurrent: last filing date, then opening date, then key.
  const later = (a: number, b: number): boolean =>
    lastDate[a] > lastDate[b] ||
    (lastDate[a] === lastDate[b] && (deals[a].openedDate > deals[b].openedDate || (deals[a].openedDate === deals[b].openedDate && deals[a].key > deals[b].key)));
  const ipoSeen: number[] = [];
  let latestAny = -1;
  const inferred = new Map<string, string>();
  const withdrawn = (d: number): boolean => scanned[d].steps[seen[d] - 1].withdrawnDate !== null;
  for (const f of sorted) {
    const own = position.get(f.accessionNumber);
    const ended = end.events.length > 0 ? endInForce(end, deals, f.filingDate, own ? deals[own.deal].openedDate : null) : null;
    if (own) {
      if (seen[own.deal] === 0 && isIpoFamily(deals[own.deal].dealKind)) ipoSeen.push(own.deal);
      seen[own.deal] = own.index + 1;
      lastDate[own.deal] = f.filingDate;
      if (latestAny === -1 || later(own.deal, latestAny)) latestAny = own.deal;
      inferred.set(f.accessionNumber, ended?.status ?? statusAt(deals[own.deal], scanned[own.deal].steps[own.index], listing, f.filingDate, trades, calendar).status);
      continue;
    }
    if (ended) {
      inferred.set(f.accessionNumber, ended.status);
      continue;
    }
    let current = -1;
    for (const active of [true, false]) {
      for (const d of ipoSeen) if ((!active || !withdrawn(d)) && (current === -1 || later(d, current))) current = d;
      if (current !== -1) break;
    }
    if (current === -1) current = latestAny;
    inferred.set(
      f.accessionNumber,
      current === -1 ? 'none' : statusAt(deals[current], scanned[current].steps[seen[current] - 1], listing, f.filingDate, trades, calendar).status,
    );
  }
  return inferred;
}

/**
 * The company's IPO-family deal when it has one (the latest not withdrawn, else the latest), else its
 * latest deal; latest by last filing, then opening, then key.
 */
function pickCurrent<T extends { dealKind: DealType; status: string; lastFilingDate: string; openedDate: string; key: string }>(deals: T[]): T | null {
  const ipo = deals.filter((d) => isIpoFamily(d.dealKind));
  const active = ipo.filter((d) => d.status !== 'withdrawn');
  const pool = active.length > 0 ? active : ipo.length > 0 ? ipo : deals;
  let best: T | null = null;
  for (const d of pool) {
    if (!best || d.lastFilingDate > best.lastFilingDate || (d.lastFilingDate === best.lastFilingDate && (d.openedDate > best.openedDate || (d.openedDate === best.openedDate && d.key > best.key)))) best = d;
  }
  return best;
}

function evaluateDeal<F extends FilingFact>(
  deal: Deal<F>,
  dealKind: DealType,
  last: ScanStep<F>,
  listing: ListingIndex,
  trades: TradeEvidence,
  opts: LifecycleOptions<F>,
  calendar: TradingCalendar,
): DealLifecycle<F> {
  const s = statusAt({ ...deal, dealKind }, last, listing, opts.today, trades, calendar);
  const { overlay, since } = overlayOf(deal, s, opts, calendar) ?? { overlay: null, since: null };
  return {
    ...deal,
    ...s,
    dealKind,
    overlay,
    overlaySince: since,
    displayStatus: overlay ?? s.status,
    endedBy: null,
    servedStatus: overlay ?? s.status,
    lastFilingDate: deal.filings[deal.filings.length - 1].filingDate,
    upsized: deal.mefFileNumbers.length > 0 || deal.filings.some((f) => MEF_FORMS.has(baseForm(f.formType))),
    delisted: deal.filings.some((f) => f.formType === '25-NSE'),
  };
}

function overlayOf<F extends FilingFact>(
  deal: Deal<F>,
  s: StatusFacts<F>,
  opts: LifecycleOptions<F>,
  calendar: TradingCalendar,
): { overlay: DealOverlay; since: string } | null {
  const stale = opts.staleDays ?? DEFAULT_STALE_DAYS;
  const dormant = opts.dormantDays ?? DEFAULT_DORMANT_DAYS;
  const idle = daysBetween(s.lastActivityDate, opts.today);
  // Idle over N days: the rule first holds on day N + 1 after the last activity.
  const dormantSince = addDays(s.lastActivityDate, dormant + 1);
  if (s.status === 'draft' || s.status === 'filed' || s.status === 'amended' || s.status === 'launched') {
    if (idle > dormant) return { overlay: 'dormant', since: dormantSince };
    if (idle > stale) return { overlay: 'stale', since: addDays(s.lastActivityDate, stale + 1) };
    return null;
  }
  if (s.status === 'effective' && s.effectiveDate && !isShelfOrCombination(deal)) {
    const any424B = deal.filings.some((f) => /^(?:424B|253G)/.test(f.formType) && f.filingDate >= (s.effectiveDate as string));
    const deadline = calendar.addTradingDays(s.effectiveDate, opts.postponedTradingDays ?? DEFAULT_POSTPONED_TRADING_DAYS);
    if (!any424B && opts.today > deadline) {
      const postponedSince = addDays(deadline, 1);
      if (idle <= dormant) return { overlay: 'postponed', since: postponedSince };
      return { overlay: 'dormant', since: postponedSince > dormantSince ? postponedSince : dormantSince };
    }
  }
  return null;
}
