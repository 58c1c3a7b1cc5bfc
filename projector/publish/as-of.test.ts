import { describe, expect, it } from 'vitest';
import { createTradingCalendar } from '../common/trading-calendar.ts';
import { articleDataAsOf, closedThrough, outcomeAsOf } from './as-of.ts';
import { buildQuarterlyReview, buildWeeklyReview } from './index.ts';
import { plain } from './html.ts';
import { realDailyIndexFilings, realOutcomes } from './real-data.testkit.ts';

const outcomes = realOutcomes();
const calendar = createTradingCalendar();
const byTicker = (ticker: string) => outcomes.find((o) => o.outcome.ticker === ticker)!;

describe('what an article knows when it is published', () => {
  it('knows a session\'s close from 21:00Z that day: the daily spotlight at 21:30Z its own day, a review at 12:00Z the day before', () => {
    expect(closedThrough('2013-11-07T21:30:00.000Z')).toBe('2013-11-07');
    expect(closedThrough('2013-11-09T12:00:00.000Z')).toBe('2013-11-08');
    expect(closedThrough('2014-07-01T12:00:00.000Z')).toBe('2014-06-30');
  });

  it('keeps a Monday debut\'s first week in that Saturday\'s review, and drops a Thursday debut\'s (IVTY 2015-06-15, TWTR 2013-11-07)', () => {
    const ivty = byTicker('IVTY');
    expect(outcomeAsOf(ivty, '2015-06-19', calendar)).toBe(ivty);
    const twtr = byTicker('TWTR');
    expect([twtr.outcome.tradingStartDate, twtr.outcome.week1ReturnPct]).toEqual(['2013-11-07', 63.8462]);
    // Its fifth session is Wednesday 2013-11-13; the review of 2013-11-09 knows its first close only.
    expect(outcomeAsOf(twtr, '2013-11-08', calendar)!.outcome).toMatchObject({ closeDay1: 44.9, closeWeek1: null, week1ReturnPct: null, status: 'partial' });
    expect(outcomeAsOf(twtr, '2013-11-13', calendar)).toBe(twtr);
    expect(outcomeAsOf(twtr, '2013-11-06', calendar)).toBeNull();
  });

  it('cuts filings to the publication day (the real form index of 2020-03-18)', () => {
    const filings = realDailyIndexFilings('edgar/index/form.20200318.idx.gz');
    const filed = filings.filter((f) => f.filingDate === '2020-03-18').length;
    expect(filed).toBeGreaterThan(0);
    expect(articleDataAsOf({ filings }, '2020-03-17T21:30:00.000Z').filings).toHaveLength(filings.length - filed);
    expect(articleDataAsOf({ filings }, '2020-03-18T21:30:00.000Z').filings).toHaveLength(filings.length);
  });

  it('the 2013-W45 review gives no first-week return of its four debuts (Wednesday and Thursday listings), but each first close', () => {
    const text = plain(buildWeeklyReview('2013-11-07', { outcomes }).html);
    for (const ticker of ['CUDA', 'KPTI', 'LGIH', 'TWTR']) expect(text).toMatch(new RegExp(`\\(${ticker}\\) began trading on [0-9-]+: offered at [^,]+, first close [^,]+, first week not complete by 2013-11-09\\.`));
    expect(text).not.toContain('+63.85%');
    // The debuts' table: first-day returns, and no first-week mean to give yet.
    expect(text).toContain('IPO4$2,402.8M+27.50%+18.50%no first week complete');
  });

  it('the 2014 Q2 review, published 2014-07-01, leaves out the first weeks that end in July (GoPro, 2014-06-26)', () => {
    const html = buildQuarterlyReview(2014, 2, { outcomes }).html;
    const inQuarter = outcomes.filter((o) => o.outcome.tradingStartDate >= '2014-04-01' && o.outcome.tradingStartDate <= '2014-06-30');
    const known = inQuarter.filter((o) => calendar.nthTradingDayOnOrAfter(o.outcome.tradingStartDate, 5) <= '2014-06-30');
    expect(known.length).toBeLessThan(inQuarter.length);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const week1 = (os: typeof outcomes) => mean(os.map((o) => o.outcome.week1ReturnPct).filter((x): x is number => x !== null));
    const said = Number(/mean first-week return <data value="(-?[\d.]+)"/.exec(html)![1]);
    expect(said).toBeCloseTo(week1(known), 2);
    expect(said).not.toBeCloseTo(week1(inQuarter), 2);
    expect(plain(html)).toContain(`(over the ${known.length} with a first-week close by 2014-06-30)`);
  });
});
