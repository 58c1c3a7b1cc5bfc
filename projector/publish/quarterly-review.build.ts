import type { Article, ArticleData, ArticleOutcome } from './article.types.ts';
import { computed, groupStats, OUTCOME_SOURCES, proceedsBasisNote, statsOf, statsTable } from './aggregate.ts';
import { barChart } from './chart.svg.ts';
import { company, figure, formatNumber, listOr, num, page, sourceNote, ticker, time } from './html.ts';
import { quarterPeriod } from './period.ts';
import { articleDataAsOf } from './as-of.ts';
import { periodFacts, withRole } from './period-facts.ts';
import { counted, coverageParagraph, dealTypeWords } from './sentences.ts';
import { bestAndWeakest, listsNote } from './first-day-lists.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The quarter's proceeds by month of first trade, stacked by deal type; words when no proceeds are stated. */
function proceedsChart(ipos: readonly ArticleOutcome[], year: number, quarter: number, asOf: string): string {
  const months = [0, 1, 2].map((i) => (quarter - 1) * 3 + i);
  const withProceeds = ipos.filter((o) => o.grossProceeds !== null);
  if (!withProceeds.length) return '<p>None of this quarter\'s listings states its proceeds, so there is nothing to chart.</p>';
  const totals = new Map<string, number>();
  for (const o of withProceeds) totals.set(o.dealType, (totals.get(o.dealType) ?? 0) + o.grossProceeds!);
  const types = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
  const monthOf = (o: ArticleOutcome) => Number(o.outcome.tradingStartDate.slice(5, 7)) - 1;
  const series = types.map((type) => ({
    name: dealTypeWords(type),
    values: months.map((m) => {
      const rows = withProceeds.filter((o) => o.dealType === type && monthOf(o) === m);
      return rows.length ? rows.reduce((a, o) => a + o.grossProceeds!, 0) : null;
    }),
  }));
  const title = `Proceeds raised in ${year} Q${quarter}, by month of first trade and deal type`;
  return figure(
    barChart({ id: 'proceeds', title, categories: months.map((m) => MONTHS[m]), series, style: 'millions' }),
    `${title}. Listings that state no proceeds are left out.`,
    sourceNote(OUTCOME_SOURCES, asOf),
  );
}

/**
 * Quarterly review of listings whose first trading day fell in the quarter: counts, proceeds (charted
 * by month), and mean/median day-1 returns by deal type and by exchange. Rows classified `exclude`
 * for the IPO calendar are left out and counted. Published at 12:00Z on the first day of the next quarter,
 * from what was known then (as-of.ts): a listing of the quarter's last days has no first-week return yet.
 */
export function buildQuarterlyReview(year: number, quarter: 1 | 2 | 3 | 4, data: ArticleData): Article {
  const q = quarterPeriod(year, quarter);
  const publishedAt = `${q.next}T12:00:00.000Z`;
  const facts = periodFacts(articleDataAsOf(data, publishedAt), q);
  const ipos = withRole(facts.listed, 'ipo').map((d) => d.listing!);
  const excluded = facts.listed.length - ipos.length;
  const all = statsOf('All listings', ipos);
  const src = computed(`${year} Q${quarter} listings`);
  const label = `${year} Q${quarter}`;
  const basisNote = proceedsBasisNote(ipos.filter((o) => o.grossProceeds !== null).map((o) => o.grossProceedsBasis));

  const withDay1 = ipos.filter((o) => o.outcome.day1ReturnPct !== null);
  const ranked = [...withDay1].sort(
    (a, b) =>
      b.outcome.day1ReturnPct! - a.outcome.day1ReturnPct! ||
      a.outcome.ticker.localeCompare(b.outcome.ticker) ||
      a.outcome.cik.localeCompare(b.outcome.cik),
  );
  const { best, weakest } = bestAndWeakest(ranked, (o) => o.outcome.day1ReturnPct!);
  const line = (o: (typeof ranked)[number]) =>
    `${company(o.outcome.companyName ?? o.outcome.ticker, o.outcome.cik)}${ticker(o.outcome.ticker)}: ` +
    `offered at ${num(o.outcome.offerPrice, 'usd', o.offerSource)}, first close ${num(o.outcome.closeDay1, 'usd', o.priceSource)} ` +
    `(${num(o.outcome.day1ReturnPct, 'pct', o.priceSource)}), started ${time(o.outcome.tradingStartDate)}.`;

  const returns =
    all.meanDay1 === null
      ? 'none has a first close recorded yet'
      : `mean first-day return ${num(all.meanDay1, 'pct', src)}, median ${num(all.medianDay1, 'pct', src)}, ` +
        `mean first-week return ${num(all.meanWeek1, 'pct', src, 'not complete yet')}` +
        (all.meanWeek1 !== null && all.week1Count < all.count ? ` (over the ${num(all.week1Count, 'int', src)} with a first-week close by ${time(q.to)})` : '');
  const body = [
    `<p>Covering first trading days from ${time(q.from)} to ${time(q.to)}: the ${counted(all.count, 'IPO', 'IPOs', src)} of this service's sample ` +
      `raised ${num(all.proceeds, 'millions', src, 'proceeds not stated')}; ${returns}.` +
      (excluded ? ` ${num(excluded, 'int', src)} listings outside the IPO calendar (SPACs, funds and other deals that are not IPOs) are not counted.` : '') +
      (basisNote ? ` ${basisNote}` : '') +
      '</p>',
    coverageParagraph(facts.coverage, time(q.from, label), publishedAt),
    '<h2>Proceeds</h2>',
    proceedsChart(ipos, year, quarter, publishedAt),
    '<h2>Returns by group</h2>',
    statsTable('By deal type', groupStats(ipos, (o) => dealTypeWords(o.dealType)), publishedAt),
    statsTable('By exchange', groupStats(ipos, (o) => o.outcome.exchange ?? 'Exchange not recorded'), publishedAt),
    '<h2>Best first days</h2>',
    ...listsNote(ranked.length, best.length, weakest.length),
    ...listOr(best.map(line), 'No listing of this quarter has a first close recorded yet.', 'ol'),
    '<h2>Weakest first days</h2>',
    ...listOr(weakest.map(line), ranked.length ? 'The quarter\'s only listing with a first close is listed among the best first days.' : 'No listing of this quarter has a first close recorded yet.', 'ol'),
  ];
  const id = `quarterly-${q.id}`;
  const pct = (x: number | null) => (x === null ? 'not available' : formatNumber(x, 'pct'));
  return {
    id,
    sourceKind: 'quarterly_review',
    title: `IPO quarterly review: ${label}`,
    publishedAt,
    path: `/articles/${id}`,
    html: page(`IPO quarterly review: ${time(q.from, label)}`, publishedAt, body),
    summary:
      `${label}: ${all.count} listings, ${all.proceeds === null ? 'proceeds not stated' : formatNumber(all.proceeds, 'millions') + ' raised'}, ` +
      (all.meanDay1 === null ? 'no first-day close recorded yet.' : `mean day-1 return ${pct(all.meanDay1)}, median ${pct(all.medianDay1)}.`),
  };
}
