import type { ArticleOutcome, ArticlePricing } from './article.types.ts';
import { company, esc, num, ticker, time } from './html.ts';

/** What readers call each deal type. */
const DEAL_TYPE_WORDS: Record<string, string> = {
  ipo: 'IPO',
  spac: 'SPAC',
  direct_listing: 'Direct listing',
  uplisting: 'Uplisting',
  follow_on: 'Follow-on',
  reg_a: 'Regulation A',
  fund: 'Fund',
  resale: 'Resale',
  debt: 'Debt',
  business_combination: 'Business combination',
  other: 'Other',
  unknown: 'Not classified',
};

export const dealTypeWords = (type: string) => DEAL_TYPE_WORDS[type] ?? type.replace(/_/g, ' ');

/** "X (TICK) priced at $17.00 for $276.0M (16,000,000 shares) on NASDAQ.", leaving out what the filing does not state. */
export function pricingSentence(p: ArticlePricing, withDate = false): string {
  const terms = [
    p.offerPrice === null ? 'priced; the filing states no price per share' : `priced at ${num(p.offerPrice, 'usd', p.source)}`,
    p.grossProceeds === null ? '' : ` for ${num(p.grossProceeds, 'millions', p.source)}`,
    p.sharesOffered === null ? '' : ` (${num(p.sharesOffered, 'int', p.source)} shares)`,
    p.exchange ? ` on ${esc(p.exchange)}` : '',
  ].join('');
  return `${withDate ? `${time(p.pricingDate)}: ` : ''}${company(p.companyName, p.cik)}${ticker(p.ticker)} ${terms}.`;
}

/** "X (TICK) began trading on D: offered at $24.00, first close $31.34 (+30.58%), first week +75.17%." */
export function debutSentence(d: ArticleOutcome, options: { date: boolean; week: boolean }): string {
  const o = d.outcome;
  const offer = o.offerPrice === null ? 'no offer price is recorded' : `offered at ${num(o.offerPrice, 'usd', d.offerSource)}`;
  const day1 =
    o.closeDay1 === null
      ? 'no first close is recorded yet'
      : `first close ${num(o.closeDay1, 'usd', d.priceSource)}` + (o.day1ReturnPct === null ? '' : ` (${num(o.day1ReturnPct, 'pct', d.priceSource)})`);
  const week1 = !options.week || o.closeDay1 === null ? '' : o.week1ReturnPct === null ? ', first week not complete yet' : `, first week ${num(o.week1ReturnPct, 'pct', d.priceSource)}`;
  const when = options.date ? ` on ${time(o.tradingStartDate)}` : '';
  return `${company(o.companyName ?? o.ticker, o.cik)}${ticker(o.ticker)} began trading${when}: ${offer}, ${day1}${week1}.`;
}
