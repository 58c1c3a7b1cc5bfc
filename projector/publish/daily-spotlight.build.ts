import type { Article, ArticleData } from './article.types.ts';
import { byDateThenName, company, esc, listOr, outcomeOrder, page, plain, time } from './html.ts';
import { pipelineSection } from './pipeline.ts';
import { debutSentence, pricingSentence } from './sentences.ts';

const INITIAL_FORMS = new Set(['S-1', 'F-1', 'S-11', 'DRS', 'DRS/A', 'F-1/A', 'S-1/A', '1-A']);
const WITHDRAWAL_FORMS = new Set(['RW', 'RW WD', 'AW']);

/**
 * The day's pricings, first-day trading, new registration filings and withdrawals, and the
 * registration pipeline that evening. Null on a day with none of the four, so quiet days publish
 * nothing. Published at 21:30Z, after the close.
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

  const pricingLines = pricings.map((p) => pricingSentence(p));
  const debutLines = debuts.map((d) => debutSentence(d, { date: false, week: false }));
  const filingLines = newFilings.map((f) => `${company(f.companyName, f.cik)} filed <a href="${esc(f.url)}">${esc(f.formType)}</a>.`);
  const withdrawalLines = withdrawals.map((f) => `${company(f.companyName, f.cik)} withdrew its registration (<a href="${esc(f.url)}">${esc(f.formType)}</a>).`);
  const body = [
    '<h2>Priced</h2>',
    ...listOr(pricingLines, 'No offering priced on this day.'),
    '<h2>First day of trading</h2>',
    ...listOr(debutLines, 'No IPO began trading on this day.'),
    '<h2>New registration statements</h2>',
    ...listOr(filingLines, 'No company filed a new registration statement on this day.'),
    '<h2>Withdrawals</h2>',
    ...listOr(withdrawalLines, 'No registration was withdrawn on this day.'),
    ...pipelineSection(data.filings ?? [], day, 'The pipeline this evening'),
  ];

  const count = (n: number, word: string) => (n ? `${n} ${word}${n > 1 ? 's' : ''}` : '');
  const parts = [count(pricings.length, 'pricing'), count(debuts.length, 'debut'), count(newFilings.length, 'new filing'), count(withdrawals.length, 'withdrawal')].filter(Boolean);
  const id = `daily-${day}`;
  const publishedAt = `${day}T21:30:00.000Z`;
  return {
    id,
    sourceKind: 'daily_spotlight',
    title: `IPO daily spotlight: ${day}`,
    publishedAt,
    path: `/articles/${id}`,
    html: page(`IPO daily spotlight: ${time(day)}`, publishedAt, body),
    summary: `${day}: ${parts.join(', ')}. ${plain([...pricingLines, ...debutLines, ...filingLines, ...withdrawalLines].slice(0, 3).join(' '))}`.trim(),
  };
}
