import type { ApiFinancialSnapshot } from '../../../schema/api/types.ts';

/** One XBRL fact as company facts JSON serves it. */
export interface XbrlFact {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy?: number | null;
  fp?: string | null;
  form?: string | null;
  filed?: string | null;
  frame?: string;
}

export interface XbrlCompanyFacts {
  cik?: number | string;
  entityName?: string;
  facts?: Record<string, Record<string, { units?: Record<string, XbrlFact[]> }>>;
}

/** Concepts per taxonomy, first present wins. IFRS filers (20-F/F-1) use `ifrs-full`. */
const CONCEPTS = {
  cash: { 'us-gaap': ['CashAndCashEquivalentsAtCarryingValue'], 'ifrs-full': ['CashAndCashEquivalents'] },
  cashAndSecurities: {
    'us-gaap': ['CashCashEquivalentsAndShortTermInvestments'],
    'ifrs-full': [] as string[],
  },
  shortTermSecurities: {
    'us-gaap': ['ShortTermInvestments', 'MarketableSecuritiesCurrent', 'AvailableForSaleSecuritiesDebtSecuritiesCurrent'],
    'ifrs-full': ['CurrentInvestments'],
  },
  assets: { 'us-gaap': ['Assets'], 'ifrs-full': ['Assets'] },
  liabilities: { 'us-gaap': ['Liabilities'], 'ifrs-full': ['Liabilities'] },
  currentAssets: { 'us-gaap': ['AssetsCurrent'], 'ifrs-full': ['CurrentAssets'] },
  currentLiabilities: { 'us-gaap': ['LiabilitiesCurrent'], 'ifrs-full': ['CurrentLiabilities'] },
  retainedEarnings: { 'us-gaap': ['RetainedEarningsAccumulatedDeficit'], 'ifrs-full': ['RetainedEarnings'] },
  netIncome: { 'us-gaap': ['NetIncomeLoss'], 'ifrs-full': ['ProfitLoss'] },
} as const;

type ConceptKey = keyof typeof CONCEPTS;
const TAXONOMIES = ['us-gaap', 'ifrs-full'] as const;
const DAY_MS = 86_400_000;
const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY_MS;

/**
 * `fy`/`fp` describe the filing, not the period, and comparatives are re-reported in later
 * filings; so facts are keyed by (start, end) and the latest-filed value wins (domain §1.5).
 */
export function dedupeFacts(facts: readonly XbrlFact[]): XbrlFact[] {
  const best = new Map<string, XbrlFact>();
  for (const f of facts) {
    const key = `${f.start ?? ''}|${f.end}`;
    const cur = best.get(key);
    const newer = !cur || (f.filed ?? '') > (cur.filed ?? '') || ((f.filed ?? '') === (cur.filed ?? '') && f.accn > cur.accn);
    if (newer) best.set(key, f);
  }
  return [...best.values()].sort((a, b) => a.end.localeCompare(b.end) || (a.start ?? '').localeCompare(b.start ?? ''));
}

function factsFor(doc: XbrlCompanyFacts, key: ConceptKey, kind: 'instant' | 'duration', filedBy: string | null): XbrlFact[] {
  for (const tax of TAXONOMIES) {
    for (const concept of CONCEPTS[key][tax]) {
      const usd = doc.facts?.[tax]?.[concept]?.units?.USD;
      if (!usd?.length) continue;
      const ofKind = usd.filter(
        (f) =>
          (kind === 'instant' ? f.start === undefined : f.start !== undefined) &&
          (filedBy === null || (f.filed ?? '') <= filedBy),
      );
      if (ofKind.length) return dedupeFacts(ofKind);
    }
  }
  return [];
}

const valueAt = (facts: XbrlFact[], end: string): XbrlFact | undefined => facts.find((f) => f.end === end);

/** Latest period's net income/loss and the comparable period a year earlier (same length). */
export function netIncomeLatestAndPrior(facts: XbrlFact[]): { latest: XbrlFact | null; prior: XbrlFact | null } {
  if (facts.length === 0) return { latest: null, prior: null };
  const lastEnd = facts[facts.length - 1].end;
  // Several durations can end on the same date (quarter, year-to-date, fiscal year): the shortest
  // is the latest *period*, the one a prospectus summary table leads with.
  const latest = facts
    .filter((f) => f.end === lastEnd)
    .sort((a, b) => days(a.start!, a.end) - days(b.start!, b.end))[0];
  const length = days(latest.start!, latest.end);
  const sameLength = facts.filter((f) => f !== latest && Math.abs(days(f.start!, f.end) - length) <= 10);
  const yearAgo = sameLength.find((f) => {
    const gap = days(f.end, latest.end);
    return gap >= 350 && gap <= 380;
  });
  const before = sameLength.filter((f) => f.end <= latest.start!);
  return { latest, prior: yearAgo ?? before[before.length - 1] ?? null };
}

/**
 * Financial snapshot from XBRL company facts. Balance-sheet values are all taken at one instant
 * (the latest `Assets` date) so they describe the same balance sheet. Values keep XBRL's signs:
 * a negative `accumulatedDeficit` is a deficit and a negative net value is a loss. USD facts only.
 * Returns null when the facts hold no balance sheet (typical before the first 10-Q, §1.5).
 * `filedOnOrBefore` (YYYY-MM-DD) gives the snapshot as it was known on a date, for history.
 */
export function deriveFinancialSnapshot(
  doc: XbrlCompanyFacts,
  extractedAt: string | null,
  options: { filedOnOrBefore?: string } = {},
): ApiFinancialSnapshot | null {
  const filedBy = options.filedOnOrBefore ?? null;
  const assets = factsFor(doc, 'assets', 'instant', filedBy);
  const anchorSeries = assets.length ? assets : factsFor(doc, 'cash', 'instant', filedBy);
  if (anchorSeries.length === 0) return null;
  const anchor = anchorSeries[anchorSeries.length - 1];
  const at = (key: ConceptKey) => valueAt(factsFor(doc, key, 'instant', filedBy), anchor.end)?.val ?? null;

  const cash = at('cash');
  let cashAndSecurities = at('cashAndSecurities');
  if (cashAndSecurities === null && cash !== null) {
    const securities = at('shortTermSecurities');
    cashAndSecurities = securities === null ? null : cash + securities;
  }
  const currentAssets = at('currentAssets');
  const currentLiabilities = at('currentLiabilities');
  const { latest, prior } = netIncomeLatestAndPrior(factsFor(doc, 'netIncome', 'duration', filedBy));

  return {
    cashAndCashEquivalents: cash,
    cashAndMarketableSecurities: cashAndSecurities,
    workingCapital: currentAssets !== null && currentLiabilities !== null ? currentAssets - currentLiabilities : null,
    totalAssets: at('assets'),
    totalLiabilities: at('liabilities'),
    accumulatedDeficit: at('retainedEarnings'),
    netLossLatestPeriod: latest?.val ?? null,
    netLossPriorPeriod: prior?.val ?? null,
    source: {
      accessionNumber: anchor.accn,
      filingDate: anchor.filed ?? null,
      formType: anchor.form ?? null,
      extractedAt,
    },
  };
}
