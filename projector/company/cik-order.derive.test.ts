/** The CIK order rule on the real first filings of the bundled submissions pages and real CIKs of SEC's company_tickers.json. */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { firstFilingDate, parseSubmissions } from '../../schema/edgar/submissions.parse.ts';
import { padCik } from '../../schema/cik.ts';
import { changedCikRanges, cikFrontier, notOnEdgarBefore, postdatesByCik, type KnownFirstFiling } from './cik-order.derive.ts';

/** Every bundled submissions page that names its company: Wolfspeed, AAOI, Tesla, Alzamend, Unicycive, Vincerx, TR Finance, Marvell, Learn CW, Solidion. */
const known: KnownFirstFiling[] = readdirSync(new URL('../../data/sample/edgar/submissions/', import.meta.url)).flatMap((file) => {
  const parsed = parseSubmissions(readSample(`edgar/submissions/${file}`));
  const first = firstFilingDate(parsed);
  return parsed.company && first ? [{ cik: parsed.company.cik, firstFilingDate: first }] : [];
});
const frontier = cikFrontier(known);

/** A CIK as SEC's company_tickers.json lists it for a ticker (the snapshot bundled in data/sample). */
const tickers = Object.values(JSON.parse(readSample('edgar/company_tickers.json.gz')) as Record<string, { cik_str: number; ticker: string; title: string }>);
const cikOf = (ticker: string) => padCik(tickers.find((t) => t.ticker === ticker)!.cik_str);

describe('CIK order: an entity with a larger CIK than one that first filed after D did not exist at D', () => {
  it('reads the ten bundled pages', () => {
    expect(known).toHaveLength(10);
    expect(known.find((k) => k.cik === '0001881551')).toEqual({ cik: '0001881551', firstFilingDate: '2021-09-27' });
  });

  it('Biohaven Ltd (BHVN today, CIK 1935979) did not exist at Biohaven Pharmaceutical\'s 2017 IPO: Solidion (1881551) first filed in 2021', () => {
    expect(cikOf('BHVN')).toBe('0001935979');
    expect(notOnEdgarBefore(frontier, cikOf('BHVN'))).toBe('2021-09-27');
    expect(postdatesByCik(frontier, cikOf('BHVN'), '2017-05-04')).toBe(true);
    // A row dated after the bound is not refused by this rule.
    expect(postdatesByCik(frontier, cikOf('BHVN'), '2022-10-03')).toBe(false);
  });

  it('Hess Midstream LP (1789832) is younger than Hess Midstream Partners\' 2017 IPO: Unicycive (1766140) first filed in 2019', () => {
    expect(cikOf('HESM')).toBe('0001789832');
    expect(postdatesByCik(frontier, cikOf('HESM'), '2017-04-05')).toBe(true);
  });

  it('a first filer later than a larger CIK bounds nothing: AAOI\'s 2001 CIK first filed in 2006, after Tesla\'s 2005 CIK', () => {
    expect(known.find((k) => k.cik === '0001158114')!.firstFilingDate).toBe('2006-12-15');
    expect(frontier.ciks).not.toContain('0001158114');
    // JetBlue (CIK 1158463) listed on 2002-04-11 and First Solar (1274494) on 2006-11-17, both before AAOI's first filing.
    for (const [ticker, listed] of [['JBLU', '2002-04-11'], ['FSLR', '2006-11-17']]) {
      expect(notOnEdgarBefore(frontier, cikOf(ticker)), ticker).toBe('1996-01-26');
      expect(postdatesByCik(frontier, cikOf(ticker), listed), ticker).toBe(false);
    }
    // Without Tesla's page nothing exposes AAOI: the rule is as coarse as the entities it knows.
    expect(postdatesByCik(cikFrontier(known.filter((k) => k.cik !== '0001318605')), cikOf('FSLR'), '2006-11-17')).toBe(true);
  });

  it('Tesla\'s 2005 first filing bounds the CIKs above it: GameStop Corp\'s CIK (1326380) is younger than the 2002 GameStop IPO', () => {
    expect(cikOf('GME')).toBe('0001326380');
    expect(notOnEdgarBefore(frontier, cikOf('GME'))).toBe('2005-02-17');
    expect(postdatesByCik(frontier, cikOf('GME'), '2002-02-13')).toBe(true);
  });

  it('a CIK below every known one, or no known entity, bounds nothing', () => {
    expect(notOnEdgarBefore(frontier, '0000320193')).toBeNull();
    expect(postdatesByCik(cikFrontier([]), cikOf('BHVN'), '2017-05-04')).toBe(false);
  });

  it('bounds rise with CIKs, whatever order the known entities come in', () => {
    expect(frontier.ciks).toHaveLength(9);
    expect(frontier.bounds).toEqual([...frontier.bounds].sort());
    expect(cikFrontier([...known].reverse())).toEqual(frontier);
  });
});

describe('changedCikRanges: which entities a newly known first filing may move', () => {
  it('none when the frontier is the same', () => {
    expect(changedCikRanges(frontier, cikFrontier([...known]))).toEqual([]);
  });

  it('Solidion\'s page read last: only the CIKs above it change (Biohaven Ltd\'s among them)', () => {
    const without = cikFrontier(known.filter((k) => k.cik !== '0001881551'));
    expect(changedCikRanges(without, frontier)).toEqual([{ above: '0001881551', upTo: null }]);
  });

  it('Tesla\'s page read after AAOI\'s: AAOI\'s late first filing stops bounding the CIKs between them and above', () => {
    const without = cikFrontier(known.filter((k) => k.cik !== '0001318605'));
    // Between AAOI and Alzamend the bound was AAOI's 2006-12-15 and becomes Tesla's 2005-02-17.
    expect(changedCikRanges(without, frontier)).toEqual([{ above: '0001158114', upTo: '0001677077' }]);
  });
});
