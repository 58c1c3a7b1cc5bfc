import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchDailyBars, pricesRequestPath, PricesPermanentError, PricesTransientError, stooqSymbol, yahooSymbol } from './prices-client.ts';
import { fixedFetch, manifestFetch, MARKET_MANIFEST, readMarketManifest } from './replay-fetch.testkit.ts';

const BASE = 'http://prices.replay';

describe('daily-bars client', () => {
  it('builds Stooq and Yahoo request paths', () => {
    expect(stooqSymbol('TPGE/U')).toBe('tpge-u.us');
    expect(yahooSymbol('brk.b')).toBe('BRK-B');
    expect(pricesRequestPath('stooq_csv', 'FIT')).toBe('/q/d/l/?s=fit.us&i=d');
    expect(pricesRequestPath('stooq_csv', 'FIT', { from: '2015-06-18', to: '2015-09-11' })).toBe('/q/d/l/?s=fit.us&d1=20150618&d2=20150911&i=d');
    expect(pricesRequestPath('yahoo_chart', 'SNAP', { from: '2017-03-02', to: '2017-03-09' })).toBe(
      '/v8/finance/chart/SNAP?period1=1488412800&period2=1489103940&interval=1d',
    );
  });

  it('fetches every window file the replay manifest serves, byte for byte', async () => {
    const routes = readMarketManifest().routes.filter((r) => r.host === 'prices');
    expect(routes).toHaveLength(321);
    const fetch = manifestFetch('prices', BASE);
    for (const route of routes) {
      const ticker = route.file.replace(/^prices\/window\/|\.csv$/g, '');
      const res = await fetchDailyBars({ baseUrl: `${BASE}/`, format: 'stooq_csv', fetch }, ticker);
      expect(res.status, ticker).toBe(200);
      expect(res.body).toBe(readFileSync(new URL(route.file, `file://${MARKET_MANIFEST}`), 'utf8'));
    }
  });

  it('returns 404 as a response and classifies 429/5xx and other 4xx', async () => {
    const missing = await fetchDailyBars({ baseUrl: BASE, format: 'stooq_csv', fetch: manifestFetch('prices', BASE) }, 'NOPE');
    expect(missing.status).toBe(404);
    await expect(fetchDailyBars({ baseUrl: BASE, format: 'yahoo_chart', fetch: fixedFetch(429, 'Too Many Requests') }, 'SNAP')).rejects.toBeInstanceOf(
      PricesTransientError,
    );
    await expect(fetchDailyBars({ baseUrl: BASE, format: 'yahoo_chart', fetch: fixedFetch(503, '') }, 'SNAP')).rejects.toBeInstanceOf(PricesTransientError);
    await expect(fetchDailyBars({ baseUrl: BASE, format: 'yahoo_chart', fetch: fixedFetch(401, 'Unauthorized') }, 'SNAP')).rejects.toBeInstanceOf(
      PricesPermanentError,
    );
  });

  it('sends the configured User-Agent', async () => {
    let agent: string | null = null;
    const fetch = (async (_url: string, init?: RequestInit) => {
      agent = new Headers(init?.headers).get('user-agent');
      return new Response('No data', { status: 200 });
    }) as typeof globalThis.fetch;
    const res = await fetchDailyBars({ baseUrl: BASE, format: 'stooq_csv', fetch, userAgent: 'ipo-research test' }, 'FIT');
    expect(agent).toBe('ipo-research test');
    expect(res.body).toBe('No data');
  });
});
