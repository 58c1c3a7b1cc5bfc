import type { GrossProceedsBasis } from '../../schema/api/vocabulary.ts';
import type { ArticleListing, SourceLink } from './article.types.ts';
import { esc, mean, median, num, sourceNote } from './html.ts';

/**
 * What a proceeds total adds up, in words: a final prospectus's total is its base deal, the vendor IPO
 * table's offer size may include over-allotment shares sold or not (the vendor does not say which), and a
 * sum of both mixes them. No deal is named as an example: an article must not cite a deal after its date. Empty when no
 * proceeds are summed.
 */
export function proceedsBasisNote(bases: ReadonlyArray<GrossProceedsBasis | null | undefined>): string {
  const base = bases.filter((b) => b === 'base_deal').length;
  const full = bases.filter((b) => b === 'vendor_offer_size').length;
  if (base > 0 && full > 0) {
    return `Proceeds mix two bases: ${base} state the base deal (a final prospectus's total, without the over-allotment), ${full} may include over-allotment shares sold (the vendor IPO table's offer size).`;
  }
  if (full > 0) return 'Proceeds are the vendor IPO table\'s offer sizes, which may include over-allotment shares sold (the vendor does not say which).';
  if (base > 0) return 'Proceeds are the final prospectuses\' totals: the base deal, without the over-allotment.';
  return '';
}

/** Where listing figures come from; each listing's own offer price links to its prospectus where there is one. */
export const OUTCOME_SOURCES: readonly SourceLink[] = [
  { label: "listings, offer prices and proceeds as this service serves them (its ipo_calendar and offerings views): from the final prospectus (424B4: the base deal) where it read one, else from the vendor IPO table (its offer size may include over-allotment shares sold; the vendor does not say which)", url: null },
  { label: 'first-day and first-week closes from daily price bars, which the data holds for some listings only: returns are averaged over those', url: null },
];

/** A figure computed over several listings: named after the table or sentence it belongs to. */
export const computed = (what: string): SourceLink => ({ label: `${what}, computed from the listings named in this article`, url: null });

export interface GroupStats {
  key: string;
  count: number;
  /** …of them, those with a first-day return from daily price bars: the returns below are theirs. */
  withReturns: number;
  /** …of them, those whose first week was over by the article's date: the mean first-week return is theirs. */
  withWeek1: number;
  proceeds: number | null;
  meanDay1: number | null;
  medianDay1: number | null;
  meanWeek1: number | null;
}

export function groupStats(rows: readonly ArticleListing[], keyOf: (r: ArticleListing) => string): GroupStats[] {
  const groups = new Map<string, ArticleListing[]>();
  for (const r of rows) {
    const k = keyOf(r);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return [...groups.entries()]
    .map(([key, rs]) => statsOf(key, rs))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

export function statsOf(key: string, rows: readonly ArticleListing[]): GroupStats {
  const day1 = rows.map((r) => r.outcome?.day1ReturnPct ?? null).filter((x): x is number => x !== null);
  const week1 = rows.map((r) => r.outcome?.week1ReturnPct ?? null).filter((x): x is number => x !== null);
  const proceeds = rows.map((r) => r.grossProceeds).filter((x): x is number => x !== null);
  return {
    key,
    count: rows.length,
    withReturns: day1.length,
    withWeek1: week1.length,
    proceeds: proceeds.length ? proceeds.reduce((a, b) => a + b, 0) : null,
    meanDay1: mean(day1),
    medianDay1: median(day1),
    meanWeek1: mean(week1),
  };
}

/** A table of group statistics, followed by its source note; a cell without data says so. */
export function statsTable(caption: string, stats: readonly GroupStats[], asOf: string): string {
  const src = computed(caption);
  const rows = stats.map(
    (s) =>
      `<tr><th scope="row">${esc(s.key)}</th><td>${num(s.count, 'int', src)}</td>` +
      `<td>${num(s.proceeds, 'millions', src, 'not stated')}</td><td>${num(s.withReturns, 'int', src)}</td><td>${num(s.meanDay1, 'pct', src, 'no close known')}</td>` +
      `<td>${num(s.medianDay1, 'pct', src, 'no close known')}</td><td>${num(s.meanWeek1, 'pct', src, s.withReturns > 0 ? 'first week not complete' : 'no close known')}</td></tr>`,
  );
  return [
    `<table><caption>${esc(caption)}</caption>`,
    '<thead><tr><th scope="col">Group</th><th scope="col">Deals</th><th scope="col">Proceeds</th><th scope="col">With a first close</th><th scope="col">Mean first-day return</th><th scope="col">Median first-day return</th><th scope="col">Mean first-week return</th></tr></thead>',
    '<tbody>',
    ...rows,
    '</tbody></table>',
    sourceNote(OUTCOME_SOURCES, asOf),
  ].join('\n');
}
