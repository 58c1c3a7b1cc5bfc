/**
 * The expiry calendar (GET /api/v1/calendar, its feeds, the expiry_calendar view): for every priced
 * IPO-family offering, each lock-up tranche's expiry and the research quiet period's, one row each.
 * The rules, and why, are in ApiCalendarEntrySchema's description (schema/api/resources.schema.ts).
 */
import type { ApiCalendarEntry, ApiLockupSchedule, ApiOffering } from '../../schema/api/types.ts';
import type { CalendarTermsSource, QuietPeriodRule } from '../../schema/api/vocabulary.ts';
import type { CalendarEntriesTable } from '../../schema/read/tables.ts';
import { addDays } from '../common/dates.ts';
import type { TradingCalendar } from '../common/trading-calendar.ts';
import { isIpoFamily } from './deal-type.derive.ts';
import type { DealLifecycle } from './lifecycle.derive.ts';
import { lockupStartDate } from './lockup.derive.ts';
import type { FilingTermsFact } from './offering.derive.ts';
import { lockupScheduleOf } from './terms.derive.ts';

/** Market practice for an IPO's lock-up (domain.md §4), used only where the terms are not known, and labelled so. */
export const ASSUMED_LOCKUP_DAYS = 180;

/**
 * The research quiet period by the listing date's era, each from the first day it governed a
 * listing: the days research waits by the rule, or by the syndicates' custom where the rule asks
 * less or exempts the issuer. Research initiations come on day 25 by custom (Snap's on 2017-03-27,
 * Uber's on 2019-06-04), the date IPO calendars publish as the quiet period's end, though FINRA
 * Rule 2241 bars only 10 days and the JOBS Act exempts emerging growth companies; from the Global
 * Settlement's NASD Rule 2711 (2002-07-09) to the JOBS Act (2012-04-05) the rule's 40 days bound
 * every IPO's managers, and after it those of an issuer that was no emerging growth company (EGC_ERA);
 * before it, 25 days was the custom the rule lengthened.
 */
interface QuietEra {
  from: string;
  rule: QuietPeriodRule | null;
  days: number;
  source: Extract<CalendarTermsSource, 'rule' | 'market_custom' | 'assumed_default'>;
  words: string;
}

const QUIET_PERIODS: readonly QuietEra[] = [
  {
    from: '2015-12-24',
    rule: 'finra_2241',
    days: 25,
    source: 'market_custom',
    words:
      'Quiet period of 25 days after the IPO, the syndicate custom for research initiations (the date IPO calendars publish); FINRA Rule 2241 itself bars research by the participating underwriters and dealers for 10 days, and exempts emerging growth companies.',
  },
  {
    from: '2002-07-09',
    rule: 'nasd_2711',
    days: 40,
    source: 'rule',
    words: 'NASD Rule 2711: no research by the managers and co-managers for 40 days after the IPO (25 for other participating members).',
  },
  {
    from: '0000-00-00',
    rule: null,
    days: 25,
    source: 'market_custom',
    words: 'Quiet period of 25 days after the IPO, the research custom before NASD Rule 2711 (2002-07-09) lengthened it to 40 days.',
  },
];

export interface CalendarCompany {
  cik: string;
  name: string;
  /** The company's symbol now. */
  ticker: string | null;
  /**
   * The IPO the company's outcome describes: its first trading day and the symbol it listed under as
   * far as the data tells (company-outcome.derive.ts). An entry of that offering carries that symbol,
   * as ipo_outcomes does: Facebook's 2012 lock-up is FB's, not META's; a SPAC's, its units'.
   */
  listing?: { date: string; ticker: string | null } | null;
}

export interface CalendarInput {
  company: CalendarCompany;
  /** The company's served offerings (offerings.derive.ts): the EDGAR ones in the order of `deals`, then a vendor one. */
  offerings: readonly ApiOffering[];
  deals: readonly DealLifecycle[];
  termsByAccession: ReadonlyMap<string, FilingTermsFact>;
  calendar: TradingCalendar;
}

