import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAIL_EMBEDDED_ITEMS } from '../schema/api/params.schema.ts';
import { liveReadDbPath } from '../schema/read/location.ts';
import { openSqlite, type SqliteHandle } from '../schema/sqlite.ts';
import {
  documentValidator,
  emptyDataDir,
  projectSampleInto,
  PUBLIC_BASE_URL,
  removeDataDir,
  startApi,
  type RunningApi,
} from './api-harness.ts';

/**
 * Every endpoint and filter over a read.db the real projector built from the real sample. The
 * oracle is plain SQL/JS over the same file, so expectations follow the data, not hard-coded rows.
 */
describe('API endpoints over the projected sample', () => {
  let dataDir: string;
  let api: RunningApi;
  let db: SqliteHandle;
  let check: ReturnType<typeof documentValidator>;

  beforeAll(async () => {
    dataDir = await emptyDataDir();
    api = await startApi(dataDir);
    check = documentValidator(await (await api.get('/api/v1/openapi.json', { key: null })).json());
    // The app is already serving the empty generation; the rebuild swaps the link under it.
    const before = await api.get('/api/v1/companies');
    expect(((await before.json()) as any).data).toEqual([]);
    await projectSampleInto(dataDir);
    db = openSqlite(liveReadDbPath(dataDir)!, { readonly: true });
  }, 120_000);
  afterAll(async () => {
    db?.close();
    await api.close();
    removeDataDir(dataDir);
  });

  const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];
  const column = (sql: string, ...params: unknown[]) => db.prepare(sql).pluck().all(...params) as string[];

  async function getJson(path: string, template: string, status = 200) {
    const res = await api.get(path);
    const body: any = await res.json();
    check(template, res.status, body);
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(status);
    return body;
  }

  /** Follows next_cursor to the end, checking each page's envelope invariants. */
  async function walk(path: string, template: string): Promise<any[]> {
    const items: any[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 1000; page++) {
      const sep = path.includes('?') ? '&' : '?';
      const body: any = await getJson(cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path, template);
      expect(body.meta.count).toBe(body.data.length);
      expect(body.has_more).toBe(body.next_cursor !== null);
      if (body.has_more) expect(body.data.length).toBeGreaterThan(0);
      items.push(...body.data);
      cursor = body.next_cursor;
      if (!cursor) return items;
    }
    throw new Error('pagination did not end');
  }

  /** Follows RFC 8288 `Link: <…>; rel="next"` headers from `path` to the last page, as a generic client would. */
  async function followLinks(path: string, template: string): Promise<any[]> {
    const items: any[] = [];
    let next: string | null = path;
    for (let page = 0; next !== null && page < 1000; page++) {
      const res = await api.get(next);
      const body: any = await res.json();
      expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
      check(template, 200, body);
      const link = res.headers.get('link');
      expect(link !== null, `Link header iff has_more (${next})`).toBe(body.has_more);
      items.push(...body.data);
      next = link === null ? null : /^<([^>]+)>; rel="next"$/.exec(link)![1];
      if (next !== null) expect(new URL(next, api.baseUrl).searchParams.get('cursor')).toBe(body.next_cursor);
    }
    expect(next).toBeNull();
    return items;
  }

  it('links every list page that has a next page (Link rel="next"), keeping every filter', async () => {
    const lists: Array<[string, string]> = [
      ['/api/v1/companies?limit=5&include=consensus,latest_terms&kind=operating&kind=spac&scope=all&market=all', '/api/v1/companies'],
      ['/api/v1/companies?limit=5&q=inc&company_name=%20', '/api/v1/companies'],
      ['/api/v1/filings?limit=7&form_type=s-1/a&filing_date_from=2010-01-01&include=terms', '/api/v1/filings'],
    ];
    for (const [path, template] of lists) {
      const byCursor = await walk(path, template);
      expect(byCursor.length, path).toBeGreaterThan(Number(new URL(path, api.baseUrl).searchParams.get('limit')));
      expect(await followLinks(path, template), path).toEqual(byCursor);
    }
  });

  describe('companies', () => {
    it('picks up the rebuilt read.db without a restart and walks every company once, newest first', async () => {
      const expected = column('SELECT cik FROM companies ORDER BY sort_date DESC, cik DESC');
      expect(expected.length).toBeGreaterThan(100);
      const items = await walk('/api/v1/companies?limit=100&include=latest_terms,classification,consensus', '/api/v1/companies');
      expect(items.map((c) => c.cik)).toEqual(expected);
      expect(new Set(items.map((c) => c.cik)).size).toBe(items.length);
      for (const item of items.slice(0, 5)) expect(Object.keys(item)).toEqual(expect.arrayContaining(['latestTerms', 'classification', 'consensus']));
    });

    it('uses 25 as the default page size and omits include fields unless asked', async () => {
      const body: any = await getJson('/api/v1/companies', '/api/v1/companies');
      expect(body.data).toHaveLength(25);
      expect(body.has_more).toBe(true);
      expect(body.data[0]).not.toHaveProperty('latestTerms');
      const next: any = await getJson(`/api/v1/companies?cursor=${body.next_cursor}`, '/api/v1/companies');
      expect(next.data[0].cik).toBe(column('SELECT cik FROM companies ORDER BY sort_date DESC, cik DESC LIMIT 1 OFFSET 25')[0]);
    });

    it('filters by full-text q with a prefix-matched last term, safely', async () => {
      const tesla = await walk('/api/v1/companies?q=tesl&limit=100', '/api/v1/companies');
      expect(tesla.map((c) => c.cik)).toContain('0001318605');
      const unicycive = await walk('/api/v1/companies?q=unicycive%20thera', '/api/v1/companies');
      expect(unicycive.map((c) => c.cik)).toEqual(['0001766140']);
      const byTicker = await walk('/api/v1/companies?q=uncy', '/api/v1/companies');
      expect(byTicker.map((c) => c.cik)).toContain('0001766140');
      for (const nasty of ['"', 'NEAR(', 'a OR', '*', 'tesla"*', '-x']) {
        await getJson(`/api/v1/companies?q=${encodeURIComponent(nasty)}`, '/api/v1/companies');
      }
    });

    it('filters by name contains and prefix, case-insensitively, with wildcards taken literally', async () => {
      const names = all<{ cik: string; name: string }>('SELECT cik, name FROM companies ORDER BY sort_date DESC, cik DESC');
      const contains = await walk('/api/v1/companies?company_name=THERAPEUTICS&limit=100', '/api/v1/companies');
      expect(contains.map((c) => c.cik)).toEqual(names.filter((n) => n.name.toLowerCase().includes('therapeutics')).map((n) => n.cik));
      expect(contains.length).toBeGreaterThan(0);
      const prefix = await walk('/api/v1/companies?name_prefix=tesla&limit=100', '/api/v1/companies');
      expect(prefix.map((c) => c.cik)).toEqual(names.filter((n) => n.name.toLowerCase().startsWith('tesla')).map((n) => n.cik));
      expect(prefix.map((c) => c.cik)).toContain('0001318605');
      const wildcard = await walk('/api/v1/companies?company_name=%25&limit=100', '/api/v1/companies');
      expect(wildcard.map((c) => c.cik)).toEqual(names.filter((n) => n.name.includes('%')).map((n) => n.cik));
    });

    it('filters by ticker in any case', async () => {
      const items = await walk('/api/v1/companies?ticker=uncy', '/api/v1/companies');
      expect(items.map((c) => c.cik)).toEqual(column("SELECT cik FROM company_tickers WHERE ticker = 'UNCY'"));
      expect(items.map((c) => c.cik)).toContain('0001766140');
    });

    it('filters by offering_status, scope, market, kind, updated_since and gross proceeds', async () => {
      const expectFilter = async (query: string, where: string, ...params: unknown[]) => {
        const expected = column(`SELECT cik FROM companies WHERE ${where} ORDER BY sort_date DESC, cik DESC`, ...params);
        const items = await walk(`/api/v1/companies?limit=100&${query}`, '/api/v1/companies');
        expect(items.map((c) => c.cik), query).toEqual(expected);
        return expected.length;
      };
      const status = column('SELECT offering_status FROM companies GROUP BY 1 ORDER BY count(*) LIMIT 1')[0];
      expect(await expectFilter(`offering_status=${status}`, 'offering_status = ?', status)).toBeGreaterThan(0);
      expect(await expectFilter('scope=ipo', 'is_ipo = 1')).toBeGreaterThan(0);
      expect(await expectFilter('scope=all&market=all', '1')).toBeGreaterThan(0);
      expect(await expectFilter('market=exchange', "market = 'exchange'")).toBeGreaterThan(0);
      await expectFilter('market=otc', "market = 'otc'");
      await expectFilter('kind=spac,follow_on', "kind IN ('spac', 'follow_on')");
      await expectFilter('kind=spac&kind=operating&scope=ipo', "kind IN ('spac', 'operating') AND is_ipo = 1");
      const updated = column('SELECT updated_at FROM companies WHERE updated_at IS NOT NULL ORDER BY updated_at DESC LIMIT 1')[0];
      expect(await expectFilter(`updated_since=${encodeURIComponent(updated)}`, 'updated_at >= ?', updated)).toBeGreaterThan(0);
      await expectFilter(`updated_since=${updated.slice(0, 10)}`, 'updated_at >= ?', updated.slice(0, 10));
      await expectFilter('gross_proceeds_gt=1000000', 'gross_proceeds > 1000000');
      await expectFilter('gross_proceeds_gt=1000000&gross_proceeds_lt=50000000', 'gross_proceeds > 1000000 AND gross_proceeds < 50000000');
    });

    it('rejects a tampered cursor and a cursor from another endpoint', async () => {
      const page: any = await getJson('/api/v1/companies?limit=2', '/api/v1/companies');
      const cursor: string = page.next_cursor;
      const [payload, signature] = cursor.split('.');
      const forged = Buffer.from(JSON.stringify(['9999-12-31', '0000000001'])).toString('base64url');
      for (const bad of [`${forged}.${signature}`, `${payload}.${signature.slice(1)}`, `${payload}x.${signature}`]) {
        const body: any = await getJson(`/api/v1/companies?cursor=${bad}`, '/api/v1/companies', 400);
        expect(body.error.details).toEqual([{ parameter: 'cursor', message: expect.any(String) }]);
      }
      const body: any = await getJson(`/api/v1/filings?cursor=${cursor}`, '/api/v1/filings', 400);
      expect(body.error.details[0].parameter).toBe('cursor');
    });
  });

  describe('company detail', () => {
    it('resolves a CIK with or without zeros and a ticker in any case to the same company', async () => {
      const bodies: any[] = [];
      for (const identifier of ['0001766140', '1766140', 'UNCY', 'uncy']) {
        bodies.push((await getJson(`/api/v1/companies/${identifier}`, '/api/v1/companies/{identifier}')) as any);
      }
      for (const body of bodies) expect(body).toEqual(bodies[0]);
      expect(bodies[0].data.cik).toBe('0001766140');
      expect(bodies[0].data).toHaveProperty('latestTerms');
      expect(bodies[0].data).not.toHaveProperty('filings');
    });

    it('adds every include, with the newest filings and news and a link to the rest', async () => {
      const body: any = await getJson(
        '/api/v1/companies/1766140?include=latest_terms,classification,consensus,filings,news,financial_snapshot,lockup_schedule',
        '/api/v1/companies/{identifier}',
      );
      const data = body.data;
      for (const key of ['latestTerms', 'classification', 'consensus', 'financialSnapshot', 'lockupSchedule', 'filings', 'filingsNext', 'news', 'newsNext']) {
        expect(data).toHaveProperty(key);
      }
      const expected = column("SELECT accession_number FROM api_filings WHERE cik = '0001766140' ORDER BY filing_date DESC, accession_number DESC");
      expect(expected.length).toBeGreaterThan(DETAIL_EMBEDDED_ITEMS);
      expect(data.filings.map((f: any) => f.accessionNumber)).toEqual(expected.slice(0, DETAIL_EMBEDDED_ITEMS));
      for (const filing of data.filings) expect(Object.keys(filing)).toEqual(expect.arrayContaining(['aiEnrichment', 'terms']));
      // The link continues the filings list right after the last embedded filing: together, every filing once.
      expect(data.filingsNext).toMatch(/^\/api\/v1\/filings\?cik=0001766140&include=ai_enrichment,terms&cursor=[\w-]+\.[\w-]+$/);
      const rest = await followLinks(data.filingsNext, '/api/v1/filings');
      expect([...data.filings, ...rest].map((f: any) => f.accessionNumber)).toEqual(expected);
      expect(rest[0]).toHaveProperty('aiEnrichment');
      const news = column("SELECT news_id FROM api_news WHERE cik = '0001766140'");
      expect(news.length).toBeLessThanOrEqual(DETAIL_EMBEDDED_ITEMS);
      expect(data.news.length).toBe(news.length);
      expect(data.newsNext).toBeNull();
    });

    it('bounds the filings of a company with hundreds to the newest few, AAOI included', async () => {
      const total = column("SELECT accession_number FROM api_filings WHERE cik = '0001158114'").length;
      expect(total).toBeGreaterThan(500);
      const res = await api.get('/api/v1/companies/AAOI?include=filings');
      const text = await res.text();
      expect(text.length).toBeLessThan(64 * 1024);
      const { data } = JSON.parse(text);
      check('/api/v1/companies/{identifier}', 200, { data });
      expect(data.filings).toHaveLength(DETAIL_EMBEDDED_ITEMS);
      expect(data.filingsNext).toMatch(/^\/api\/v1\/filings\?cik=0001158114&/);
      expect((await followLinks(data.filingsNext, '/api/v1/filings')).length).toBe(total - DETAIL_EMBEDDED_ITEMS);
    });
  });

  describe('filings', () => {
    it('walks every filing once, newest first, with includes', async () => {
      const expected = all<{ a: string; c: string }>(
        'SELECT accession_number a, cik c FROM api_filings ORDER BY filing_date DESC, accession_number DESC, cik DESC',
      ).map((r) => `${r.a}/${r.c}`);
      expect(expected.length).toBeGreaterThan(1000);
      const items = await walk('/api/v1/filings?limit=100&include=ai_enrichment,terms', '/api/v1/filings');
      expect(items.map((f) => `${f.accessionNumber}/${f.cik}`)).toEqual(expected);
      expect(items[0]).toHaveProperty('aiEnrichment');
      expect(items[0]).toHaveProperty('terms');
    });

    it('filters by cik, ticker, names, form type and an inclusive date range', async () => {
      const expectFilter = async (query: string, where: string, ...params: unknown[]) => {
        const expected = column(
          `SELECT accession_number || '/' || cik FROM api_filings WHERE ${where} ORDER BY filing_date DESC, accession_number DESC, cik DESC`,
          ...params,
        );
        const items = await walk(`/api/v1/filings?limit=100&${query}`, '/api/v1/filings');
        expect(items.map((f) => `${f.accessionNumber}/${f.cik}`), query).toEqual(expected);
        return expected.length;
      };
      expect(await expectFilter('cik=1766140', "cik = '0001766140'")).toBeGreaterThan(0);
      expect(await expectFilter('ticker=Uncy', "cik IN (SELECT cik FROM company_tickers WHERE ticker = 'UNCY')")).toBeGreaterThan(0);
      expect(await expectFilter('company_name=unicycive', "name_lower LIKE '%unicycive%'")).toBeGreaterThan(0);
      expect(await expectFilter('name_prefix=TESLA', "name_lower LIKE 'tesla%'")).toBeGreaterThan(0);
      expect(await expectFilter('form_type=s-1/a', "form_type = 'S-1/A'")).toBeGreaterThan(0);
      const day = column('SELECT filing_date FROM api_filings GROUP BY 1 ORDER BY count(*) DESC LIMIT 1')[0];
      expect(await expectFilter(`filing_date_from=${day}&filing_date_to=${day}`, 'filing_date = ?', day)).toBeGreaterThan(0);
      await expectFilter('filing_date_from=2021-01-01&filing_date_to=2021-06-30&cik=0001766140', "filing_date BETWEEN '2021-01-01' AND '2021-06-30' AND cik = '0001766140'");
    });
  });

  describe('news, outcomes and articles', () => {
    it('walks news newest first with content only when included, and filters', async () => {
      const expected = column("SELECT json_extract(json, '$.url') || '/' || cik FROM api_news ORDER BY date_known DESC, published_at DESC, news_id DESC, cik DESC");
      const items = await walk('/api/v1/news?limit=100', '/api/v1/news');
      expect(items.map((n) => `${n.url}/${n.cik}`)).toEqual(expected);
      for (const item of items) expect(item.content).toBeNull();
      const withContent = await walk('/api/v1/news?limit=100&include=content', '/api/v1/news');
      expect(withContent.map((n) => n.url)).toEqual(items.map((n) => n.url));
      const provider = column('SELECT provider FROM api_news WHERE provider IS NOT NULL LIMIT 1')[0];
      if (provider !== undefined) {
        const filtered = await walk(`/api/v1/news?provider=${encodeURIComponent(provider)}`, '/api/v1/news');
        expect(filtered.every((n) => n.provider === provider)).toBe(true);
      }
      await walk('/api/v1/news?published_at_from=2020-01-01&published_at_to=2020-12-31T23:59:59Z&source_name=Reuters&cik=1766140', '/api/v1/news');
    });

    it('walks outcomes newest first and filters by status and dates', async () => {
      const expected = column(
        "SELECT cik || '/' || ticker FROM outcomes WHERE status IN ('partial', 'complete') ORDER BY trading_start_date DESC, cik DESC, ticker DESC",
      );
      const items = await walk('/api/v1/outcomes?limit=100', '/api/v1/outcomes');
      expect(items.map((o) => `${o.cik}/${o.ticker}`)).toEqual(expected);
      const complete = await walk('/api/v1/outcomes?status=complete&trading_start_date_from=2000-01-01&trading_start_date_to=2030-12-31T00:00:00Z', '/api/v1/outcomes');
      expect(complete.every((o) => o.status === 'complete')).toBe(true);
    });

    it('serves the newest articles with absolute URLs', async () => {
      const expected = column('SELECT article_id FROM articles ORDER BY published_at DESC, article_id DESC LIMIT 25');
      const body: any = await getJson('/api/v1/articles', '/api/v1/articles');
      expect(body.items.map((a: any) => a.id)).toEqual(expected);
      for (const item of body.items) expect(item.url.startsWith(`${PUBLIC_BASE_URL}/`)).toBe(true);
    });
  });
});
