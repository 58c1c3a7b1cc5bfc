/**
 * A deal's status (lifecycle.derive.ts) in two steps, so that every prefix of its filings costs O(1):
 * `scanDeal` folds the deal's filings once, oldest first, into one step per filing (what the filings
 * up to it establish, whatever the date); `statusAt` reads a step as of a date, the only part that
 * depends on it (a first trade or a listing counts only by then). The company's 8-A12B and CERT* dates
 * are indexed once (`listingIndex`) and searched by bisection.
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import type { TradingCalendar } from '../common/trading-calendar.ts';
import type { Deal } from './deals.group.ts';
import { isIpoFamily, type DealType } from './deal-type.derive.ts';
import {
  AUTO_EFFECTIVE_FORMS, baseForm, COMBINATION_FORMS, DRAFT_FORMS, EFFECT_FORMS, isAmendment, isListingForm, isRegistrationActivity, OPENING_FORMS, PRICED_FORMS,
  PRICING_TAKEDOWN_FORMS, SHELF_FORMS, TAKEDOWN_RUN_DAYS,
} from '../common/forms.ts';
import { addDays, daysBetween } from '../common/dates.ts';
import type { FilingFact } from './filing.facts.ts';
import { supersedesTakedown } from './takedowns.ts';
import type { DealStatus } from '../../schema/api/vocabulary.ts';

export type RangeTerms = Pick<ApiTermsExtended, 'priceRangeLow' | 'priceRangeHigh' | 'offeringPrice'>;

/** An EFFECT more than this many days before a 424B is not its pricing day. */
const EFFECT_TO_424B_DAYS = 10;
/** Listing filings more than this many days after effectiveness/pricing are not this deal's. */
const LISTING_WINDOW_DAYS = 30;
/** A vendor row's first trade belongs to a deal when it falls this many days or fewer after the deal's pricing. */
export const VENDOR_TRADE_WINDOW_DAYS = 10;

/**
 * Whether a vendor IPO row's first trade (`tradeDate`) is the first trade of the deal that priced (or,
 * unpriced, went effective) on `basis`: on that day or within VENDOR_TRADE_WINDOW_DAYS after it. An
 * IPO trades the day after pricing (a SPAC's units often the same day, its 424B4 filed days later).
 */
export function isDealTrade(basis: string, tradeDate: string): boolean {
  const gap = daysBetween(basis, tradeDate);
  return gap >= 0 && gap <= VENDOR_TRADE_WINDOW_DAYS;
}

/**
 * What shows the company's securities trading, whichever source saw it: the first daily bar of its
 * listed security, and the first-trade dates of its vendor IPO rows (ascending). A deal that priced or
 * went effective lists on the first of them that is its own (see firstTradeOf) once the as-of date
 * reaches it, so a served status never precedes the listing date served beside it.
 */
export interface TradeEvidence {
  firstBarDate: string | null;
  vendorTradeDates: readonly string[];
}

export const NO_TRADES: TradeEvidence = { firstBarDate: null, vendorTradeDates: [] };

/** A deal's status and the dates it rests on, as of one date. */
export interface StatusFacts<F extends FilingFact = FilingFact> {
  status: DealStatus;
  /** T_last: the latest registration-statement activity. */
  lastActivityDate: string;
  effectiveDate: string | null;
  pricedDate: string | null;
  /** The first 424B4/424B1/253G2, or the first shelf takedown (424B2/424B5/424B7). */
  finalProspectus: F | null;
  withdrawnDate: string | null;
  expectedFirstTradeDate: string | null;
  /** The deal's first trade by the as-of date (firstTradeOf): a daily bar's or a vendor row's. */
  firstTradeDate: string | null;
}

/**
 * What a deal's filings up to and including one of them establish, whatever the as-of date: the
 * fold of its forms plus the dates computed from them (pricing day, expected first trade).
 */
export interface ScanStep<F extends FilingFact> {
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
export function scanDeal<F extends FilingFact>(
  deal: Deal<F>,
  dealKind: DealType,
  terms: ReadonlyMap<string, RangeTerms> | undefined,
  calendar: TradingCalendar,
): ScanStep<F>[] {
  const autoEffective = deal.baseForm !== null && AUTO_EFFECTIVE_FORMS.has(deal.baseForm);
  const steps: ScanStep<F>[] = [];
  let withdrawnDate: string | null = null;
  let noticeDate: string | null = null;
  let finalProspectus: F | null = null;
  // The latest free writing prospectus: a notes takedown's final term sheet, filed the day it priced.
  let termSheet: F | null = null;
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
    // A shelf takedown sells at a price fixed by then: the first one prices the deal like a 424B4,
    // unless another follows it within days: that one is the final supplement, the first a preliminary
    // (takedowns.ts finalTakedownOf, met here one filing at a time).
    const priceable = PRICED_FORMS.has(f.formType) || PRICING_TAKEDOWN_FORMS.has(f.formType);
    if ((priceable && !finalProspectus) || (finalProspectus !== null && supersedesTakedown(finalProspectus, f))) {
      finalProspectus = f;
      dated = null;
    }
    if (f.formType === 'FWP') termSheet = f;
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
      const pricedDate = finalProspectus ? pricingDate(finalProspectus, effectiveDate, calendar, termSheet) : null;
      const tradeBasis = pricedDate ?? effectiveDate;
      dated = {
        pricedDate,
        tradeBasis,
        // Only a deal that puts a new class on an exchange has a first trade: never a follow-on, resale or debt deal.
        expectedFirstTradeDate: tradeBasis && listable(dealKind) ? calendar.nextTradingDay(tradeBasis) : null,
        // 8-A12B and CERT* are filed around effectiveness; years later they belong to another event.
        listingUntil: tradeBasis && listable(dealKind) ? addDays(tradeBasis, LISTING_WINDOW_DAYS) : null,
      };
    }
    steps.push({ withdrawnDate, effectiveDate, finalProspectus, lastActivityDate, launched, amended, opened, drafted, ...dated });
  }
  return steps;
}