/** Every calendar row of one company, in no particular order (the table orders them). */
export function deriveExpiryCalendar(input: CalendarInput): CalendarEntriesTable[] {
  const edgar = input.offerings.filter((o) => o.source === 'edgar');
  const entries = input.offerings.flatMap((offering) => {
    if (!isIpoFamily(offering.dealType) || (offering.pricedDate === null && offering.listingDate === null)) return [];
    // offeringsOf maps lifecycle.deals in order, so the n-th EDGAR offering is the n-th deal.
    const deal = offering.source === 'edgar' ? (input.deals[edgar.indexOf(offering)] ?? null) : null;
    const base = baseEntry(input.company, offering);
    return [...lockupEntries(base, offering, deal, input), ...quietPeriodEntries(base, offering)];
  });
  const seen = new Set<string>();
  return entries
    .filter((e) => !seen.has(e.id) && seen.add(e.id))
    .map((e) => ({
      expiry_date: e.expiryDate,
      entry_id: e.id,
      kind: e.kind,
      cik: e.cik,
      ticker: e.ticker,
      company_name: e.companyName,
      name_lower: e.companyName.toLowerCase(),
      json: JSON.stringify(e),
    }));
}

type Base = Pick<ApiCalendarEntry, 'cik' | 'companyName' | 'ticker' | 'dealType' | 'fileNumber' | 'offeringSource' | 'listingDate'> & { offeringKey: string };

function baseEntry(company: CalendarCompany, o: ApiOffering): Base {
  // The listing the outcome describes names its own symbol, null included (units whose symbol of the
  // day is unknown, an over-the-counter symbol nothing stands in for): the company's is a later one.
  // Another offering's own evidence may name its symbol (a vendor row that dates no first trade: Calyxt's CLXT).
  const listing = company.listing ?? null;
  const described = listing !== null && listing.date === o.listingDate;
  return {
    cik: company.cik,
    companyName: company.name,
    ticker: described ? listing.ticker : (o.listingSymbol ?? company.ticker),
    dealType: o.dealType,
    fileNumber: o.fileNumber,
    offeringSource: o.source,
    listingDate: o.listingDate,
    // A vendor offering has no file number: its listing date names it (a company lists once a day at most).
    offeringKey: o.fileNumber ?? `listed-${o.listingDate ?? o.pricedDate}`,
  };
}

function entry(base: Base, fields: Omit<ApiCalendarEntry, keyof Base | 'id' | 'firstSellableTradingDay'> & { firstSellableTradingDay?: string | null }): ApiCalendarEntry {
  const { offeringKey, ...offering } = base;
  return {
    id: `${fields.kind}:${base.cik}:${offeringKey}:${fields.tranche}`,
    kind: fields.kind,
    expiryDate: fields.expiryDate,
    firstSellableTradingDay: fields.firstSellableTradingDay ?? null,
    ...offering,
    startDate: fields.startDate,
    days: fields.days,
    tranche: fields.tranche,
    shares: fields.shares,
    termsSource: fields.termsSource,
    rule: fields.rule,
    sourceAccessionNumber: fields.sourceAccessionNumber,
    description: fields.description,
  };
}

/**
 * The stated tranches (the same schedule the company detail serves with include=lockup_schedule);
 * a tranche whose start the data cannot date has no entry. Without stated terms, an IPO gets the
 * 180-day market practice, labelled assumed; other IPO-family types get none (a SPAC's founder
 * shares are locked until after its combination, a direct listing usually has no lock-up).
 */
function lockupEntries(base: Base, o: ApiOffering, deal: DealLifecycle | null, input: CalendarInput): ApiCalendarEntry[] {
  const schedule: ApiLockupSchedule | null = deal ? lockupScheduleOf(deal, input.termsByAccession, o.listingDate) : null;
  if (schedule && schedule.tranches.length > 0) {
    return schedule.tranches.flatMap((t, i) => {
      if (t.expiryDate === null || schedule.startDate === null) return [];
      return [
        entry(base, {
          kind: 'lockup',
          expiryDate: t.expiryDate,
          firstSellableTradingDay: t.firstSellableTradingDay,
          // A tranche counted from the closing starts later than the schedule's start: its own start is expiry − days.
          startDate: addDays(t.expiryDate, -t.days),
          days: t.days,
          tranche: i + 1,
          shares: t.shares,
          termsSource: 'prospectus',
          rule: null,
          sourceAccessionNumber: schedule.sourceAccessionNumber,
          description: t.description,
        }),
      ];
    });
  }
  if (o.dealType !== 'ipo') return [];
  const start = lockupStartDate(
    { effectiveDate: deal?.effectiveDate ?? null, finalProspectusFilingDate: deal?.finalProspectus?.filingDate ?? null, listingDate: o.listingDate },
    input.calendar,
  );
  if (start === null) return [];
  const expiryDate = addDays(start, ASSUMED_LOCKUP_DAYS);
  return [
    entry(base, {
      kind: 'lockup',
      expiryDate,
      firstSellableTradingDay: input.calendar.nextTradingDay(expiryDate),
      startDate: start,
      days: ASSUMED_LOCKUP_DAYS,
      tranche: 1,
      shares: null,
      termsSource: 'assumed_default',
      rule: null,
      sourceAccessionNumber: null,
      description: `Assumed, not stated: the data holds no lock-up terms of this IPO, so the ${ASSUMED_LOCKUP_DAYS}-day market practice is counted from the pricing date.`,
    }),
  ];
}

