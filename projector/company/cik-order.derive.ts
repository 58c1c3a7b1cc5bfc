/**
 * EDGAR numbers entities in the order they register (Form ID), so CIK order is age order: an entity
 * whose CIK is larger than that of an entity that first filed after date D did not exist at D, and a
 * vendor IPO row dated D cannot be its IPO. Biohaven Ltd (CIK 1935979, spun off in 2022 with the
 * BHVN symbol) cannot be the issuer of Yahoo's BHVN row of 2017: Solidion (CIK 1881551) first filed
 * in 2021.
 *
 * The rule trusts a first filing to follow its CIK closely, which is usual (a registrant asks for a
 * CIK in order to file) but not always so: Applied Optoelectronics (CIK 1158114) first filed in
 * 2006, after Tesla, whose CIK (1318605) is larger, first filed in 2005. Taken at its word, AAOI
 * would say that JetBlue (CIK 1158463) did not exist at its 2002 IPO. An entity that first filed
 * after a larger CIK did is provably late (its CIK is older than the larger one's first filing), so
 * it bounds nothing; the entities kept have first filings rising with their CIKs, and the bound for
 * an entity is that of the nearest kept CIK below it. A late first filer that no larger known CIK
 * exposes still bounds too far: the more entities are known, the finer and safer the bounds.
 *
 * Used only for entities whose own first filing is unknown (no submissions page read): when it is
 * known, it decides (vendor-company.derive.ts).
 */
import { cmp } from '../common/dates.ts';

/** An entity whose first EDGAR filing is known (its submissions page was read). */
export interface KnownFirstFiling {
  /** 10-digit padded CIK. */
  cik: string;
  firstFilingDate: string;
}

/** The known entities the rule trusts, in CIK order, each with its first filing (see the header). */
export interface CikFrontier {
  ciks: readonly string[];
  bounds: readonly string[];
}

export function cikFrontier(known: readonly KnownFirstFiling[]): CikFrontier {
  const firstOf = new Map<string, string>();
  for (const { cik, firstFilingDate } of known) {
    const seen = firstOf.get(cik);
    if (seen === undefined || firstFilingDate < seen) firstOf.set(cik, firstFilingDate);
  }
  const sorted = [...firstOf.keys()].sort(cmp);
  const ciks: string[] = [];
  const bounds: string[] = [];
  // From the largest CIK down, keep an entity only when no larger CIK first filed before it did.
  let earliest = '9999-12-31';
  for (let i = sorted.length - 1; i >= 0; i--) {
    const date = firstOf.get(sorted[i])!;
    if (date > earliest) continue;
    earliest = date;
    ciks.push(sorted[i]);
    bounds.push(date);
  }
  return { ciks: ciks.reverse(), bounds: bounds.reverse() };
}

/**
 * The date before which an entity with this CIK did not exist on EDGAR, by the known entities with
 * smaller CIKs; null when none is smaller.
 */
export function notOnEdgarBefore(frontier: CikFrontier, cik: string): string | null {
  // The nearest known CIK below: bounds rise with CIKs, so it holds the latest bound.
  let lo = 0;
  let hi = frontier.ciks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (frontier.ciks[mid] < cik) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : frontier.bounds[lo - 1];
}

/** Whether the CIK order says an entity with this CIK did not yet exist on `date`. */
export function postdatesByCik(frontier: CikFrontier, cik: string, date: string): boolean {
  const bound = notOnEdgarBefore(frontier, cik);
  return bound !== null && date < bound;
}

/** CIKs above `above` up to `upTo` (exclusive, inclusive; null is unbounded). */
export interface CikRange {
  above: string | null;
  upTo: string | null;
}

/**
 * The CIK ranges whose bound differs between two frontiers: the entities whose joins a new known
 * first filing may change. The bound is constant between two consecutive known CIKs of either.
 */
export function changedCikRanges(before: CikFrontier, after: CikFrontier): CikRange[] {
  const breaks = [...new Set([...before.ciks, ...after.ciks])].sort(cmp);
  const ranges: CikRange[] = [];
  // Each range (breaks[i-1], breaks[i]] takes the bound of its upper end; the last is open above.
  for (let i = 0; i <= breaks.length; i++) {
    const above = i === 0 ? null : breaks[i - 1];
    const upTo = i === breaks.length ? null : breaks[i];
    const probe = upTo ?? '9999999999';
    if (notOnEdgarBefore(before, probe) === notOnEdgarBefore(after, probe)) continue;
    const last = ranges[ranges.length - 1];
    if (last && last.upTo === above) last.upTo = upTo;
    else ranges.push({ above, upTo });
  }
  return ranges;
}