/** The deal's status from one scan step, as of `asOf` (a first trade or a listing counts only by then). */
export function statusAt<F extends FilingFact>(
  deal: Pick<Deal<F>, 'openedDate'> & { dealKind: DealType },
  step: ScanStep<F>,
  listing: ListingIndex,
  asOf: string,
  trades: TradeEvidence,
  calendar: TradingCalendar,
): StatusFacts<F> {
  const { lastActivityDate, effectiveDate, finalProspectus, withdrawnDate, tradeBasis } = step;
  const firstTradeDate = listable(deal.dealKind) && tradeBasis ? firstTradeOf(tradeBasis, trades, asOf) : null;
  // A deal trades only once it priced: a first trade on the day the 424B4's date puts the pricing (a
  // 424B4 filed two business days after it) dates the pricing to the trading day before.
  const tradedFirst = firstTradeDate !== null && step.pricedDate !== null && firstTradeDate <= step.pricedDate;
  const pricedDate = tradedFirst ? calendar.previousTradingDay(firstTradeDate) : step.pricedDate;
  const expectedFirstTradeDate = tradedFirst ? firstTradeDate : step.expectedFirstTradeDate;

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

/**
 * The deal's first trade by `asOf`, for a deal that priced or went effective on `basis`: the first daily
 * bar on or after that day, else the first vendor first-trade date that is the deal's (isDealTrade).
 * The bar speaks first, as it does for the served listing date (consensus-rules.derive.ts).
 */
export function firstTradeOf(basis: string, trades: TradeEvidence, asOf: string): string | null {
  const bar = trades.firstBarDate;
  if (bar && bar >= basis && bar <= asOf) return bar;
  return trades.vendorTradeDates.find((d) => d <= asOf && isDealTrade(basis, d)) ?? null;
}

/** Filing dates (ascending) of the company's exchange registrations (8-A12B) and exchange certifications (CERT*). */
export interface ListingIndex {
  registrations: string[];
  certifications: string[];
}

export function listingIndex(sorted: readonly FilingFact[]): ListingIndex {
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
function pricingDate(final: FilingFact, effectiveDate: string | null, calendar: TradingCalendar, termSheet: FilingFact | null): string {
  // A takedown prices under a shelf already in force (an automatic one is effective the day it is
  // filed, often with the preliminary supplement): its day is the final supplement's eve, as any other's.
  // Notes price on the day of their final term sheet (an FWP, Rule 433), which the 424B2 follows by up
  // to the two business days Rule 424(b)(2) allows: Marvell's 2023 notes priced 2023-09-11, the day
  // of their FWP, their 424B2 filed 2023-09-13. A term sheet of the 424B2's own day tells nothing the
  // eve does not (and which of the two a day's index lists first is no order).
  // Never before the shelf is in force: a supplement filed with an automatic shelf the same day (an
  // at-the-market program's, Wolfspeed's of 2021-02-11) is dated by the shelf.
  const takedown = PRICING_TAKEDOWN_FORMS.has(final.formType);
  if (takedown) {
    const sheetDay =
      final.formType === '424B2' && termSheet !== null && termSheet.filingDate < final.filingDate && daysBetween(termSheet.filingDate, final.filingDate) <= TAKEDOWN_RUN_DAYS
        ? termSheet.filingDate
        : null;
    const day = sheetDay ?? calendar.previousTradingDay(final.filingDate);
    return effectiveDate !== null && effectiveDate > day && effectiveDate <= final.filingDate ? effectiveDate : day;
  }
  if (effectiveDate && effectiveDate <= final.filingDate && daysBetween(effectiveDate, final.filingDate) <= EFFECT_TO_424B_DAYS) return effectiveDate;
  return calendar.previousTradingDay(final.filingDate);
}

/**
 * Deals that put a new class on an exchange: the IPO family, and Reg A offerings (a Tier 2 offering can
 * list with 8-A12B + CERT). A follow-on, resale, shelf or debt deal never lists and has no first trade.
 */
export function listable(kind: DealType): boolean {
  return isIpoFamily(kind) || kind === 'reg_a';
}

export function isShelfOrCombination(deal: Pick<Deal, 'baseForm'>): boolean {
  return deal.baseForm !== null && (SHELF_FORMS.has(deal.baseForm) || COMBINATION_FORMS.has(deal.baseForm));
}
