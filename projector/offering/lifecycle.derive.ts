/**
 * Offering lifecycle (domain.md §2.3). Per deal, the highest-precedence status whose condition holds:
 *   withdrawn  RW (Reg A: 1-A-W) not followed by a later RW WD; AW withdraws one amendment, not the deal
 *   listed     priced or effective, and a first daily bar on/after pricing, or 8-A12B + CERT* filed since
 *              the deal opened and the as-of date on/after the expected first trade (next NYSE day after pricing)
 *   priced     424B4, 424B1 or 253G2
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
 * A filing's inferredStatus is its deal's status evaluated on the filings up to and including it, as of
 * its filing date, without overlays (those depend on the clock, not on the filing).
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import { createTradingCalendar, type TradingCalendar } from '../market/trading-calendar.ts';
import { groupDeals, type Deal } from './deals.group.ts';
import { deriveDealType, isIpoFamily, type DealType } from './deal-type.derive.ts';
import {
  addDays, AUTO_EFFECTIVE_FORMS, baseForm, chronological, COMBINATION_FORMS, daysBetween, DRAFT_FORMS, EFFECT_FORMS, isAmendment,
  isListingForm, isRegistrationActivity, MEF_FORMS, OPENING_FORMS, PRICED_FORMS, SHELF_FORMS,
} from './forms.ts';
import type { CompanyFacts, DealOverlay, DealStatus, FilingFact } from './types.ts';

export type RangeTerms = Pick<ApiTermsExtended, 'priceRangeLow' | 'priceRangeHigh' | 'offeringPrice'>;

export interface LifecycleOptions<F extends FilingFact = FilingFact> {
  /** YYYY-MM-DD; the projection's notion of now, injected. */
  today: string;
  calendar?: TradingCalendar;
  staleDays?: number;
  dormantDays?: number;
  postponedTradingDays?: number;
  /** Date of the first daily bar of the company's listed security, when prices were fetched. */
  firstBarDate?: string | null;
  /** Terms read from registration documents, by accession number. */
  termsByAccession?: ReadonlyMap<string, RangeTerms>;
  company?: CompanyFacts | null;
  /** Deal type per deal; defaults to the forms-only rules of deal-type.derive. */
  dealTypeOf?: (deal: Deal<F>) => DealType;
}

export interface DealLifecycle<F extends FilingFact = FilingFact> extends Deal<F>, StatusFacts<F> {
  dealKind: DealType;
  overlay: DealOverlay | null;
  /** `overlay ?? status`: the value served as offeringStatus. */
  displayStatus: DealStatus | DealOverlay;
  lastFilingDate: string;
  upsized: boolean;
  delisted: boolean;
}

/** A deal's status and the dates it rests on, as of one date. */
export interface StatusFacts<F extends FilingFact = FilingFact> {
  status: DealStatus;
  /** T_last: the latest registration-statement activity. */
  lastActivityDate: string;
  effectiveDate: string | null;
  pricedDate: string | null;
  finalProspectus: F | null;
  withdrawnDate: string | null;
  expectedFirstTradeDate: string | null;
  /** The first bar date, when it belongs to this deal. */
  firstTradeDate: string | null;
}

export interface CompanyLifecycle<F extends FilingFact = FilingFact> {
  deals: DealLifecycle<F>[];
  currentDeal: DealLifecycle<F> | null;
  /** One of OFFERING_STATUSES: the current deal's display status, `none` without a deal. */
  offeringStatus: string;
  /** accession → inferredStatus, for every filing given. */
  inferredStatus: Map<string, string>;
}

export const DEFAULT_STALE_DAYS = 90;
export const DEFAULT_DORMANT_DAYS = 270;
export const DEFAULT_POSTPONED_TRADING_DAYS = 15;
/** An EFFECT more than this many days before a 424B is not its pricing day. */
const EFFECT_TO_424B_DAYS = 10;
/** Listing filings more than this many days after effectiveness/pricing are not this deal's. */
const LISTING_WINDOW_DAYS = 30;

