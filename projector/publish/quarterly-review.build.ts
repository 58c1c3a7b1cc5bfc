import type { Article, ArticleData, ArticleListing, SourceLink } from './article.types.ts';
import { computed, groupStats, OUTCOME_SOURCES, proceedsBasisNote, statsOf, statsTable, type GroupStats } from './aggregate.ts';
import { barChart } from './chart.svg.ts';
import { company, figure, formatNumber, listOr, num, page, sourceNote, ticker, time } from './html.ts';
import { dataAsOf } from './as-of.ts';
import { quarterPeriod } from './period.ts';
import { countByType, periodFacts, withRole } from './period-facts.ts';
import { counted, coverageParagraph, dealTypeWords, familyCounted, familyPlural } from './sentences.ts';
import { bestAndWeakest, listsNote } from './first-day-lists.ts';
import { notCountedSentence, returnsKnownSentence } from './sections.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The quarter's proceeds by month of first trade, stacked by deal type; words when no proceeds are stated. */
function proceedsChart(ipos: readonly ArticleListing[], year: number, quarter: number, asOf: string): string {
  const months = [0, 1, 2].map((i) => (quarter - 1) * 3 + i);
  const withProceeds = ipos.filter((o) => o.grossProceeds !== null);
  if (!withProceeds.length) return '<p>None of this quarter\'s listings states its proceeds, so there is nothing to chart.</p>';
  const totals = new Map<string, number>();
  for (const o of withProceeds) totals.set(o.dealType, (totals.get(o.dealType) ?? 0) + o.grossProceeds!);
  const types = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
  const monthOf = (o: ArticleListing) => Number(o.listingDate.slice(5, 7)) - 1;
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
 * Money left on the table (Ritter: shares sold × (first close − offer)) summed over the listings whose
 * outcome states it, with the basis of the shares it counts; '' when none does.
 */
function moneyLeftSentence(ipos: readonly ArticleListing[], src: SourceLink): string {
  const withLeft = ipos.filter((o) => o.outcome?.moneyLeftOnTable != null);
  if (withLeft.length === 0) return '';
  const total = withLeft.reduce((a, o) => a + o.outcome!.moneyLeftOnTable!, 0);
  const full = withLeft.filter((o) => o.outcome!.grossProceedsBasis === 'vendor_offer_size').length;
  const basis =
    full === 0
      ? 'the base deal\'s shares, as Ritter counts them'
      : full === withLeft.length
        ? 'the vendor IPO table\'s offer sizes, which may include over-allotment shares sold; the vendor does not say which'
        : `the base deal's shares for ${num(withLeft.length - full, 'int', src)}, the vendor's offer size (as a rule with the over-allotment) for ${num(full, 'int', src)}`;
  return (
    `Money left on the table, shares sold × (first close − offer price), came to ${num(total, 'millions', src)} ` +
    `over the ${counted(withLeft.length, 'listing', 'listings', src)} whose ${full === 0 ? 'shares sold' : 'size'} and first close are known (${basis}).`
  );
}

/**
 * " Operating-company IPOs alone: 56, raising $12,901.3M; mean first-day return …": the figures an IPO
 * analyst quotes, apart from the SPACs, direct listings and uplistings counted with them; '' when every
 * listing is an operating-company IPO (the lead's figures are then theirs).
 */
function operatingAlone(operating: readonly ArticleListing[], s: GroupStats, listings: number, src: SourceLink): string {
  if (operating.length === listings) return '';
  const stating = operating.filter((o) => o.grossProceeds !== null).length;
  const raised =
    s.proceeds === null
      ? 'none states its proceeds'
      : `raising ${num(s.proceeds, 'millions', src)}` + (stating < operating.length ? ` (the ${num(stating, 'int', src)} that state proceeds)` : '');
  const returns =
    s.meanDay1 === null ? '' : `; mean first-day return ${num(s.meanDay1, 'pct', src)}, median ${num(s.medianDay1, 'pct', src)} (over the ${num(s.withReturns, 'int', src)} with a first close)`;
  return ` Operating-company IPOs alone: ${num(operating.length, 'int', src)}, ${raised}${returns}.`;
}

/**
 * Quarterly review of the deals the database shows began trading in the quarter: counts by deal
 * type, proceeds (charted by month), and mean/median day-1 returns by deal type and by exchange over
 * the listings with price bars. Deals that are not IPOs, and those the IPO calendar excludes, are left
 * out and counted. Published at 12:00Z on the next quarter's first weekday, when the scheduler's quarterly slot acts.
 */
export function buildQuarterlyReview(year: number, quarter: 1 | 2 | 3 | 4, everything: ArticleData): Article {
  const q = quarterPeriod(year, quarter);
  const publishedAt = `${q.publishOn}T12:00:00.000Z`;
  // Published before the next quarter's first session: the quarter's last close is the latest it knows.
  const data = dataAsOf(everything, q.to);
  const facts = periodFacts(data, q);
  const ipoDeals = withRole(facts.listed, 'ipo');
  const ipos = ipoDeals.map((d) => d.listing!);
  const all = statsOf('All listings', ipos);
  const src = computed(`${year} Q${quarter} listings`);
  const label = `${year} Q${quarter}`;
  const basisNote = proceedsBasisNote(ipos.filter((o) => o.grossProceeds !== null).map((o) => o.grossProceedsBasis));
  const stated = ipos.filter((o) => o.grossProceeds !== null).length;

  // The first-day lists rank operating-company IPOs: a SPAC's $10.00 units trading flat are no first day to rank beside them.
  const operating = ipos.filter((o) => o.dealType === 'ipo');
  const operatingStats = statsOf('Operating-company IPOs', operating);
  const withDay1 = operating.filter((o) => o.outcome?.day1ReturnPct != null);
  const day1 = (o: ArticleListing) => o.outcome!.day1ReturnPct!;
  const ranked = [...withDay1].sort((a, b) => day1(b) - day1(a) || (a.ticker ?? '').localeCompare(b.ticker ?? '') || a.cik.localeCompare(b.cik));
  const { best, weakest } = bestAndWeakest(ranked, day1);
  const line = (o: ArticleListing) =>
    `${company(o.companyName, o.cik)}${ticker(o.ticker)}: ` +
    `offered at ${num(o.offerPrice, 'usd', o.offerSource)}, first close ${num(o.outcome!.closeDay1, 'usd', o.priceSource!)} ` +
    `(${num(o.outcome!.day1ReturnPct, 'pct', o.priceSource!)}), started ${time(o.listingDate)}.`;

  const raised =
    all.proceeds === null
      ? 'none of them states its proceeds'
      : `${all.count === 1 ? 'it' : 'they'} raised ${num(all.proceeds, 'millions', src)}` + (stated < all.count ? ` (the ${num(stated, 'int', src)} that state proceeds)` : '');
  const returns =
    all.meanDay1 === null
      ? ''
      : ` Over those: mean first-day return ${num(all.meanDay1, 'pct', src)}, median ${num(all.medianDay1, 'pct', src)}, ` +
        `mean first-week return ${num(all.meanWeek1, 'pct', src, 'not complete yet')}` +
        (all.meanWeek1 !== null && all.withWeek1 < all.withReturns ? ` (over the ${num(all.withWeek1, 'int', src)} whose first five sessions ended by ${time(q.to)})` : '') +
        '.';
  const leftOnTable = moneyLeftSentence(ipos, src);
  const lead =
    all.count === 0
      ? 'this service\'s database holds no IPO that began trading then.'
      : `this service's database holds ${familyCounted(countByType(ipoDeals), src)} that began trading then; ${raised}.` +
        (basisNote ? ` ${basisNote}` : '') +
        ` ${returnsKnownSentence(ipos, src)}${returns}${operatingAlone(operating, operatingStats, ipos.length, src)}${leftOnTable ? ` ${leftOnTable}` : ''}`;
  const others = notCountedSentence(facts.listed, src);
  const body = [
    `<p>Covering first trading days from ${time(q.from)} to ${time(q.to)}: ${lead}${others ? ` ${others}` : ''}</p>`,
    coverageParagraph(facts.coverage, time(q.from, label), publishedAt),
    '<h2>Proceeds</h2>',
    proceedsChart(ipos, year, quarter, publishedAt),
    '<h2>Returns by group</h2>',
    statsTable('By deal type', groupStats(ipos, (o) => dealTypeWords(o.dealType)), publishedAt),
    statsTable('By exchange', groupStats(ipos, (o) => o.exchange ?? 'Exchange not recorded'), publishedAt),
    '<h2>Best first days</h2>',
    ...listsNote(ranked.length, best.length, weakest.length, operating.length, operating.length < ipos.length),
    ...listOr(best.map(line), 'No listing of this quarter has a first close in the data.', 'ol'),
    '<h2>Weakest first days</h2>',
    ...listOr(weakest.map(line), ranked.length ? 'The quarter\'s only listing with a first close is listed among the best first days.' : 'No listing of this quarter has a first close in the data.', 'ol'),
  ];
  // The summary's returns are the operating companies' (an IPO analyst's figure): SPAC units trading flat at $10.00 would dilute them.
  const headline = operating.length === ipos.length ? all : operatingStats;
  const whose = operating.length === ipos.length ? '' : 'operating-company IPOs\' ';
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
      `${label}: ${familyPlural(countByType(ipoDeals))}, ${all.proceeds === null ? 'proceeds not stated' : formatNumber(all.proceeds, 'millions') + ' raised'}, ` +
      (headline.meanDay1 === null
        ? `no ${whose}first-day close in the data.`
        : `${whose}first-day returns known for ${headline.withReturns}: mean day-1 return ${pct(headline.meanDay1)}, median ${pct(headline.medianDay1)}.`),
  };
}
