import type { Article, ArticleData, ArticleListing } from './article.types.ts';
import { groupStats, OUTCOME_SOURCES, statsTable } from './aggregate.ts';
import { barChart } from './chart.svg.ts';
import { figure, formatNumber, listOr, page, sourceNote, time } from './html.ts';
import { lockupFacts, lockupSection, lockupSummary } from './lockup-expiries.ts';
import { dataAsOf } from './as-of.ts';
import { addDays, weekPeriod } from './period.ts';
import { countByType, periodFacts, withRole, type PeriodFacts } from './period-facts.ts';
import { pipelineSection } from './pipeline.ts';
import { listedCountSentence, pricedSection, proceedsOf, undatedDebuts } from './sections.ts';
import { coverageParagraph, dealTypeWords, debutSentence, familyPlural, plural } from './sentences.ts';

/** How far ahead the weekly review looks for lock-up expiries. */
export const LOCKUP_LOOKAHEAD_DAYS = 28;
/** More debuts than this are charted as horizontal bars, so the tickers stay legible. */
const VERTICAL_BARS_MAX = 8;

/** The week's first-day returns as a bar chart, or words when no debut has a first close in the data. */
function day1Chart(debuts: readonly ArticleListing[], weekId: string, asOf: string): string {
  const closed = debuts.filter((d) => d.outcome?.day1ReturnPct != null);
  if (!closed.length) return '<p>No first-day close of this week\'s debuts is in the data, so there is no return to chart.</p>';
  const title = `First-day returns of the debuts of ${weekId}`;
  const shown =
    closed.length === debuts.length
      ? ''
      : ` ${closed.length} of the week's ${debuts.length} debuts ${closed.length === 1 ? 'has' : 'have'} a first close in the data; the ${debuts.length - closed.length === 1 ? 'other is' : 'others are'} not charted.`;
  return figure(
    barChart({
      id: 'day1-returns',
      title,
      categories: closed.map((d) => d.outcome!.ticker ?? d.ticker ?? d.companyName ?? d.cik),
      series: [{ name: 'First-day return', values: closed.map((d) => d.outcome!.day1ReturnPct) }],
      style: 'pct',
      horizontal: closed.length > VERTICAL_BARS_MAX,
    }),
    `${title}: first close against the offer price.${shown}`,
    sourceNote(OUTCOME_SOURCES, asOf),
  );
}

/**
 * Weekly review of the ISO week holding `anyDateInWeek`: what the database holds for the week, the
 * deals priced (IPOs by type with proceeds; deals held for review and those that are not IPOs listed
 * apart), day-1/week-1 returns of the week's debuts (listed and charted), the registration pipeline
 * at the week's end, and lock-up expiries in the next four weeks. Every count renders the week's
 * facts (period-facts.ts). Published Saturday 12:00Z, after the week's last session.
 */
export function buildWeeklyReview(anyDateInWeek: string, everything: ArticleData): Article {
  const w = weekPeriod(anyDateInWeek);
  const saturday = addDays(w.from, 5);
  const publishedAt = `${saturday}T12:00:00.000Z`;
  const data = dataAsOf(everything, saturday);
  const facts = periodFacts(data, w);
  const debuts = withRole(facts.listed, 'ipo').map((d) => d.listing!);
  const lockups = lockupFacts(data, { from: saturday, to: addDays(saturday, LOCKUP_LOOKAHEAD_DAYS) });

  const body: string[] = [
    `<p>The week of ${time(w.from)} to ${time(w.to)}.</p>`,
    coverageParagraph(facts.coverage, `the week ${time(w.id)}`, publishedAt),
    '<h2>Deals priced</h2>',
    ...pricedSection(facts, 'this week'),
    '<h2>Debuts</h2>',
    `<p>${listedCountSentence(facts, 'this week')}</p>`,
  ];
  if (debuts.length) {
    body.push(
      ...listOr(debuts.map((d) => debutSentence(d, { date: true, week: true })), ''),
      day1Chart(debuts, w.id, publishedAt),
      statsTable('Debuts by deal type', groupStats(debuts, (o) => dealTypeWords(o.dealType)), publishedAt),
    );
  }

  // As of the week's last weekday, before the Saturday it is published: never a day after the article.
  body.push(...pipelineSection(data.filings ?? [], addDays(w.from, 4), 'The pipeline at the end of the week'));

  body.push('<h2>Lock-up expiries ahead</h2>', ...lockupSection(lockups, 'the next four weeks'));

  const id = `weekly-${w.id}`;
  return {
    id,
    sourceKind: 'weekly_review',
    title: `IPO weekly review: week of ${w.from}`,
    publishedAt,
    path: `/articles/${id}`,
    html: page(`IPO weekly review: week of ${time(w.from)}`, publishedAt, body),
    summary: `Week of ${w.from}: ${weekSummary(facts)}, ${lockupSummary(lockups)}.`,
  };
}

/**
 * "4 IPOs priced ($2,402.8M), 4 IPOs began trading (1 with no pricing date in the data), 1 other offering
 * priced": the sections' counts. A week whose debuts the data cannot date as priced leads with the
 * debuts: "0 IPOs priced" above Twitter's first trade would read as a quiet week.
 */
function weekSummary(facts: PeriodFacts): string {
  const ipos = withRole(facts.priced, 'ipo');
  const debuts = withRole(facts.listed, 'ipo');
  const { total } = proceedsOf(ipos);
  const others = facts.priced.length - ipos.length;
  const undated = undatedDebuts(facts).length;
  const othersPart = others ? `, ${plural(others, 'other offering', 'other offerings')} priced (not counted as IPOs)` : '';
  const began = `${familyPlural(countByType(debuts))} began trading`;
  if (ipos.length === 0 && undated > 0) {
    const none = undated === debuts.length ? (undated === 1 ? 'its pricing date is not in the data' : 'none with a pricing date in the data') : `${undated} with no pricing date in the data, no other IPO priced`;
    return `${began} (${none})${othersPart}`;
  }
  return (
    `${familyPlural(countByType(ipos))} priced${total === null ? '' : ` (${formatNumber(total, 'millions')})`}, ` +
    began +
    (undated ? ` (${undated} with no pricing date in the data)` : '') +
    othersPart
  );
}
