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

export interface DealLifecycle<F extends FilingFact = FilingFact> extends Deal<F> {
  dealKind: DealType;
  status: DealStatus;
  overlay: DealOverlay | null;
  /** `overlay ?? status`: the value served as offeringStatus. */
  displayStatus: DealStatus | DealOverlay;
  /** T_last: the latest registration-statement activity. */
  lastActivityDate: string;
  lastFilingDate: string;
  effectiveDate: string | null;
  pricedDate: string | null;
  finalProspectus: F | null;
  withdrawnDate: string | null;
  expectedFirstTradeDate: string | null;
  /** The first bar date, when it belongs to this deal. */
  firstTradeDate: string | null;
  upsized: boolean;
  delisted: boolean;
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
  const listing = sorted.filter((f) => isListingForm(f.formType));
  const typeOf = opts.dealTypeOf ?? ((deal: Deal<F>) => deriveDealType({ deal, company: opts.company, companyFilings: sorted }).dealType);
  const deals = groupDeals(sorted).map((deal) => evaluateDeal(deal, typeOf(deal), listing, opts, calendar));
  const currentDeal = pickCurrent(deals);

  const inferredStatus = new Map<string, string>();
  const dealOf = new Map<string, DealLifecycle<F>>();
  for (const d of deals) for (const f of d.filings) dealOf.set(f.accessionNumber, d);
  for (const f of sorted) {
    const own = dealOf.get(f.accessionNumber);
    if (own) {
      const prefix = own.filings.filter((g) => chronological(g, f) <= 0);
      inferredStatus.set(f.accessionNumber, statusOf({ ...own, filings: prefix }, listing, f.filingDate, opts, calendar).status);
      continue;
    }
    // Filings outside any deal (8-A12B, CERT, 10-K …) carry the company's status at that moment.
    const before = deals
      .map((d) => ({ ...d, filings: d.filings.filter((g) => chronological(g, f) <= 0) }))
      .filter((d) => d.filings.length > 0)
      .map((d) => ({ ...d, ...statusOf(d, listing, f.filingDate, opts, calendar), lastFilingDate: d.filings[d.filings.length - 1].filingDate }));
    const current = pickCurrent(before);
    inferredStatus.set(f.accessionNumber, current ? current.status : 'none');
  }
  return { deals, currentDeal, offeringStatus: currentDeal?.displayStatus ?? 'none', inferredStatus };
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

function evaluateDeal<F extends FilingFact>(deal: Deal<F>, dealKind: DealType, listing: FilingFact[], opts: LifecycleOptions<F>, calendar: TradingCalendar): DealLifecycle<F> {
  const s = statusOf<F>({ ...deal, dealKind }, listing, opts.today, opts, calendar);
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

interface StatusFacts<F extends FilingFact = FilingFact> {
  status: DealStatus;
  lastActivityDate: string;
  effectiveDate: string | null;
  pricedDate: string | null;
  finalProspectus: F | null;
  withdrawnDate: string | null;
  expectedFirstTradeDate: string | null;
  firstTradeDate: string | null;
}

function statusOf<F extends FilingFact>(
  deal: Deal<F> & { dealKind: DealType },
  listing: FilingFact[],
  asOf: string,
  opts: LifecycleOptions<F>,
  calendar: TradingCalendar,
): StatusFacts<F> {
  const filings = deal.filings;
  let withdrawnDate: string | null = null;
  let effectiveDate: string | null = null;
  let finalProspectus: F | null = null;
  let lastActivityDate = filings[0].filingDate;
  for (const f of filings) {
    if (f.formType === 'RW' || f.formType === '1-A-W') withdrawnDate = f.filingDate;
    else if (f.formType === 'RW WD') withdrawnDate = null;
    // The first notice is the registration's; later ones re-effect post-effective amendments.
    if (EFFECT_FORMS.has(f.formType) && !effectiveDate) effectiveDate = f.filingDate;
    if (PRICED_FORMS.has(f.formType) && !finalProspectus) finalProspectus = f;
    if (isRegistrationActivity(f.formType)) lastActivityDate = f.filingDate;
  }
  const autoEffective = deal.baseForm !== null && AUTO_EFFECTIVE_FORMS.has(deal.baseForm);
  if (autoEffective) effectiveDate = deal.openedDate;
  const pricedDate = finalProspectus ? pricingDate(finalProspectus, effectiveDate, calendar) : null;
  const tradeBasis = pricedDate ?? (deal.dealKind === 'direct_listing' ? effectiveDate : null) ?? effectiveDate;
  const expectedFirstTradeDate = tradeBasis && !isShelfOrCombination(deal) ? calendar.nextTradingDay(tradeBasis) : null;
  const bar = opts.firstBarDate ?? null;
  const firstTradeDate = bar && tradeBasis && bar >= tradeBasis && bar <= asOf && listable(deal.dealKind) ? bar : null;

  const base = { lastActivityDate, effectiveDate, pricedDate, finalProspectus, withdrawnDate, expectedFirstTradeDate, firstTradeDate };
  if (withdrawnDate) return { status: 'withdrawn', ...base };
  if ((finalProspectus || effectiveDate) && listable(deal.dealKind)) {
    // 8-A12B and CERT* are filed around effectiveness; years later they belong to another event.
    const until = addDays((pricedDate ?? effectiveDate) as string, LISTING_WINDOW_DAYS);
    const since = listing.filter((f) => f.filingDate >= deal.openedDate && f.filingDate <= asOf && f.filingDate <= until);
    const approved = since.some((f) => f.formType.startsWith('8-A12B')) && since.some((f) => f.formType.startsWith('CERT'));
    if (firstTradeDate || (approved && expectedFirstTradeDate !== null && asOf >= expectedFirstTradeDate)) return { status: 'listed', ...base };
  }
  if (finalProspectus) return { status: 'priced', ...base };
  if (effectiveDate) return { status: 'effective', ...base };
  if (launched(filings, opts.termsByAccession)) return { status: 'launched', ...base };
  if (filings.some((f) => isAmendment(f.formType) && OPENING_FORMS.has(baseForm(f.formType)))) return { status: 'amended', ...base };
  if (filings.some((f) => OPENING_FORMS.has(baseForm(f.formType)))) return { status: 'filed', ...base };
  if (filings.some((f) => DRAFT_FORMS.has(baseForm(f.formType)))) return { status: 'draft', ...base };
  // Only followers are visible (an index-only RW, a 424B3 of a registration filed before our history).
  return { status: 'filed', ...base };
}

/** The EFFECT notice on or shortly before the 424B is pricing day; otherwise the trading day before the 424B. */
function pricingDate(final: FilingFact, effectiveDate: string | null, calendar: TradingCalendar): string {
  if (effectiveDate && effectiveDate <= final.filingDate && daysBetween(effectiveDate, final.filingDate) <= EFFECT_TO_424B_DAYS) return effectiveDate;
  return calendar.previousTradingDay(final.filingDate);
}

function launched(filings: FilingFact[], terms: ReadonlyMap<string, RangeTerms> | undefined): boolean {
  if (!terms) return false;
  let latest: RangeTerms | null = null;
  for (const f of filings) {
    const t = terms.get(f.accessionNumber);
    if (t && (OPENING_FORMS.has(baseForm(f.formType)) || f.formType === 'FWP' || f.formType === '424A')) latest = t;
  }
  if (!latest) return false;
  return (latest.priceRangeLow !== null && latest.priceRangeHigh !== null) || latest.offeringPrice !== null;
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