export function deriveLifecycle<F extends FilingFact>(filings: readonly F[], opts: LifecycleOptions<F>): CompanyLifecycle<F> {
  const calendar = opts.calendar ?? createTradingCalendar();
  const sorted = [...filings].sort(chronological);
  const listing = listingIndex(sorted);
  const typeOf = opts.dealTypeOf ?? ((deal: Deal<F>) => deriveDealType({ deal, company: opts.company, companyFilings: sorted }).dealType);
  const scanned = groupDeals(sorted).map((deal) => {
    const dealKind = typeOf(deal);
    return { deal, dealKind, steps: scanDeal(deal, dealKind, opts, calendar) };
  });
  const deals = scanned.map(({ deal, dealKind, steps }) => evaluateDeal(deal, dealKind, steps[steps.length - 1], listing, opts, calendar));
  const currentDeal = pickCurrent(deals);
  return { deals, currentDeal, offeringStatus: currentDeal?.displayStatus ?? 'none', inferredStatus: inferStatuses(sorted, deals, scanned, listing, opts) };
}

/**
 * Every filing's inferredStatus in one chronological pass. A deal's filing gets the deal's status over
 * its filings up to it; a filing outside any deal (8-A12B, CERT, 10-K …) gets the status of the deal
 * that was current at that moment. Walking in order, each deal's prefix only grows, and the deal that
 * just grew has the latest last filing, so "current" is a running maximum rather than a rescan.
 */
function inferStatuses<F extends FilingFact>(
  sorted: readonly F[],
  deals: readonly DealLifecycle<F>[],
  scanned: ReadonlyArray<{ steps: readonly ScanStep<F>[] }>,
  listing: ListingIndex,
  opts: LifecycleOptions<F>,
): Map<string, string> {
  const position = new Map<string, { deal: number; index: number }>();
  deals.forEach((d, deal) => d.filings.forEach((f, index) => position.set(f.accessionNumber, { deal, index })));
  const seen = new Array<number>(deals.length).fill(0);
  const lastDate = new Array<string>(deals.length).fill('');
  // Same order as pickCurrent: last filing date, then opening date, then key.
  const later = (a: number, b: number): boolean =>
    lastDate[a] > lastDate[b] ||
    (lastDate[a] === lastDate[b] && (deals[a].openedDate > deals[b].openedDate || (deals[a].openedDate === deals[b].openedDate && deals[a].key > deals[b].key)));
  let latestIpo = -1;
  let latestAny = -1;
  const inferred = new Map<string, string>();
  for (const f of sorted) {
    const own = position.get(f.accessionNumber);
    if (own) {
      seen[own.deal] = own.index + 1;
      lastDate[own.deal] = f.filingDate;
      if (latestAny === -1 || later(own.deal, latestAny)) latestAny = own.deal;
      if (isIpoFamily(deals[own.deal].dealKind) && (latestIpo === -1 || later(own.deal, latestIpo))) latestIpo = own.deal;
      inferred.set(f.accessionNumber, statusAt(deals[own.deal], scanned[own.deal].steps[own.index], listing, f.filingDate, opts).status);
      continue;
    }
    const current = latestIpo !== -1 ? latestIpo : latestAny;
    inferred.set(
      f.accessionNumber,
      current === -1 ? 'none' : statusAt(deals[current], scanned[current].steps[seen[current] - 1], listing, f.filingDate, opts).status,
    );
  }
  return inferred;
}

/** The latest IPO-family deal when there is one, else the latest deal (by last filing, then opening). */
function pickCurrent<T extends { dealKind: DealType; lastFilingDate: string; openedDate: string; key: string }>(deals: T[]): T | null {
  const ipo = deals.filter((d) => isIpoFamily(d.dealKind));
  const pool = ipo.length > 0 ? ipo : deals;
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
  opts: LifecycleOptions<F>,
  calendar: TradingCalendar,
): DealLifecycle<F> {
  const s = statusAt({ ...deal, dealKind }, last, listing, opts.today, opts);
  const overlay = overlayOf(deal, s, opts, calendar);
  return {
    ...deal,
    ...s,
    dealKind,
    overlay,
    displayStatus: overlay ?? s.status,
    lastFilingDate: deal.filings[deal.filings.length - 1].filingDate,
    upsized: deal.mefFileNumbers.length > 0 || deal.filings.some((f) => MEF_FORMS.has(baseForm(f.formType))),
    delisted: deal.filings.some((f) => f.formType === '25-NSE'),
  };
}

