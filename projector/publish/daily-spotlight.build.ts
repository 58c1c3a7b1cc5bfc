import type { Article, ArticleData } from './article.types.ts';
import { byDateThenName, company, outcomeOrder, esc, num, page, plain, ticker, time } from './html.ts';

const INITIAL_FORMS = new Set(['S-1', 'F-1', 'S-11', 'DRS', 'DRS/A', 'F-1/A', 'S-1/A', '1-A']);
const WITHDRAWAL_FORMS = new Set(['RW', 'RW WD', 'AW']);

/**
 * The day's pricings, new registration filings, withdrawals and first-day trading. Null on a day
 * with none of these, so quiet days publish nothing. Published at 21:30Z, after the close.
 */
export function buildDailySpotlight(day: string, data: ArticleData): Article | null {
  const pricings = (data.pricings ?? []).filter((p) => p.pricingDate === day).sort(byDateThenName((p) => p.pricingDate));
  const filings = (data.filings ?? []).filter((f) => f.filingDate === day);
  const newFilings = filings.filter((f) => INITIAL_FORMS.has(f.formType) && !f.formType.endsWith('/A')).sort(byDateThenName((f) => f.accessionNumber));
  const withdrawals = filings.filter((f) => WITHDRAWAL_FORMS.has(f.formType)).sort(byDateThenName((f) => f.accessionNumber));
  const debuts = (data.outcomes ?? [])
    .filter((o) => o.outcome.tradingStartDate === day)
    .sort(outcomeOrder);
  if (pricings.length + newFilings.length + withdrawals.length + debuts.length === 0) return null;

  const body: string[] = [];
  if (pricings.length) {
    body.push('<h2>Priced</h2>', '<ul>');
    for (const p of pricings) {
      body.push(
        `<li>${company(p.companyName, p.cik)}${ticker(p.ticker)} priced at ${num(p.offerPrice, 'usd', p.source)}` +
          ` for ${num(p.grossProceeds, 'millions', p.source)} (${num(p.sharesOffered, 'int', p.source)} shares)` +
          `${p.exchange ? ` on ${esc(p.exchange)}` : ''}.</li>`,
      );
    }
    body.push('</ul>');
  }
  if (debuts.length) {
    body.push('<h2>First day of trading</h2>', '<ul>');
    for (const d of debuts) {
      const o = d.outcome;
      body.push(
        `<li>${company(o.companyName ?? o.ticker, o.cik)}${ticker(o.ticker)} opened trading: offered at ${num(o.offerPrice, 'usd', d.offerSource)},` +
          ` closed at ${num(o.closeDay1, 'usd', d.priceSource)} (${num(o.day1ReturnPct, 'pct', d.priceSource)}).</li>`,
      );
    }
    body.push('</ul>');
  }
  if (newFilings.length) {
    body.push('<h2>New registration statements</h2>', '<ul>');
    for (const f of newFilings) {
      body.push(`<li>${company(f.companyName, f.cik)} filed <a href="${esc(f.url)}">${esc(f.formType)}</a>.</li>`);
    }
    body.push('</ul>');
  }
  if (withdrawals.length) {
    body.push('<h2>Withdrawals</h2>', '<ul>');
    for (const f of withdrawals) {
      body.push(`<li>${company(f.companyName, f.cik)} withdrew its registration (<a href="${esc(f.url)}">${esc(f.formType)}</a>).</li>`);
    }
    body.push('</ul>');
  }

  const parts = [
    pricings.length ? `${pricings.length} pricing${pricings.length > 1 ? 's' : ''}` : '',
    debuts.length ? `${debuts.length} debut${debuts.length > 1 ? 's' : ''}` : '',
    newFilings.length ? `${newFilings.length} new filing${newFilings.length > 1 ? 's' : ''}` : '',
    withdrawals.length ? `${withdrawals.length} withdrawal${withdrawals.length > 1 ? 's' : ''}` : '',
  ].filter(Boolean);
  const id = `daily-${day}`;
  const html = page(`IPO daily spotlight: ${time(day)}`, body);
  return {
    id,
    sourceKind: 'daily_spotlight',
    title: `IPO daily spotlight: ${day}`,
    publishedAt: `${day}T21:30:00.000Z`,
    path: `/articles/${id}`,
    html,
    summary: `${day}: ${parts.join(', ')}. ${plain(body.filter((l) => l.startsWith('<li>')).slice(0, 3).join(' '))}`.trim(),
  };
}
