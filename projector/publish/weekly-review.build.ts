import type { Article, ArticleData, ArticleOutcome } from './article.types.ts';
import { eligible, groupStats, OUTCOME_SOURCES, statsTable } from './aggregate.ts';
import { barChart } from './chart.svg.ts';
import { byDateThenName, company, figure, listOr, num, outcomeOrder, page, sourceNote, ticker, time } from './html.ts';
import { addDays, weekPeriod, within } from './period.ts';
import { pipelineSection } from './pipeline.ts';
import { dealTypeWords, debutSentence, pricingSentence } from './sentences.ts';

/** How far ahead the weekly review looks for lock-up expiries. */
export const LOCKUP_LOOKAHEAD_DAYS = 28;
/** More debuts than this are charted as horizontal bars, so the tickers stay legible. */
const VERTICAL_BARS_MAX = 8;

/** The week's first-day returns as a bar chart, or words when no debut has a first close yet. */
function day1Chart(debuts: readonly ArticleOutcome[], weekId: string, asOf: string): string {
  const closed = debuts.filter((d) => d.outcome.day1ReturnPct !== null);
  if (!closed.length) return '<p>No first-day close of this week\'s debuts is recorded yet, so there is no return to chart.</p>';
  const title = `First-day returns of the IPOs that began trading in ${weekId}`;
  return figure(
    barChart({
      id: 'day1-returns',
      title,
      categories: closed.map((d) => d.outcome.ticker),
      series: [{ name: 'First-day return', values: closed.map((d) => d.outcome.day1ReturnPct) }],
      style: 'pct',
      horizontal: closed.length > VERTICAL_BARS_MAX,
    }),
    `${title}: first close against the offer price.`,
    sourceNote(OUTCOME_SOURCES, asOf),
  );
}

/**
 * Weekly review of the ISO week holding `anyDateInWeek`: deals priced by type with proceeds,
 * day-1/week-1 returns of the week's debuts (listed and charted), the registration pipeline at the
 * week's end, and lock-up expiries in the next four weeks. Published Saturday 12:00Z, after the
 * week's last session.
 */
export function buildWeeklyReview(anyDateInWeek: string, data: ArticleData): Article {
  const w = weekPeriod(anyDateInWeek);
  const saturday = addDays(w.from, 5);
  const publishedAt = `${saturday}T12:00:00.000Z`;
  const pricings = (data.pricings ?? []).filter((p) => within(p.pricingDate, w)).sort(byDateThenName((p) => p.pricingDate));
  const debuts = eligible((data.outcomes ?? []).filter((o) => within(o.outcome.tradingStartDate, w))).counted.sort(outcomeOrder);
  const ahead = { from: saturday, to: addDays(saturday, LOCKUP_LOOKAHEAD_DAYS) };
  const lockups = (data.lockups ?? []).filter((l) => within(l.expiryDate, ahead)).sort(byDateThenName((l) => l.expiryDate));

  const body: string[] = [`<p>The week of ${time(w.from)} to ${time(w.to)}.</p>`, '<h2>Deals priced</h2>'];
  if (pricings.length) {
    const byType = new Map<string, typeof pricings>();
    for (const p of pricings) byType.set(p.dealType, [...(byType.get(p.dealType) ?? []), p]);
    for (const [type, ps] of [...byType.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
      body.push(`<h3>${dealTypeWords(type)}</h3>`, ...listOr(ps.map((p) => pricingSentence(p, true)), ''));
    }
  } else body.push('<p>No offering priced this week.</p>');

  body.push('<h2>Debuts</h2>');
  if (debuts.length) {
    body.push(
      ...listOr(debuts.map((d) => debutSentence(d, { date: true, week: true })), ''),
      day1Chart(debuts, w.id, publishedAt),
      statsTable('Debuts by deal type', groupStats(debuts, (o) => dealTypeWords(o.dealType)), publishedAt),
    );
  } else body.push('<p>No IPO began trading this week.</p>');

  body.push(...pipelineSection(data.filings ?? [], w.to, 'The pipeline at the end of the week'));

  body.push('<h2>Lock-up expiries ahead</h2>');
  const lockupLines = lockups.map(
    (l) =>
      `${time(l.expiryDate)}: ${company(l.companyName, l.cik)}${ticker(l.ticker)}, ${num(l.shares, 'int', l.source, 'an unstated number of')} shares` +
      (l.firstSellableTradingDay ? `, sellable from ${time(l.firstSellableTradingDay)}` : '') +
      '.',
  );
  body.push(...listOr(lockupLines, 'No lock-up expires in the next four weeks.'));

  const id = `weekly-${w.id}`;
  const proceeds = pricings.map((p) => p.grossProceeds).filter((x): x is number => x !== null);
  return {
    id,
    sourceKind: 'weekly_review',
    title: `IPO weekly review: week of ${w.from}`,
    publishedAt,
    path: `/articles/${id}`,
    html: page(`IPO weekly review: week of ${time(w.from)}`, publishedAt, body),
    summary:
      `Week of ${w.from}: ${pricings.length} priced` +
      (proceeds.length ? ` ($${(proceeds.reduce((a, b) => a + b, 0) / 1e6).toFixed(1)}M)` : '') +
      `, ${debuts.length} debuts, ${lockups.length} lock-up expiries ahead.`,
  };
}