/**
 * What a deal's filings up to and including one of them establish, whatever the as-of date: the
 * fold of its forms plus the dates computed from them (pricing day, expected first trade).
 */
interface ScanStep<F extends FilingFact> {
  withdrawnDate: string | null;
  effectiveDate: string | null;
  finalProspectus: F | null;
  lastActivityDate: string;
  /** The latest registration document read states a price range or a fixed price. */
  launched: boolean;
  amended: boolean;
  opened: boolean;
  drafted: boolean;
  pricedDate: string | null;
  /** pricedDate, else the effective date: what a first trade and the listing window count from. */
  tradeBasis: string | null;
  expectedFirstTradeDate: string | null;
  /** Last day an 8-A12B/CERT still belongs to this deal (LISTING_WINDOW_DAYS after tradeBasis). */
  listingUntil: string | null;
}

/** One step per filing of the deal, oldest first: steps[i] folds filings[0..i]. */
function scanDeal<F extends FilingFact>(deal: Deal<F>, dealKind: DealType, opts: LifecycleOptions<F>, calendar: TradingCalendar): ScanStep<F>[] {
  const terms = opts.termsByAccession;
  const autoEffective = deal.baseForm !== null && AUTO_EFFECTIVE_FORMS.has(deal.baseForm);
  const shelfOrCombination = isShelfOrCombination(deal);
  const steps: ScanStep<F>[] = [];
  let withdrawnDate: string | null = null;
  let noticeDate: string | null = null;
  let finalProspectus: F | null = null;
  let lastActivityDate = deal.filings[0].filingDate;
  let launched = false;
  let amended = false;
  let opened = false;
  let drafted = false;
  let dated: Pick<ScanStep<F>, 'pricedDate' | 'tradeBasis' | 'expectedFirstTradeDate' | 'listingUntil'> | null = null;
  for (const f of deal.filings) {
    const base = baseForm(f.formType);
    if (f.formType === 'RW' || f.formType === '1-A-W') withdrawnDate = f.filingDate;
    else if (f.formType === 'RW WD') withdrawnDate = null;
    // The first notice is the registration's; later ones re-effect post-effective amendments.
    if (EFFECT_FORMS.has(f.formType) && !noticeDate) {
      noticeDate = f.filingDate;
      dated = null;
    }
    if (PRICED_FORMS.has(f.formType) && !finalProspectus) {
      finalProspectus = f;
      dated = null;
    }
    if (isRegistrationActivity(f.formType)) lastActivityDate = f.filingDate;
    const read = terms?.get(f.accessionNumber);
    if (read && (OPENING_FORMS.has(base) || f.formType === 'FWP' || f.formType === '424A')) {
      launched = (read.priceRangeLow !== null && read.priceRangeHigh !== null) || read.offeringPrice !== null;
    }
    if (OPENING_FORMS.has(base)) {
      opened = true;
      if (isAmendment(f.formType)) amended = true;
    }
    if (DRAFT_FORMS.has(base)) drafted = true;
    const effectiveDate = autoEffective ? deal.openedDate : noticeDate;
    if (dated === null) {
      const pricedDate = finalProspectus ? pricingDate(finalProspectus, effectiveDate, calendar) : null;
      const tradeBasis = pricedDate ?? effectiveDate;
      dated = {
        pricedDate,
        tradeBasis,
        expectedFirstTradeDate: tradeBasis && !shelfOrCombination ? calendar.nextTradingDay(tradeBasis) : null,
        // 8-A12B and CERT* are filed around effectiveness; years later they belong to another event.
        listingUntil: tradeBasis && listable(dealKind) ? addDays(tradeBasis, LISTING_WINDOW_DAYS) : null,
      };
    }
    steps.push({ withdrawnDate, effectiveDate, finalProspectus, lastActivityDate, launched, amended, opened, drafted, ...dated });
  }
  return steps;
}

