import type { Article, ArticleData } from './article.types.ts';
import { eligible, groupStats, outcomesSource, statsTable } from './aggregate.ts';
import { byDateThenName, company, outcomeOrder, esc, num, page, ticker, time } from './html.ts';
import { addDays, weekPeriod, within } from './period.ts';

/** How far ahead the weekly review looks for lock-up expiries. */
export const LOCKUP_LOOKAHEAD_DAYS = 28;

/**
 * Weekly review of the ISO week holding `anyDateInWeek`: deals priced by type with proceeds,
 * day-1/week-1 returns of the week's debuts, and lock-up expiries in the next four weeks.
 * Published Saturday 12:00Z, after the week's last session.
 */
export function buildWeeklyReview(anyDateInWeek: string, data: ArticleData): Article {
  const w = weekPeriod(anyDateInWeek);
  const saturday = addDays(w.from, 5);
  const pricings = (data.pricings ?? []).filter((p) => within(p.pricingDate, w)).sort(byDateThenName((p) => p.pricingDate));
  const debuts = eligible((data.outcomes ?? []).filter((o) => within(o.outcome.tradingStartDate, w))).counted.sort(outcomeOrder);
  const ahead = { from: saturday, to: addDays(saturday, LOCKUP_LOOKAHEAD_DAYS) };
  const lockups = (data.lockups ?? []).filter((l) => within(l.expiryDate, ahead)).sort(byDateThenName((l) => l.expiryDate));
  const src = outcomesSource(w, `IPO outcomes ${w.id}`);

  const body: string[] = [`<p>The week of ${time(w.from)} to ${time(w.to)}.</p>`];
  body.push('<h2>Deals priced</h2>');
  if (pricings.length) {
    const byType = new Map<string, typeof pricings>();
    for (const p of pricings) byType.set(p.dealType, [...(byType.get(p.dealType) ?? []), p]);
    for (const [type, ps] of [...byType.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
      body.push(`<h3>${esc(type)}</h3>`, '<ul>');
      for (const p of ps) {
        body.push(
          `<li>${time(p.pricingDate)}: ${company(p.companyName, p.cik)}${ticker(p.ticker)} at ${num(p.offerPrice, 'usd', p.source)}, ` +
            `${num(p.grossProceeds, 'millions', p.source)}.</li>`,
        );
      }
      body.push('</ul>');
    }
  } else body.push('<p>No pricings this week.</p>');

  body.push('<h2>Debuts</h2>');
  if (debuts.length) {
    body.push('<ul>');
    for (const d of debuts) {
      const o = d.outcome;
      body.push(
        `<li>${company(o.companyName ?? o.ticker, o.cik)}${ticker(o.ticker)}, first trade ${time(o.tradingStartDate)}: ` +
          `offer ${num(o.offerPrice, 'usd', d.offerSource)}, first day ${num(o.day1ReturnPct, 'pct', d.priceSource)}, ` +
          `first week ${num(o.week1ReturnPct, 'pct', d.priceSource)}.</li>`,
      );
    }
    body.push('</ul>', statsTable('Debuts by deal type', groupStats(debuts, (o) => o.dealType), () => src));
  } else body.push('<p>No debuts this week.</p>');

  body.push('<h2>Lock-up expiries ahead</h2>');
  if (lockups.length) {
    body.push('<ul>');
    for (const l of lockups) {
      body.push(
        `<li>${time(l.expiryDate)}: ${company(l.companyName, l.cik)}${ticker(l.ticker)}, ` +
          `${num(l.shares, 'int', l.source)} shares` +
          (l.firstSellableTradingDay ? `, sellable from ${time(l.firstSellableTradingDay)}` : '') +
          '.</li>',
      );
    }
    body.push('</ul>');
  } else body.push(`<p>None in the next four weeks.</p>`);

  const id = `weekly-${w.id}`;
  const proceeds = pricings.map((p) => p.grossProceeds).filter((x): x is number => x !== null);
  return {
    id,
    sourceKind: 'weekly_review',
    title: `IPO weekly review: week of ${w.from}`,
    publishedAt: `${saturday}T12:00:00.000Z`,
    path: `/articles/${id}`,
    html: page(`IPO weekly review: week of ${time(w.from)}`, body),
    summary:
      `Week of ${w.from}: ${pricings.length} priced` +
      (proceeds.length ? ` ($${(proceeds.reduce((a, b) => a + b, 0) / 1e6).toFixed(1)}M)` : '') +
      `, ${debuts.length} debuts, ${lockups.length} lock-up expiries ahead.`,
  };
}
