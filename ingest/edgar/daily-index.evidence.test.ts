import { describe, expect, it } from 'vitest';
import { dayOfIndexUrl, isDayDone, isFinalNotFound } from './daily-index.evidence.ts';

describe('daily index evidence', () => {
  it('reads the day off any kind of daily index URL, whatever the host, and nothing off the feed', () => {
    expect(dayOfIndexUrl('https://www.sec.gov/Archives/edgar/daily-index/2020/QTR1/form.20200318.idx')).toBe('2020-03-18');
    expect(dayOfIndexUrl('http://127.0.0.1:40123/Archives/edgar/daily-index/2022/QTR4/company.20221003.idx')).toBe('2022-10-03');
    expect(dayOfIndexUrl('https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&count=100&start=0&type=&owner=include&output=atom')).toBeNull();
    expect(dayOfIndexUrl('https://www.sec.gov/Archives/edgar/full-index/2020/QTR1/master.idx')).toBeNull();
  });

  it('takes a 404 as final only once the day was over in New York', () => {
    // 22:30 ET on the day itself (the scheduler's discovery slot): the index may still come.
    expect(isFinalNotFound('2020-03-16', '2020-03-17T02:30:00.000Z')).toBe(false);
    expect(isFinalNotFound('2020-03-16', '2020-03-17T04:30:00.000Z')).toBe(true);
    expect(isFinalNotFound('2020-03-21', '2026-01-12T16:00:00.000Z')).toBe(true);
  });

  it('counts a day done by its rows or its final 404', () => {
    const evidence = { fetched: new Set(['2020-03-18']), notFound: new Set(['2020-03-16']) };
    expect(['2020-03-16', '2020-03-17', '2020-03-18'].map((d) => isDayDone(d, evidence))).toEqual([true, false, true]);
  });
});
