import type { ArticleOutcome, SourceLink } from './article.types.ts';
import { mean, median, num } from './html.ts';
import type { Period } from './period.ts';

/** The outcomes API query that reproduces an aggregate: the data source an aggregate links to. */
export function outcomesSource(p: Period, label: string): SourceLink {
  return { label, url: `/api/v1/outcomes?trading_start_date_from=${p.from}&trading_start_date_to=${p.to}` };
}

export interface GroupStats {
  key: string;
  count: number;
  proceeds: number | null;
  meanDay1: number | null;
  medianDay1: number | null;
  meanWeek1: number | null;
}

/** Outcomes that count: calendar-eligible (or unclassified) and with a known offer price. */
export function eligible(rows: readonly ArticleOutcome[]): { counted: ArticleOutcome[]; excluded: number } {
  const counted = rows.filter((r) => r.calendarEligibility !== 'exclude');
  return { counted, excluded: rows.length - counted.length };
}

export function groupStats(rows: readonly ArticleOutcome[], keyOf: (r: ArticleOutcome) => string): GroupStats[] {
  const groups = new Map<string, ArticleOutcome[]>();
  for (const r of rows) {
    const k = keyOf(r);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return [...groups.entries()]
    .map(([key, rs]) => statsOf(key, rs))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

export function statsOf(key: string, rows: readonly ArticleOutcome[]): GroupStats {
  const day1 = rows.map((r) => r.outcome.day1ReturnPct).filter((x): x is number => x !== null);
  const week1 = rows.map((r) => r.outcome.week1ReturnPct).filter((x): x is number => x !== null);
  const proceeds = rows.map((r) => r.grossProceeds).filter((x): x is number => x !== null);
  return {
    key,
    count: rows.length,
    proceeds: proceeds.length ? proceeds.reduce((a, b) => a + b, 0) : null,
    meanDay1: mean(day1),
    medianDay1: median(day1),
    meanWeek1: mean(week1),
  };
}

export function statsTable(caption: string, stats: readonly GroupStats[], src: (key: string) => SourceLink): string {
  const rows = stats.map((s) => {
    const link = src(s.key);
    return (
      `<tr><th scope="row">${s.key.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</th><td>${num(s.count, 'int', link)}</td>` +
      `<td>${num(s.proceeds, 'millions', link)}</td><td>${num(s.meanDay1, 'pct', link)}</td>` +
      `<td>${num(s.medianDay1, 'pct', link)}</td><td>${num(s.meanWeek1, 'pct', link)}</td></tr>`
    );
  });
  return [
    `<table><caption>${caption}</caption>`,
    '<thead><tr><th></th><th>Deals</th><th>Proceeds</th><th>Mean first-day return</th><th>Median first-day return</th><th>Mean first-week return</th></tr></thead>',
    '<tbody>',
    ...rows,
    '</tbody></table>',
  ].join('\n');
}
