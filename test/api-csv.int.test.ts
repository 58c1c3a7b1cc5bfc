import { beforeAll, describe, expect, it } from 'vitest';
import { csvColumns } from '../api/http/csv-columns.ts';
import { CSV_TYPE } from '../api/http/csv-negotiation.ts';
import { CSV_LISTS, csvShowsItems, parseCsv } from '../api/http/csv.testkit.ts';
import { documentValidator, useServedFullSample } from './api-harness.ts';

const CSV = { Accept: 'text/csv' };

const [COMPANIES, FILINGS, NEWS, OUTCOMES, ARTICLES] = CSV_LISTS;

/** Each paged list with a filter and include set that page through real items of the whole sample. */
const LISTS = [
  { name: 'companies', path: `${COMPANIES.path}?limit=9&scope=ipo&include=latest_terms,classification,consensus`, item: COMPANIES.item, include: ['latest_terms', 'classification', 'consensus'] },
  { name: 'companies (no include)', path: `${COMPANIES.path}?limit=13`, item: COMPANIES.item, include: [] },
  { name: 'filings', path: `${FILINGS.path}?limit=11&ticker=UNCY&include=ai_enrichment,terms`, item: FILINGS.item, include: ['ai_enrichment', 'terms'] },
  { name: 'news', path: `${NEWS.path}?limit=10&include=content`, item: NEWS.item, include: ['content'] },
  { name: 'outcomes', path: `${OUTCOMES.path}?limit=8`, item: OUTCOMES.item, include: [] },
];
const PAGES_WALKED = 4;

const nextOf = (link: string | null) => (link === null ? null : /^<([^>]+)>; rel="next"$/.exec(link)![1]);

/** The CSV answer beside the JSON answer to the same request: its own type and ETag, the same caching and Vary. */
function expectCsvBeside(csv: Response, json: Response, vary: string): void {
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toBe(CSV_TYPE);
  expect(csv.headers.get('vary')).toBe(vary);
  expect(json.headers.get('vary')).toBe(vary);
  expect(csv.headers.get('cache-control')).toBe(json.headers.get('cache-control'));
  expect(csv.headers.get('etag')).not.toBe(json.headers.get('etag'));
}

/**
 * The CSV representation of every list endpoint over the whole bundled sample: each page is the
 * JSON page's items, cell by cell, under the same header on every page; Link carries the next page;
 * validators are the CSV page's own; a hostile Accept is a 400 or 406 with the ApiError envelope.
 */
