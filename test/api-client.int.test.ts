import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createIpoClient, type IpoClient, type PagedPath } from '../api/client/index.ts';
import { buildOpenApiDocument } from '../api/index.ts';
import { CLIENT_TYPES_FILE, clientTypesSource } from '../scripts/client-types.ts';
import { freePort, spawnIpo, until, type Spawned } from './process-harness.ts';
import { demoStartCopy } from './shared-templates.ts';

const ROOT = join(import.meta.dirname, '..');
const run = promisify(execFile);

/** The pages of a list as a client with nothing but fetch walks them: next_cursor, or the event log's last_event_id. */
async function rawWalk(origin: string, key: string, path: string, query: string): Promise<number> {
  let count = 0;
  for (let next: URLSearchParams | null = new URLSearchParams(query); next !== null; ) {
    const res = await fetch(`${origin}${path}?${next}`, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } });
    expect(res.status, `${path}?${next}`).toBe(200);
    const page = (await res.json()) as { data: unknown[]; next_cursor?: string | null; has_more: boolean; last_event_id?: number };
    count += page.data.length;
    const position: [string, string] | null =
      page.next_cursor !== undefined ? (page.next_cursor === null ? null : ['cursor', page.next_cursor]) : page.has_more ? ['after', String(page.last_event_id)] : null;
    if (position) next.set(...position);
    else next = null;
  }
  return count;
}

/** GET operations whose JSON answer is a list: `data` (paged) or `items` (the article feed). */
function listPathsOf(doc: any): string[] {
  const resolve = (node: any): any => (node?.$ref ? resolve(node.$ref.split('/').slice(1).reduce((at: any, key: string) => at[key], doc)) : node);
  return Object.entries<any>(doc.paths)
    .filter(([, item]) => {
      const schema = resolve(resolve(item.get?.responses?.['200'])?.content?.['application/json']?.schema);
      return ['data', 'items'].some((name) => resolve(schema?.properties?.[name])?.type === 'array');
    })
    .map(([path]) => path)
    .sort();
}

/**
 * The typed client (api/client/, issue 20 item 5) against `ipo start` on a copy of the run's demo
 * DATA_DIR (its restart reuses the ingested sample: about 2 s), with a quota that lets it walk
 * every list twice, once through the client and once with plain fetch.
 */