/** The deal's status from one scan step, as of `asOf` (a first bar or a listing counts only by then). */
function statusAt<F extends FilingFact>(
  deal: Pick<Deal<F>, 'openedDate'> & { dealKind: DealType },
  step: ScanStep<F>,
  listing: ListingIndex,
  asOf: string,
  opts: LifecycleOptions<F>,
): StatusFacts<F> {
  const { lastActivityDate, effectiveDate, pricedDate, finalProspectus, withdrawnDate, expectedFirstTradeDate, tradeBasis } = step;
  const bar = opts.firstBarDate ?? null;
  const firstTradeDate = bar && tradeBasis && bar >= tradeBasis && bar <= asOf && listable(deal.dealKind) ? bar : null;

  const base = { lastActivityDate, effectiveDate, pricedDate, finalProspectus, withdrawnDate, expectedFirstTradeDate, firstTradeDate };
  if (withdrawnDate) return { status: 'withdrawn', ...base };
  if ((finalProspectus || effectiveDate) && listable(deal.dealKind)) {
    const until = step.listingUntil as string;
    const to = asOf < until ? asOf : until;
    const approved = hasDateIn(listing.registrations, deal.openedDate, to) && hasDateIn(listing.certifications, deal.openedDate, to);
    if (firstTradeDate || (approved && expectedFirstTradeDate !== null && asOf >= expectedFirstTradeDate)) return { status: 'listed', ...base };
  }
  if (finalProspectus) return { status: 'priced', ...base };
  if (effectiveDate) return { status: 'effective', ...base };
  if (step.launched) return { status: 'launched', ...base };
  if (step.amended) return { status: 'amended', ...base };
  if (step.opened) return { status: 'filed', ...base };
  if (step.drafted) return { status: 'draft', ...base };
  // Only followers are visible (an index-only RW, a 424B3 of a registration filed before our history).
  return { status: 'filed', ...base };
}

/** Filing dates (ascending) of the company's exchange registrations (8-A12B) and exchange certifications (CERT*). */
interface ListingIndex {
  registrations: string[];
  certifications: string[];
}

function listingIndex(sorted: readonly FilingFact[]): ListingIndex {
  const index: ListingIndex = { registrations: [], certifications: [] };
  for (const f of sorted) {
    if (!isListingForm(f.formType)) continue;
    if (f.formType.startsWith('8-A12B')) index.registrations.push(f.filingDate);
    if (f.formType.startsWith('CERT')) index.certifications.push(f.filingDate);
  }
  return index;
}

/** Whether an ascending list of dates holds one in [from, to] (binary search). */
function hasDateIn(dates: readonly string[], from: string, to: string): boolean {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < dates.length && dates[lo] <= to;
}

/** The EFFECT notice on or shortly before the 424B is pricing day; otherwise the trading day before the 424B. */
function pricingDate(final: FilingFact, effectiveDate: string | null, calendar: TradingCalendar): string {
  if (effectiveDate && effectiveDate <= final.filingDate && daysBetween(effectiveDate, final.filingDate) <= EFFECT_TO_424B_DAYS) return effectiveDate;
  return calendar.previousTradingDay(final.filingDate);
}

function overlayOf<F extends FilingFact>(deal: Deal<F>, s: StatusFacts<F>, opts: LifecycleOptions<F>, calendar: TradingCalendar): DealOverlay | null {
  const stale = opts.staleDays ?? DEFAULT_STALE_DAYS;
  const dormant = opts.dormantDays ?? DEFAULT_DORMANT_DAYS;
  const idle = daysBetween(s.lastActivityDate, opts.today);
  if (s.status === 'draft' || s.status === 'filed' || s.status === 'amended' || s.status === 'launched') {
    if (idle > dormant) return 'dormant';
    if (idle > stale) return 'stale';
    return null;
  }
  if (s.status === 'effective' && s.effectiveDate && !isShelfOrCombination(deal)) {
    const any424B = deal.filings.some((f) => /^(?:424B|253G)/.test(f.formType) && f.filingDate >= (s.effectiveDate as string));
    const deadline = calendar.addTradingDays(s.effectiveDate, opts.postponedTradingDays ?? DEFAULT_POSTPONED_TRADING_DAYS);
    if (!any424B && opts.today > deadline) return idle > dormant ? 'dormant' : 'postponed';
  }
  return null;
}

/** Deals that put a new class on an exchange; a follow-on or resale of a listed class never "lists". */
function listable(kind: DealType): boolean {
  return isIpoFamily(kind) || kind === 'reg_a';
}

function isShelfOrCombination(deal: Pick<Deal, 'baseForm'>): boolean {
  return deal.baseForm !== null && (SHELF_FORMS.has(deal.baseForm) || COMBINATION_FORMS.has(deal.baseForm));
}