describe('list endpoints as CSV (Accept: text/csv)', () => {
  const sample = useServedFullSample();
  let check: ReturnType<typeof documentValidator>;

  beforeAll(async () => {
    check = documentValidator(await (await sample.api.get('/api/v1/openapi.json', { key: null })).json());
  });

  it.each(LISTS)('$name: each CSV page holds the JSON page\'s items under one header, and Link leads to the next', async ({ path, item, include }) => {
    const columns = csvColumns(item, include);
    let jsonNext: string | null = path;
    let csvNext: string | null = path;
    let pages = 0;
    for (; pages < PAGES_WALKED && jsonNext !== null; pages++) {
      const json = await sample.api.get(jsonNext);
      const body: any = await json.json();
      check(path.split('?')[0], 200, body);
      const csv = await sample.api.get(csvNext!, { headers: CSV });
      expectCsvBeside(csv, json, 'Accept, Authorization');
      expect(csv.headers.get('cache-control')).toBe('private, max-age=60');
      const text = await csv.text();
      expect(body.data.length).toBeGreaterThan(0);
      csvShowsItems(text, columns, body.data);
      expect(parseCsv(text)[0]).toEqual(columns.map((c) => c.name));
      // The same next page, announced the same way; the CSV client follows Link, sending Accept again.
      expect(csv.headers.get('link')).toBe(json.headers.get('link'));
      expect(csv.headers.get('link') !== null).toBe(body.has_more);
      jsonNext = body.next_cursor === null ? null : nextOf(json.headers.get('link'));
      csvNext = nextOf(csv.headers.get('link'));
    }
    expect(pages).toBeGreaterThan(1);
  });

  it('articles: the public feed items as CSV, validators of their own bytes, CORS as for JSON', async () => {
    const json = await sample.api.get(ARTICLES.path, { key: null });
    const csv = await sample.api.get(ARTICLES.path, { key: null, headers: CSV });
    const items = ((await json.json()) as { items: unknown[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expectCsvBeside(csv, json, 'Accept');
    expect(csv.headers.get('access-control-allow-origin')).toBe('*');
    csvShowsItems(await csv.text(), csvColumns(ARTICLES.item), items);
    const again = await sample.api.get(ARTICLES.path, { key: null, headers: { ...CSV, 'If-None-Match': csv.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers If-None-Match with 304 for the CSV page, and never with the other representation\'s tag', async () => {
    for (const { path } of LISTS) {
      const csv = await sample.api.get(path, { headers: CSV });
      const etag = csv.headers.get('etag')!;
      const again = await sample.api.get(path, { headers: { ...CSV, 'If-None-Match': etag } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('vary')).toBe('Accept, Authorization');
      // The JSON page under the CSV page's tag is a different representation: a full 200.
      const json = await sample.api.get(path, { headers: { 'If-None-Match': etag } });
      expect(json.status, path).toBe(200);
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      const jsonEtag = json.headers.get('etag')!;
      expect((await sample.api.get(path, { headers: { ...CSV, 'If-None-Match': jsonEtag } })).status).toBe(200);
    }
  });

  it('serves a header row alone for an empty page, and HEAD without a body', async () => {
    const empty = await sample.api.get('/api/v1/filings?cik=1&include=terms', { headers: CSV });
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe(`${csvColumns(FILINGS.item, ['terms']).map((c) => c.name).join(',')}\r\n`);
    expect(empty.headers.get('link')).toBeNull();
    const head = await sample.api.get('/api/v1/outcomes?limit=3', { headers: CSV, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(CSV_TYPE);
    expect(await head.text()).toBe('');
  });

  it('negotiates on q-values, wildcards and parameters, JSON winning ties and by default', async () => {
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'application/json'],
      ['*/*', 'application/json'],
      ['text/*', 'text/csv'],
      ['text/csv, application/json', 'application/json'],
      ['application/json;q=0.5, text/csv;q=0.8', 'text/csv'],
      ['text/csv;charset=UTF-8;header=present', 'text/csv'],
      ['text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2', 'application/json'],
    ];
    for (const [accept, type] of cases) {
      const res = await sample.api.get('/api/v1/outcomes?limit=2', { headers: accept === undefined ? {} : { Accept: accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-type'), accept).toMatch(new RegExp(`^${type}`));
    }
  });

  it('answers an Accept that admits neither format with 406, a malformed one with 400, both as ApiError JSON', async () => {
    const cases: Array<[string, number]> = [
      ['image/png', 406],
      ['text/csv;q=0, application/json;q=0', 406],
      ['text/csv;header=absent', 406],
      ['application/xml', 406],
      ['text/csv;q=2', 400],
      ['csv', 400],
      ['*/csv', 400],
      ['text/csv;q="1"', 400],
      [`text/csv${';'.repeat(2000)}`, 200],
      [`${'a/b,'.repeat(3000)}text/csv`, 200],
      ['\u00e9/csv', 400],
    ];
    for (const path of CSV_LISTS.map((list) => `${list.path}?limit=2`)) {
      for (const [accept, status] of cases) {
        const res = await sample.api.get(path, { headers: { Accept: accept } });
        expect(res.status, `${path} ${accept.slice(0, 40)}`).toBe(status);
        if (status === 200) continue;
        const body: any = await res.json();
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(res.headers.get('etag')).toBeNull();
        check(path.split('?')[0], status, body);
        expect(body.error.code).toBe(status === 406 ? 'not_acceptable' : 'invalid_request');
        if (status === 400) expect(body.error.details).toEqual([{ parameter: 'Accept', message: expect.stringMatching(/^not a media range list/) }]);
      }
    }
  });

  it('leaves the single-representation endpoints as they were: company detail is JSON whatever Accept says', async () => {
    const res = await sample.api.get('/api/v1/companies/UNCY', { headers: CSV });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Authorization');
  });
});