describe('the typed TypeScript client, against the demo', () => {
  let dataDir: string;
  let app: Spawned;
  let origin: string;
  let key: string;
  let doc: any;
  let ipo: IpoClient;

  beforeAll(async () => {
    dataDir = await demoStartCopy();
    const port = await freePort();
    app = spawnIpo(['start'], { DATA_DIR: dataDir, PORT: String(port), REDIS_URL: '', PUBLIC_BASE_URL: '', RATE_LIMIT_PER_MINUTE: '100000' });
    await until(() => /^API key: /m.test(app.out()) || !app.alive(), 240_000, 'ipo start to serve');
    expect(app.alive(), app.err()).toBe(true);
    origin = /^URL: (\S+)$/m.exec(app.out())![1];
    key = /^API key: (\S+)$/m.exec(app.out())![1];
    doc = await (await fetch(`${origin}/api/v1/openapi.json`)).json();
    ipo = createIpoClient({ baseUrl: origin, apiKey: key });
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is typed by what openapi-typescript generates from the published document (run `npm run client:generate` when this fails)', async () => {
    // What the demo serves is the document built in-process, its quota text aside (this demo's is raised).
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument({ rateLimitPerMinute: 100_000 }))));
    // The types are generated from the document as published at the default quota.
    expect(readFileSync(join(ROOT, CLIENT_TYPES_FILE), 'utf8')).toBe(await clientTypesSource(buildOpenApiDocument()));
  });

  it('walks every list endpoint of the document to the end, finding what plain cursor walking finds', async () => {
    const paged: Record<PagedPath, string> = {
      '/api/v1/companies': 'limit=100',
      '/api/v1/filings': 'limit=100',
      '/api/v1/news': 'limit=100',
      '/api/v1/outcomes': 'limit=100',
      '/api/v1/calendar': 'limit=100',
      '/api/v1/events': 'limit=100&after=0',
    };
    expect(listPathsOf(doc)).toEqual([...Object.keys(paged), '/api/v1/articles'].sort());
    const walked: Record<string, number> = {};
    for (const [path, query] of Object.entries(paged) as Array<[PagedPath, string]>) {
      let count = 0;
      const seen = new Set<string>();
      for await (const item of ipo.paginate(path, Object.fromEntries(new URLSearchParams(query)) as never)) {
        count++;
        seen.add(JSON.stringify(item));
      }
      walked[path] = count;
      expect(seen.size, `${path}: an item twice`).toBe(count);
      expect(count, path).toBe(await rawWalk(origin, key, path, query));
    }
    // The whole sample is served: thousands of companies, filings, outcomes and events over many pages.
    expect(walked['/api/v1/companies']).toBeGreaterThan(1000);
    expect(walked['/api/v1/filings']).toBeGreaterThan(1000);
    expect(walked['/api/v1/events']).toBeGreaterThan(1000);
    expect(walked['/api/v1/news']).toBeGreaterThan(0);
    expect(walked['/api/v1/calendar']).toBeGreaterThan(1000);

    // The article feed has no cursor: its newest 100 are one page, the whole feed while it has fewer.
    const feed = await ipo.get('/api/v1/articles', { query: { limit: 100 } });
    const all = (await (await fetch(`${origin}/articles/feed.json`)).json()) as { items: unknown[] };
    expect(feed.items.length).toBeGreaterThan(0);
    expect(feed.items.length).toBeLessThan(100);
    expect(feed.items.length).toBe(all.items.length);
  }, 60_000);

  it('fills what include asks for, and only that', async () => {
    const bare = await ipo.list('/api/v1/companies', { limit: 20 });
    const rich = await ipo.list('/api/v1/companies', { limit: 20, include: ['latest_terms', 'classification', 'consensus'] });
    expect(rich.data.map((c) => c.cik)).toEqual(bare.data.map((c) => c.cik));
    for (const company of bare.data) expect(Object.keys(company)).not.toContain('consensus');
    for (const company of rich.data) expect(Object.keys(company)).toEqual(expect.arrayContaining(['latestTerms', 'classification', 'consensus']));

    const filings = await ipo.list('/api/v1/filings', { limit: 20, include: ['terms', 'ai_enrichment'] });
    for (const filing of filings.data) expect(Object.keys(filing)).toEqual(expect.arrayContaining(['terms', 'aiEnrichment']));

    const listed = rich.data.find((c) => c.consensus?.ticker)!;
    const detail = await ipo.company(listed.consensus!.ticker!, { include: ['filings', 'financial_snapshot'] });
    expect(detail.cik).toBe(listed.cik);
    expect(Array.isArray(detail.filings)).toBe(true);
    expect(Object.keys(detail)).toContain('financialSnapshot');
    expect(Object.keys(detail)).not.toContain('news');
  });

  it('throws the ApiError envelope: 404, 400 with the offending parameters, 401', async () => {
    const notFound = await ipo.company('ZZZZZZZZZ').catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(ApiError);
    expect(notFound).toMatchObject({ status: 404, code: 'not_found', message: 'No company matches "ZZZZZZZZZ"', details: null });
    expect((notFound as ApiError).requestId).toBeTruthy();

    const invalid = await ipo.list('/api/v1/companies', { limit: 1000 }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request', details: [{ parameter: 'limit', message: 'must be <= 100' }] });
    const token = await ipo.list('/api/v1/companies', { include: ['filings' as never] }).catch((error: unknown) => error);
    expect(token).toMatchObject({ status: 400, code: 'invalid_request', details: [{ parameter: 'include' }] });

    const stranger = createIpoClient({ baseUrl: origin, apiKey: 'ipo_live_00000000000000000000000000000000' });
    const unauthorized = await stranger.list('/api/v1/outcomes').catch((error: unknown) => error);
    expect(unauthorized).toMatchObject({ status: 401, code: 'unauthorized', envelope: { error: { code: 'unauthorized' } } });
  });

  it('reads CSV where asked: a page as text, and every page by the Link cursor, the same rows as JSON', async () => {
    const csv = await ipo.list('/api/v1/outcomes', { limit: 20 }, { format: 'csv' });
    const lines = csv.trimEnd().split(/\r?\n/);
    expect(lines[0]).toMatch(/^cik,companyName,ticker,/);
    expect(lines).toHaveLength(21);

    const query = { limit: 25, trading_start_date_from: '2021-01-01', trading_start_date_to: '2021-06-30' };
    const tickers: string[] = [];
    let pages = 0;
    for await (const text of ipo.pages('/api/v1/outcomes', query, { format: 'csv' })) {
      pages++;
      const [header, ...rows] = text.trimEnd().split(/\r?\n/).filter((line) => line !== '');
      const column = header.split(',').indexOf('ticker');
      tickers.push(...rows.map((row) => row.match(/("([^"]|"")*"|[^,]*)(,|$)/g)![column].replace(/,$/, '')));
    }
    const json: string[] = [];
    for await (const outcome of ipo.paginate('/api/v1/outcomes', query)) json.push(outcome.ticker ?? ''); // CSV writes a null ticker as an empty field
    expect(pages).toBeGreaterThan(1);
    expect(tickers).toEqual(json);
  });

  it('reads the event stream, and resumes after a Last-Event-ID', async () => {
    const firstPage = await ipo.list('/api/v1/events', { after: 0, limit: 6 });
    const read = async (options: Parameters<IpoClient['events']>[0], n: number) => {
      const events = [];
      for await (const event of ipo.events(options)) {
        events.push(event);
        if (events.length === n) break;
      }
      return events;
    };
    const streamed = await read({ after: 0 }, 6);
    expect(streamed).toEqual(firstPage.data);
    const resumed = await read({ lastEventId: streamed[2].id }, 3);
    expect(resumed.map((e) => e.id)).toEqual(streamed.slice(3).map((e) => e.id));
    const priced = await read({ after: 0, type: ['priced', 'listed'] }, 4);
    expect(priced.map((e) => e.type).every((type) => type === 'priced' || type === 'listed')).toBe(true);
  });

  it('tells of a position ahead of the log: a page\'s newest_event_id, the stream\'s onPositionAhead (never yielded as an event)', async () => {
    const newest = (await ipo.list('/api/v1/events', { after: 0, limit: 1 })).newest_event_id;
    const page = await ipo.list('/api/v1/events', { after: newest + 100 });
    expect(page).toMatchObject({ data: [], last_event_id: newest + 100, newest_event_id: newest, has_more: false });
    const told: Array<{ last_event_id: number; newest_event_id: number }> = [];
    const stop = new AbortController();
    const yielded: unknown[] = [];
    const reading = (async () => {
      for await (const event of ipo.events({ lastEventId: newest + 100, signal: stop.signal, onPositionAhead: (position) => void told.push(position) })) yielded.push(event);
    })();
    const deadline = Date.now() + 10_000;
    while (told.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();
    await reading;
    expect(told).toEqual([{ last_event_id: newest + 100, newest_event_id: newest }]);
    expect(yielded).toEqual([]);
  });

  it('is importable from another project as ipo-research/client: the built JavaScript runs, its types and the README\'s example check', async () => {
    const project = mkdtempSync(join(tmpdir(), 'ipo-client-consumer-'));
    try {
      mkdirSync(join(project, 'node_modules'));
      symlinkSync(ROOT, join(project, 'node_modules/ipo-research'), 'dir');
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
      writeFileSync(
        join(project, 'walk.mjs'),
        [
          "import { ApiError, createIpoClient } from 'ipo-research/client';",
          'const ipo = createIpoClient({ baseUrl: process.argv[2], apiKey: process.argv[3] });',
          'let news = 0;',
          "for await (const item of ipo.paginate('/api/v1/news', { limit: 5 })) news++;",
          "const missing = await ipo.company('ZZZZZZZZZ').catch((error) => error);",
          'console.log(JSON.stringify({ news, error: missing instanceof ApiError ? missing.code : null }));',
        ].join('\n'),
      );
      const { stdout } = await run(process.execPath, [join(project, 'walk.mjs'), origin, key], { cwd: project });
      const news = await rawWalk(origin, key, '/api/v1/news', 'limit=100');
      expect(JSON.parse(stdout)).toEqual({ news, error: 'not_found' });

      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            ...{ target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, lib: ['ES2023', 'DOM'] },
            // skipLibCheck: Node's declarations are a long read (5 s); the client's are checked where they are built.
            ...{ types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')], skipLibCheck: true },
          },
          files: ['consumer.ts', 'readme.ts'],
        }),
      );
      writeFileSync(
        join(project, 'consumer.ts'),
        [
          "import { createIpoClient } from 'ipo-research/client';",
          "const ipo = createIpoClient({ baseUrl: 'http://localhost:3000', apiKey: 'ipo_live_x' });",
          "for await (const company of ipo.paginate('/api/v1/companies', { include: ['consensus'] })) {",
          '  const asked: undefined extends typeof company.consensus ? false : true = true;',
          '  const notAsked: undefined extends typeof company.latestTerms ? true : false = true;',
          '  const name: string = company.name;',
          '}',
          "// @ts-expect-error filings is a company-detail token, not a company-list one",
          "await ipo.list('/api/v1/companies', { include: ['filings'] });",
          "const csv: string = await ipo.list('/api/v1/outcomes', { limit: 5 }, { format: 'csv' });",
          "for await (const event of ipo.events({ after: 0, type: ['priced'] })) { const id: number = event.id; }",
        ].join('\n'),
      );
      // The README's usage example, as written there.
      const section = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n### TypeScript client\n')[1].split('\n## ')[0];
      writeFileSync(join(project, 'readme.ts'), /```ts\n([\s\S]*?)```/.exec(section)![1]);
      const checked = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: project }).catch((error) => error);
      expect(`${checked.stdout}${checked.stderr ?? ''}`).toBe('');
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 60_000);
});
