import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentValidator } from './api-harness.ts';
import { runIpo } from './cli-harness.ts';
import { spawnIpo } from './ipo-process.ts';
import { freePort } from './process-harness.ts';
import { demoStartCopyAndFirstStart, type FirstStart } from './shared-templates.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];
const urlOf = (out: string) => /^URL: (\S+)$/m.exec(out)?.[1];
const keyOf = (out: string) => /^API key: (\S+)$/m.exec(out)?.[1];

/** Runs `ipo start` as a user would and resolves with what it printed once it says where it serves. */
async function start(dataDir: string): Promise<{ child: ChildProcess; url: string; key: string; out: string; stderr: () => string }> {
  const port = await freePort();
  const started = await spawnIpo(['start'], { DATA_DIR: dataDir, PORT: String(port), REDIS_URL: '' }, (out) => !!urlOf(out) && !!keyOf(out));
  children.push(started.child);
  const out = started.out();
  return { child: started.child, url: urlOf(out)!, key: keyOf(out)!, out, stderr: started.stderr };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

/**
 * The fresh start is the run's one first `ipo start` (test/shared-templates.ts: whichever file asks
 * first runs it on an empty DATA_DIR, keeps what it printed and its answer to the first curl, and
 * fails unless it exits 0 on SIGTERM). What it served is asked of a second start on a copy of its
 * DATA_DIR, which reuses the data and the key.
 */
let dataDir: string;
let first: FirstStart;
let second: Awaited<ReturnType<typeof start>>;

// A fresh start ingests the sample and projects every US vendor IPO: about 35 s alone on 2 cores, more beside other tests.
beforeAll(async () => {
  ({ dataDir, first } = await demoStartCopyAndFirstStart());
  second = await start(dataDir);
}, 300_000);

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on a fresh data dir', () => {
  it('ingests the real sample, projects, and prints the URL and a working demo key', async () => {
    expect(urlOf(first.out)).toBe(`http://localhost:${first.port}`);
    expect(keyOf(first.out)).toMatch(/^ipo_live_[0-9A-Za-z]{32,}$/);
    expect(first.err).toMatch(/ingest: \d+ jobs, \d+ new events/);
    expect(first.firstAnswer.status).toBe(200);
    expect((JSON.parse(first.firstAnswer.body) as { meta: { count: number } }).meta.count).toBe(5);

    const auth = { authorization: `Bearer ${second.key}` };
    const aaoi = await fetch(`${second.url}/api/v1/companies/aaoi?include=filings`, { headers: auth });
    expect(aaoi.status).toBe(200);
    const detail = (await aaoi.json()) as { data: { cik: string; name: string; filings: Array<{ formType: string }>; filingsNext: string | null } };
    expect(detail.data.cik).toBe('0001158114');
    expect(detail.data.name).toBe('APPLIED OPTOELECTRONICS, INC.');
    // The 20 newest filings are embedded; the IPO's filings are further down the list the link continues.
    expect(detail.data.filings).toHaveLength(20);
    const formTypes = detail.data.filings.map((f) => f.formType);
    for (let next = detail.data.filingsNext; next !== null; ) {
      const page = await fetch(`${second.url}${next}`, { headers: auth });
      formTypes.push(...((await page.json()) as { data: Array<{ formType: string }> }).data.map((f) => f.formType));
      next = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(formTypes).toEqual(expect.arrayContaining(['DRS', 'S-1', 'EFFECT', '424B4', 'CERTNAS']));

    const anonymous = await fetch(`${second.url}/api/v1/companies`);
    expect(anonymous.status).toBe(401);
  });

  it('leaves no failed job for `ipo status`: the 404s of the sample are the expected not-found answers', async () => {
    // EDGAR answers 404 for the CIKs the sample has no submissions file for, as it does for unknown CIKs.
    const notFound = Number(/^ingest: \d+ jobs, \d+ new events, (\d+) not found \(404\)/m.exec(first.err)?.[1]);
    expect(notFound).toBeGreaterThan(0);
    const status = await runIpo(dataDir, 'status');
    expect(status.code).toBe(0);
    expect(status.out).toContain('failed jobs (ingest.job_failed): 0\n');
    expect(status.out).toMatch(new RegExp(`^not found \\(404, expected\\): ${notFound} \\(edgar\\.submissions \\d+, edgar\\.submissions_page \\d+\\)$`, 'm'));
  });

  it('prints commands to try that work as printed: each curl answers 200 in its type, the SQL returns rows', async () => {
    // Both starts print the same commands, each with its own address and DATA_DIR: the second's are run.
    const general = (out: string) => out.replaceAll(urlOf(out)!, 'URL').replace(/^SQL: sqlite3 \S+/m, 'SQL: sqlite3 READ_DB');
    expect(general(second.out)).toBe(general(first.out));
    const curls = [...second.out.matchAll(/^ {2}curl (.*)$/gm)].map((m) => m[1]);
    expect(curls.length).toBeGreaterThanOrEqual(4);
    for (const args of curls) {
      const headers = Object.fromEntries([...args.matchAll(/-H ["']([^:]+): ([^"']+)["']/g)].map((m) => [m[1], m[2]]));
      const url = /'(http[^']+)'$/.exec(args)![1];
      const response = await fetch(url, { headers });
      expect(response.status, args).toBe(200);
      expect(response.headers.get('content-type'), args).toBe(headers.Accept === 'text/csv' ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8');
    }
    const [, file, query] = /^SQL: sqlite3 (\S+) '([^']+)'$/m.exec(second.out)!;
    const db = new Database(file, { readonly: true });
    try {
      expect((db.prepare(query).all() as Array<{ ticker: string }>).length).toBe(10);
    } finally {
      db.close();
    }
  });

  it("reproduces the README's figures of the demo: Ritter's Table 1 beside the demo's columns, and the served statuses", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const sql = /-- Ritter's Table 1[^\n]*\n(SELECT[\s\S]*?;)/.exec(readme)![1];
    const table = [...readme.matchAll(/^\| (\d{4}) \| \d+ \| (\d+) \| [\d.]+ \| ([\d.]+) \| [\d.]+ \| ([\d.]+) \| [\d.]+ \| ([\d.]+) \|$/gm)]
      .map((m) => [m[1], Number(m[2]), m[3], m[4], m[5]]);
    expect(table).toHaveLength(24);
    const [, file] = /^SQL: sqlite3 (\S+) /m.exec(second.out)!;
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare(sql).all() as Array<{ year: string; ipos: number; ew_day1_pct: number; proceeds_bn: number; left_on_table_bn: number }>;
      expect(rows.map((r) => [r.year, r.ipos, r.ew_day1_pct.toFixed(1), r.proceeds_bn.toFixed(2), r.left_on_table_bn.toFixed(2)])).toEqual(table);
      // "of 5,053 companies, 4,239 are served `listed`, 466 `combined` … and 211 `delisted`"
      const stated = /of ([\d,]+) companies, ([\d,]+) are served `listed`, ([\d,]+)\s+`combined`[^)]*\) and ([\d,]+) `delisted`/.exec(readme)!.slice(1).map((n) => Number(n.replace(/,/g, '')));
      const count = (where: string) => (db.prepare(`SELECT count(*) AS n FROM companies ${where}`).get() as { n: number }).n;
      expect(stated).toEqual([count(''), count("WHERE offering_status = 'listed'"), count("WHERE offering_status = 'combined'"), count("WHERE offering_status = 'delisted'")]);
    } finally {
      db.close();
    }
  });

  it('serves a deal database: offering companies only, one offering at a time, lifecycles to their end, vendor IPOs by identity', async () => {
    const auth = { authorization: `Bearer ${second.key}` };
    // Every detail answer is checked against the OpenAPI document the server publishes.
    const check = documentValidator(await (await fetch(`${second.url}/api/v1/openapi.json`)).json());
    const get = async (path: string): Promise<any> => {
      const response = await fetch(`${second.url}/api/v1${path}`, { headers: auth });
      expect(response.status, path).toBe(200);
      const body = (await response.json()) as { data: unknown };
      check(path.startsWith('/companies/') ? '/api/v1/companies/{identifier}' : `/api/v1${path.split('?')[0]}`, 200, body);
      return body.data;
    };

    // The default list: every company has offering activity (≤ 5% without a deal status).
    const companies: Array<{ offeringStatus: string; dealType: string }> = [];
    for (let cursor: string | null = null, first_ = true; first_ || cursor; first_ = false) {
      const response = await fetch(`${second.url}/api/v1/companies?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: auth });
      const page = (await response.json()) as { data: typeof companies; next_cursor: string | null };
      check('/api/v1/companies', 200, page);
      companies.push(...page.data);
      cursor = page.next_cursor;
    }
    const withoutActivity = companies.filter((c) => c.offeringStatus === 'none' || c.dealType === 'unknown').length;
    // The research universe: every US IPO of the Bloomberg export (4,558 rows), the 285 its raw yearly exports add, and of the Yahoo list not in it.
    expect(companies.length).toBeGreaterThan(5000);
    expect(withoutActivity / companies.length).toBeLessThanOrEqual(0.05);

    // AAOI: the 2013 IPO and the 2014 follow-on side by side; the company view is the IPO alone.
    const aaoi = await get('/companies/AAOI?include=offerings,consensus');
    const ipo = aaoi.offerings.find((o: any) => o.fileNumber === '333-190591');
    const followOn = aaoi.offerings.find((o: any) => o.fileNumber === '333-194379');
    expect(ipo).toMatchObject({ dealType: 'ipo', status: 'listed', isCurrent: true, draftFileNumbers: expect.arrayContaining([expect.stringMatching(/^377-/)]) });
    expect(followOn).toMatchObject({ dealType: 'follow_on', isCurrent: false, upsized: true, upsizeFileNumbers: ['333-194696'] });
    expect(followOn.terms.totalSharesOffered).toBeGreaterThan(0);
    expect(aaoi.latestTerms).toBeNull();
    expect(aaoi.consensus).toMatchObject({ offerPrice: 10, listingDate: '2013-09-26', totalShares: null });

    // Lifecycles to their end, with dates.
    expect(await get('/companies/1847577?include=offerings')).toMatchObject({ offeringStatus: 'combined', dealType: 'spac', lifecycleEnd: { status: 'combined', date: '2024-10-03' } });
    expect(await get('/companies/1796129?include=offerings')).toMatchObject({ offeringStatus: 'delisted', lifecycleEnd: { status: 'delisted', date: '2025-04-28' } });
    expect(await get('/companies/1881551?include=offerings')).toMatchObject({ offeringStatus: 'combined', dealType: 'spac', lifecycleEnd: { status: 'combined', date: '2024-02-02' } }); // the closing (8-K of 2024-02-08, date of report 2024-02-02; Nasdaq's 25-NSE that day)
    // Seasoned issuers: their resale, shelf and debt offerings are not IPOs and set no listing date.
    for (const cik of ['895419', '1814722']) {
      const company = await get(`/companies/${cik}?include=consensus,offerings`);
      expect(['follow_on', 'resale', 'debt'], cik).toContain(company.dealType);
      expect(company.consensus.listingDate, cik).toBeNull();
      expect(company.offerings.every((o: any) => !['ipo', 'spac', 'direct_listing', 'uplisting'].includes(o.dealType)), cik).toBe(true);
    }
    // Marvell Technology, Inc. (CIK 1835632, the 2021 successor) carries MRVL and Marvell Technology
    // Group's name, but its filings begin 2020-12-22: the group's 2000 IPO in the Yahoo list cannot be
    // its IPO (vendor-company.derive.ts) and is a vendor company of its own, dated by its IPO date, which is
    // its listing date too: the list's first bar (2000-06-30) dates no first trade (consensus-rules.derive.ts).
    const marvell = await get('/companies/1835632?include=consensus,offerings');
    // Its current offering is the 2025 shelf whose first takedown sold senior notes (424B5, then the 424B2 final).
    expect(marvell).toMatchObject({ dealType: 'debt', consensus: { offerPrice: null } });
    expect(marvell.offerings.every((o: any) => o.source === 'edgar' && !['ipo', 'spac', 'direct_listing', 'uplisting'].includes(o.dealType))).toBe(true);
    expect(await get('/companies/V-MRVL-2000-06-26?include=consensus,offerings')).toMatchObject({
      name: 'Marvell Technology Group Ltd', dealType: 'ipo', consensus: { offerPrice: 15, exchange: 'Nasdaq', listingDate: '2000-06-26' },
      offerings: [expect.objectContaining({ source: 'vendor', dealType: 'ipo', offerPrice: 15, issuerNameAtOffering: 'Marvell Technology Group Ltd', issuerNameAtOfferingSource: 'vendor_listing' })],
    });
    // EverBank's 2012 IPO: Bloomberg's "TIAA FSB Holdings Inc" under the placeholder 1624831D and Yahoo's
    // EVER, the only rows of their day at $10.00 (vendor-same-ipo.derive.ts rule 5): one company, served
    // under Yahoo's symbol of the day, listed on Bloomberg's trade date, named as Yahoo named it then.
    // (EVER today is EverQuote's: the symbol was reused.)
    expect(await get('/companies/V-1624831D-2012-05-03?include=consensus,offerings')).toMatchObject({
      cik: 'V-1624831D-2012-05-03', name: 'TIAA FSB Holdings Inc', tickerHint: 'EVER', consensus: { offerPrice: 10, listingDate: '2012-05-03' },
      offerings: [expect.objectContaining({ source: 'vendor', listingDate: '2012-05-03', issuerNameAtOffering: 'EverBank Financial Corp', issuerNameAtOfferingSource: 'vendor_listing' })],
    });
    expect(companies.filter((c: any) => /^\d+[A-Z]?$/.test(c.tickerHint ?? ''))).toEqual([]);
    // Yahoo's rows join Bloomberg's by identity: one company per IPO, Yahoo adding the exchange.
    for (const [ticker, exchange] of [['SLAB', 'Nasdaq'], ['ARA', 'NYSE'], ['SNAP', 'NYSE']] as const) {
      expect(companies.filter((c: any) => c.tickerHint === ticker), ticker).toHaveLength(1);
      expect((await get(`/companies/${ticker}?include=consensus`)).consensus.sourceSummary.exchange, ticker).toMatch(new RegExp(`^${exchange}: the Yahoo Finance IPO list row ${ticker},`));
    }
    // Bloomberg's raw yearly exports add the IPOs the consolidated export lacks: Laser Photonics (CIK
    // 1807887), whose EDGAR offering alone is priced with no listing date, lists 2022-09-30 at $5.00.
    expect(await get('/companies/LASE?include=consensus,offerings')).toMatchObject({
      cik: '0001807887', offeringStatus: 'listed', consensus: { offerPrice: 5, listingDate: '2022-09-30' },
      offerings: [expect.objectContaining({ dealType: 'ipo', listingDate: '2022-09-30', offerPrice: 5 })],
    });
    expect(await get('/companies/LMND?include=consensus')).toMatchObject({ cik: '0001691421', consensus: { offerPrice: 29, listingDate: '2020-07-02' } });
    // `q` finds a company by the name its IPO is served under, as the articles print it: the Yahoo list's
    // ShotSpotter Inc (2017, now SoundThinking) and Gardner Denver Holdings (now Ingersoll Rand).
    for (const [q, cik] of [['shotspotter', '0001351636'], ['gardner denver holdings', '0001699150']]) {
      expect((await get(`/companies?q=${encodeURIComponent(q)}`)).map((c: { cik: string }) => c.cik), q).toEqual([cik]);
    }
    // A registration the raw export dates at offer price 0 (Ensemble Health Partners, postponed in 2021) is no IPO and not imported.
    expect((await fetch(`${second.url}/api/v1/companies/ENSB`, { headers: auth })).status).toBe(404);
    // Unicycive: a range-midpoint estimate is labelled, never served as stated gross proceeds.
    expect((await get('/companies/UNCY')).latestTerms).toMatchObject({ grossProceeds: null, grossProceedsEstimate: 25_025_000 });

    // Vendor IPO rows join by identity: every verified IPO of the sample answers by its ticker with its offer price and listing date.
    const index = readFileSync(join(ROOT, 'data/sample/prices/window/INDEX.csv'), 'utf8').trim().split(/\r?\n/).slice(1).map((l) => l.split(','));
    const resolved = [];
    for (const [ticker, , , tradeDate, offerPrice] of index) {
      const company = await get(`/companies/${ticker}?include=consensus`);
      if (company.consensus.offerPrice === Number(offerPrice) && company.consensus.listingDate === tradeDate) resolved.push(ticker);
    }
    expect(resolved.length).toBe(index.length);
    for (const [ticker, name, price] of [['TWTR', 'TWITTER, INC.', 26], ['FIT', 'FITBIT, INC.', 20], ['TSLA', 'Tesla, Inc.', 17], ['P', 'PANDORA MEDIA, INC.', 16]] as const) {
      const company = await get(`/companies/${ticker}?include=consensus`);
      expect(company, ticker).toMatchObject({ name, offeringStatus: 'listed', consensus: { offerPrice: price } });
    }
    // A row no EDGAR company matches is a company of its own, found by its key (any case) and its ticker.
    const priced = new Set(index.map(([ticker]) => ticker));
    const vendorOnly = companies.find((c: any) => c.cik.startsWith('V-') && priced.has(c.tickerHint)) as unknown as { cik: string; tickerHint: string; name: string };
    expect(vendorOnly).toBeDefined();
    expect(await get(`/companies/${vendorOnly.cik.toLowerCase()}`)).toMatchObject({ cik: vendorOnly.cik, name: vendorOnly.name, latestFormType: null });
    expect((await get(`/companies/${vendorOnly.tickerHint}`)).cik).toBe(vendorOnly.cik);
    expect(await get(`/outcomes?cik=${vendorOnly.cik}`)).toEqual([expect.objectContaining({ cik: vendorOnly.cik, ticker: vendorOnly.tickerHint })]);

    // News: every record whose company is served is served; the untitled Snapchat stories
    // link to Snap by the search that found them. Pinduoduo's company is not in the sample (see news/INDEX.md).
    const news: Array<{ url: string; title: string; titleSource: string; companyName: string; match: { reason: string } }> = await get('/news?limit=100');
    const byUrl = new Map(news.map((n) => [n.url, n]));
    expect(byUrl.size).toBe(19);
    // An untitled record says so (titleSource untitled) and serves the empty string, never a made-up headline.
    expect(news.every((n) => (n.title.trim() === '') === (n.titleSource === 'untitled'))).toBe(true);
    expect(byUrl.get('https://businessinsider.in/here-comes-the-snapchat-ipo-/articleshow/57433388.cms')).toMatchObject({ match: { reason: 'name_in_search' } });
    expect([...byUrl.keys()].some((url) => url.includes('pinduoduo'))).toBe(false);
  }, 120_000);

  it('reuses the data and the demo key on a second run', async () => {
    expect(second.key).toBe(keyOf(first.out));
    expect(second.stderr()).toMatch(/already ingested .* reusing it/);
    const response = await fetch(`${second.url}/api/v1/filings?limit=1`, { headers: { authorization: `Bearer ${second.key}` } });
    expect(response.status).toBe(200);
    expect(await stop(second.child)).toBe(0);
  });
});
