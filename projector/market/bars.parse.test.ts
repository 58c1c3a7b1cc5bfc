import { describe, expect, it } from 'vitest';
import { BarsParseError, parseDailyBars, parseStooqCsv, parseYahooChart, type DailyBar } from './bars.parse.ts';
import { readSample } from '../common/sample.testkit.ts';

/** Session open (09:30 New York) in Unix seconds, as Yahoo stamps daily bars. */
function sessionOpenUnix(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  // Try both offsets; the one that lands on 09:30 in New York is right (EST −5, EDT −4).
  for (const offset of [4, 5]) {
    const ts = Date.UTC(y, m - 1, d, 9 + offset, 30) / 1000;
    const hm = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date(ts * 1000));
    if (hm === '09:30') return ts;
  }
  throw new Error(`no 09:30 for ${date}`);
}

describe('Stooq CSV', () => {
  it('parses a real window file (CRLF, OpenInt column)', () => {
    const text = readSample('prices/window/FIT.csv');
    expect(text).toContain('\r\n');
    const bars = parseStooqCsv(text);
    expect(bars).toHaveLength(60);
    expect(bars[0]).toEqual({ date: '2015-06-18', open: 30.4, high: 31.9, low: 29.5, close: 29.68, volume: 52076000 });
    expect(bars.every((b, i) => i === 0 || b.date > bars[i - 1].date)).toBe(true);
  });

  it('parses a full real file', () => {
    const bars = parseStooqCsv(readSample('prices/twtr.us.txt'));
    expect(bars[0].date).toBe('2013-11-07');
    expect(bars[0].close).toBe(44.9);
    expect(bars[bars.length - 1].date).toBe('2017-11-10');
  });

  it('treats "No data" as an empty series and rejects other bodies', () => {
    expect(parseStooqCsv('No data')).toEqual([]);
    expect(() => parseStooqCsv('<html>Too many requests</html>')).toThrow(BarsParseError);
  });

  it('parses without the OpenInt column (the live Stooq header)', () => {
    const lines = readSample('prices/window/SNAP.csv').split('\r\n');
    const stripped = lines.map((l) => l.split(',').slice(0, 6).join(',')).join('\n');
    expect(parseStooqCsv(stripped)).toEqual(parseStooqCsv(lines.join('\r\n')));
  });
});

describe('Yahoo chart JSON', () => {
  // No recorded Yahoo daily response for a US listing is in the sample, so this test re-encodes real
  // Stooq bars in Yahoo's parallel-array layout (09:30 ET stamps, one null session) and checks the
  // parser recovers the same sessions, including across the DST switch.
  it('recovers exchange-local dates and skips null closes', () => {
    const bars = parseStooqCsv(readSample('prices/window/SNAP.csv')); // 2017-03-02 … spans 2017-03-12 DST
    const doc = {
      chart: {
        result: [
          {
            meta: { currency: 'USD', symbol: 'SNAP', exchangeTimezoneName: 'America/New_York' },
            timestamp: bars.map((b) => sessionOpenUnix(b.date)),
            indicators: {
              quote: [
                {
                  open: bars.map((b) => b.open),
                  high: bars.map((b) => b.high),
                  low: bars.map((b) => b.low),
                  close: bars.map((b, i) => (i === 3 ? null : b.close)),
                  volume: bars.map((b) => b.volume),
                },
              ],
            },
          },
        ],
        error: null,
      },
    };
    const parsed = parseDailyBars(JSON.stringify(doc));
    expect(parsed.format).toBe('yahoo_chart');
    const expected: DailyBar[] = bars.filter((_, i) => i !== 3);
    expect(parsed.bars).toEqual(expected);
  });

  it('raises the chart error object', () => {
    const body = '{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}';
    expect(() => parseYahooChart(body)).toThrow(/delisted/);
  });
});