/**
 * From the JOBS Act (2012-04-05) to FINRA Rule 2241 (2015-12-24) the quiet period turned on the issuer:
 * an emerging growth company was exempt from NASD Rule 2711 and saw research after the custom's 25
 * days (Twitter, 2013-11-07: initiations on 2013-12-02); one that was not waited the rule's 40 days
 * (Facebook, 2012-05-18: initiations on 2012-06-26). Its prospectus says which (the EGC statement every
 * registration of the era carries, read as the issuer structure flag emerging_growth_company); an
 * offering whose terms were not read is assumed an EGC, as most IPOs of those years were, and labelled so.
 */
const JOBS_ACT = '2012-04-05';
const EGC_ERA: Record<'egc' | 'not_egc' | 'unknown', QuietEra> = {
  egc: {
    from: JOBS_ACT,
    rule: 'nasd_2711',
    days: 25,
    source: 'market_custom',
    words:
      'Quiet period of 25 days after the IPO, the research custom for emerging growth companies, which the JOBS Act exempted from NASD Rule 2711; its filings show it was one (its prospectus says so, or it submitted a confidential draft, which only emerging growth companies could before 2017-07-10).',
  },
  not_egc: {
    from: JOBS_ACT,
    rule: 'nasd_2711',
    days: 40,
    source: 'rule',
    words: 'NASD Rule 2711: no research by the managers and co-managers for 40 days after the IPO (25 for other participating members); its prospectus states no emerging-growth-company status, which would have exempted it.',
  },
  unknown: {
    from: JOBS_ACT,
    rule: 'nasd_2711',
    days: 25,
    source: 'assumed_default',
    words:
      "Assumed: the data holds no prospectus of this IPO to say whether the issuer was an emerging growth company, as most IPOs from 2012-04-05 to 2015-12-23 were, so the 25 days of an EGC's custom are counted; if it was not one (revenue of $1 billion or more in its last fiscal year), NASD Rule 2711's 40 days applied instead.",
  },
};

/** Until 2017-07-10 the SEC reviewed draft registration statements in confidence for emerging growth companies only. */
const DRAFTS_OPEN_TO_ALL = '2017-07-10';

function egcStatus(o: ApiOffering): keyof typeof EGC_ERA {
  // A confidential draft (DRS) of the era is evidence enough: only an EGC could submit one (AAOI, 2013).
  if (o.draftFileNumbers.length > 0 && (o.openedDate ?? o.listingDate ?? DRAFTS_OPEN_TO_ALL) < DRAFTS_OPEN_TO_ALL) return 'egc';
  if (o.terms === null) return 'unknown';
  return (o.terms.issuerStructureFlags ?? []).includes('emerging_growth_company') ? 'egc' : 'not_egc';
}

/**
 * The quiet period of the listing date's era (QUIET_PERIODS), counted from the first trading day. None
 * without underwriters (a direct listing), and none for a SPAC: a blank check has no business for its
 * underwriters' analysts to initiate on, so no research quiet period is kept or published for it.
 */
function quietPeriodEntries(base: Base, o: ApiOffering): ApiCalendarEntry[] {
  if (o.listingDate === null || o.dealType === 'direct_listing' || o.dealType === 'spac') return [];
  const listingDate = o.listingDate;
  const byDate = QUIET_PERIODS.find((r) => listingDate >= r.from)!;
  const era = byDate.rule === 'nasd_2711' && listingDate >= JOBS_ACT ? EGC_ERA[egcStatus(o)] : byDate;
  return [
    entry(base, {
      kind: 'quiet_period',
      expiryDate: addDays(listingDate, era.days),
      startDate: listingDate,
      days: era.days,
      tranche: 1,
      shares: null,
      termsSource: era.source,
      rule: era.rule,
      sourceAccessionNumber: null,
      description: era.words,
    }),
  ];
}
