import type { Article, ArticleData } from './article.types.ts';
import { dataAsOf } from './as-of.ts';
import { listOr, page, plain, time } from './html.ts';
import { countByType, periodFacts, withRole, type PeriodFacts } from './period-facts.ts';
import { pipelineSection } from './pipeline.ts';
import { listedCountSentence, pricedSection } from './sections.ts';
import { coverageParagraph, debutSentence, familyPlural, newRegistrationSentence, plural, pricedSentence, registrationSentence } from './sentences.ts';

/** Filings under which new co-registrants joined an amended registration: one registration, said once. */
function joinedAmendmentLines(facts: PeriodFacts): string[] {
  return facts.joinedAmendments.map(
    (r) =>
      `${registrationSentence(r, 'amended its registration statement')} The co-registrants file it under their first registration form, ` +
      'but it amends a registration filed before: not a new registration.',
  );
}

/**
 * The day's pricings, first-day trading, new registration statements (a registration is new the day
 * it is first filed in public: a confidential draft before it is said, with its date, under that
 * filing) and withdrawals, and the registration pipeline that evening, all rendered from the day's
 * facts (period-facts.ts). Null on a day with none of them, so quiet days publish nothing. Published at 21:30Z, after the close.
 */
export function buildDailySpotlight(day: string, everything: ArticleData): Article | null {
  // Published after the day's close: the day's first closes are known, nothing later is.
  const data = dataAsOf(everything, day);
  const facts = periodFacts(data, { from: day, to: day });
  if (facts.priced.length + facts.listed.length + facts.registrations.length + facts.withdrawals.length === 0) return null;
  const publishedAt = `${day}T21:30:00.000Z`;
  const debuts = withRole(facts.listed, 'ipo').map((d) => d.listing!);
  const debutLines = debuts.map((d) => debutSentence(d, { date: false, week: false }));
  const filingLines = facts.registrations.map(newRegistrationSentence);
  const joined = joinedAmendmentLines(facts);
  const withdrawalLines = facts.withdrawals.map((r) => registrationSentence(r, 'withdrew its registration statement'));
  const body = [
    coverageParagraph(facts.coverage, time(day), publishedAt),
    '<h2>Priced</h2>',
    ...pricedSection(facts, 'on this day'),
    '<h2>First day of trading</h2>',
    `<p>${listedCountSentence(facts, 'on this day')}</p>`,
    ...(debutLines.length ? listOr(debutLines, '') : []),
    '<h2>New registration statements</h2>',
    ...listOr(filingLines, 'The EDGAR filings this service holds show no new registration statement filed on this day.'),
    ...(joined.length ? listOr(joined, '') : []),
    '<h2>Withdrawals</h2>',
    ...listOr(withdrawalLines, 'No company this service serves withdrew a registration on this day (an RW by a filer the data holds no offering of is not counted).'),
    ...pipelineSection(data.filings ?? [], day, 'The pipeline this evening'),
  ];

  const count = (n: number, one: string, many: string) => (n ? plural(n, one, many) : '');
  const parts = [
    ...(withRole(facts.priced, 'ipo').length ? [`${familyPlural(countByType(withRole(facts.priced, 'ipo')))} priced`] : []),
    count(withRole(facts.priced, 'review').length, 'pricing not yet confirmed as an IPO', 'pricings not yet confirmed as IPOs'),
    count(facts.priced.filter((d) => d.role === 'not_ipo').length, 'other offering priced', 'other offerings priced'),
    count(debuts.length, 'debut', 'debuts'),
    count(facts.registrations.length, 'new registration', 'new registrations'),
    count(facts.withdrawals.length, 'withdrawal', 'withdrawals'),
  ].filter(Boolean);
  const lead = [...facts.priced.map(pricedSentence), ...debutLines, ...filingLines, ...withdrawalLines].slice(0, 3).join(' ');
  const id = `daily-${day}`;
  return {
    id,
    sourceKind: 'daily_spotlight',
    title: `IPO daily spotlight: ${day}`,
    publishedAt,
    path: `/articles/${id}`,
    html: page(`IPO daily spotlight: ${time(day)}`, publishedAt, body),
    summary: `${day}: ${parts.length ? parts.join(', ') : 'no IPO priced or listed'}. ${plain(lead)}`.trim(),
  };
}
