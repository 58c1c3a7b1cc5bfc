import type { Article, ArticleData } from './article.types.ts';
import { eligible, groupStats, outcomesSource, statsOf, statsTable } from './aggregate.ts';
import { company, formatNumber, num, page, ticker, time } from './html.ts';
import { quarterPeriod, within } from './period.ts';

/**
 * Quarterly review of listings whose first trading day fell in the quarter: counts, proceeds, and
 * mean/median day-1 returns by deal type and by exchange. Rows classified `exclude` for the IPO
 * calendar are left out and counted. Published at 12:00Z on the first day of the next quarter.
 */
export function buildQuarterlyReview(year: number, quarter: 1 | 2 | 3 | 4, data: ArticleData): Article {
  const q = quarterPeriod(year, quarter);
  const inQuarter = (data.outcomes ?? []).filter((o) => within(o.outcome.tradingStartDate, q));
  const { counted, excluded } = eligible(inQuarter);
  const all = statsOf('All listings', counted);
  const src = outcomesSource(q, `IPO outcomes ${q.id}`);
  const label = `${year} Q${quarter}`;

  const withDay1 = counted.filter((o) => o.outcome.day1ReturnPct !== null);
  const ranked = [...withDay1].sort(
    (a, b) =>
      b.outcome.day1ReturnPct! - a.outcome.day1ReturnPct! ||
      a.outcome.ticker.localeCompare(b.outcome.ticker) ||
      a.outcome.cik.localeCompare(b.outcome.cik),
  );
  const line = (o: (typeof ranked)[number]) =>
    `<li>${company(o.outcome.companyName ?? o.outcome.ticker, o.outcome.cik)}${ticker(o.outcome.ticker)}: ` +
    `offered at ${num(o.outcome.offerPrice, 'usd', o.offerSource)}, first close ${num(o.outcome.closeDay1, 'usd', o.priceSource)} ` +
    `(${num(o.outcome.day1ReturnPct, 'pct', o.priceSource)}), started ${time(o.outcome.tradingStartDate)}.</li>`;

  const body = [
    `<p>Covering first trading days from ${time(q.from)} to ${time(q.to)}: ${num(all.count, 'int', src)} listings raised ` +
      `${num(all.proceeds, 'millions', src)}; mean first-day return ${num(all.meanDay1, 'pct', src)}, median ${num(all.medianDay1, 'pct', src)}, ` +
      `mean first-week return ${num(all.meanWeek1, 'pct', src)}.` +
      (excluded ? ` ${num(excluded, 'int', src)} listings outside the IPO calendar (funds, uplistings and the like) are not counted.` : '') +
      '</p>',
    statsTable('By deal type', groupStats(counted, (o) => o.dealType), () => src),
    statsTable('By exchange', groupStats(counted, (o) => o.outcome.exchange ?? 'unknown'), () => src),
  ];
  if (ranked.length) {
    body.push('<h2>Best first days</h2>', '<ol>', ...ranked.slice(0, 5).map(line), '</ol>');
    body.push('<h2>Weakest first days</h2>', '<ol>', ...ranked.slice(-5).reverse().map(line), '</ol>');
  }
  const id = `quarterly-${q.id}`;
  const fmtPct = (x: number | null) => (x === null ? 'n/a' : formatNumber(x, 'pct'));
  return {
    id,
    sourceKind: 'quarterly_review',
    title: `IPO quarterly review: ${label}`,
    publishedAt: `${q.next}T12:00:00.000Z`,
    path: `/articles/${id}`,
    html: page(`IPO quarterly review: ${time(q.from, label)}`, body),
    summary:
      `${label}: ${all.count} listings, ${all.proceeds === null ? 'proceeds n/a' : formatNumber(all.proceeds, 'millions') + ' raised'}, ` +
      `mean day-1 return ${fmtPct(all.meanDay1)}, median ${fmtPct(all.medianDay1)}.`,
  };
}
