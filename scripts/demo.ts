import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Config } from '../schema/config.ts';
import { packagePath } from '../schema/package-files.ts';
import { liveReadDbPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { publishArticles, quarterRange, type PublishOutcome, type PublishRequest } from './commands/publish.ts';
import type { EventLog } from '../schema/events/event-log.ts';
import {
  createEdgarClient,
  createNewsSource,
  createPricesSource,
  job,
  jobHandlers,
  loadPlan,
  runInline,
  startReplayServer,
  systemClock,
  type HandlerContext,
  type InlineRunReport,
  type Job,
  type Logger,
  type RunProgress,
} from '../ingest/index.ts';

/** The bundled real sample: recorded EDGAR responses and the plan of jobs the demo runs. */
export const SAMPLE_DIR = packagePath('data/sample');

/** The replay server is local, so the demo declares its own agent; live ingest requires EDGAR_USER_AGENT. */
export const DEMO_USER_AGENT = 'ipo-research-demo demo@ipo-research.invalid';

export function replayManifests(): string[] {
  return [join(SAMPLE_DIR, 'edgar/replay.json'), join(SAMPLE_DIR, 'edgar/feeds/replay.json'), join(SAMPLE_DIR, 'market-replay.json')].filter((p) => existsSync(p));
}

/** Starts the replay server, runs `jobs` inline with the context built for its URLs, and stops it. */
async function runAgainstReplay(
  jobs: Job[],
  context: (urls: Record<string, string>) => Omit<HandlerContext, 'log' | 'clock' | 'logger'>,
  options: { log: EventLog; logger: Logger; concurrency?: number; onProgress?: (progress: RunProgress) => void },
): Promise<InlineRunReport & { requests: number }> {
  const replay = await startReplayServer({ manifestPath: replayManifests() });
  try {
    const report = await runInline(jobs, {
      handlers: jobHandlers,
      ctx: { ...context(replay.urls), log: options.log, clock: systemClock(), logger: options.logger },
      concurrency: options.concurrency,
      onProgress: options.onProgress,
    });
    return { ...report, requests: replay.requestLog.length };
  } finally {
    await replay.close();
  }
}

/** The jobs of the bundled sample's plan (data/sample/demo-plan.json). */
export function demoPlanJobs(): Job[] {
  return loadPlan(join(SAMPLE_DIR, 'demo-plan.json')).jobs;
}

/**
 * Ingests the bundled sample through the real EDGAR client and the inline runner, against the
 * replay server that serves the recorded responses at their real paths.
 */
export function ingestDemoSample(
  config: Config,
  log: EventLog,
  logger: Logger,
  onProgress?: (progress: RunProgress) => void,
): Promise<InlineRunReport & { requests: number }> {
  return runAgainstReplay(
    demoPlanJobs(),
    (urls) => ({ client: createEdgarClient({ edgar: { ...config.edgar, userAgent: DEMO_USER_AGENT, wwwUrl: urls.www, dataUrl: urls.data } }) }),
    { log, logger, onProgress },
  );
}

/** A vendor IPO table the demo imports, and the source name recorded on its events. */
export interface DemoIpoTable {
  path: string;
  source: string;
  /** Only priced rows (a date and an offer price above 0): a raw export also lists registrations never priced, at offer price 0. */
  pricedOnly?: true;
}

/**
 * Bloomberg's raw yearly exports the consolidated table was built from (2020–2025): they hold
 * priced IPOs it lacks (Lemonade, Petco, Laser Photonics…). Read after it: a row both hold is the
 * same event (the event log keys a row by its content), so it is imported once.
 */
const BLOOMBERG_RAW_YEARS = [2020, 2021, 2022, 2023, 2024, 2025] as const;

/**
 * The vendor IPO tables the demo imports every US row of (the research universe, 2000–2025): the
 * Bloomberg export and the priced rows of its raw yearly exports, then the Yahoo Finance list, whose
 * rows of the same IPOs join Bloomberg's and add the exchange (company/vendor-company.derive.ts).
 */
export const DEMO_IPO_TABLES: readonly DemoIpoTable[] = [
  { path: join(SAMPLE_DIR, 'reference/bloomberg_ipo_data_2000_2025.csv.gz'), source: 'bloomberg' },
  ...BLOOMBERG_RAW_YEARS.map((year): DemoIpoTable => ({ path: join(SAMPLE_DIR, `reference/bloomberg_raw_${year}.csv.gz`), source: 'bloomberg', pricedOnly: true })),
  { path: join(SAMPLE_DIR, 'reference/yahoo_finance_IPOs_2000_2018.csv.gz'), source: 'yahoo' },
];

/** Price and news fetches are local (no rate limit off EDGAR hosts), so more run at once. */
const MARKET_CONCURRENCY = 16;

interface ManifestRoute {
  host: string;
  path: string;
  file: string;
}

/**
 * The market jobs the demo runs, read off the market replay manifest: one prices job per recorded
 * window file (its ticker is the file name) and one news search per recorded query.
 */
export function marketDemoJobs(manifestPath = join(SAMPLE_DIR, 'market-replay.json')): { tickers: string[]; jobs: Job[] } {
  const routes = (JSON.parse(readFileSync(manifestPath, 'utf8')) as { routes: ManifestRoute[] }).routes;
  const tickers = routes.filter((r) => r.host === 'prices').map((r) => /([^/]+)\.csv$/.exec(r.file)![1].toUpperCase());
  const queries = routes.filter((r) => r.host === 'news').map((r) => new URLSearchParams(r.path.split('?')[1] ?? '').get('q') ?? '').filter(Boolean);
  return {
    tickers,
    jobs: [...tickers.map((ticker) => job('prices.daily_bars', { ticker })), ...queries.map((query) => job('news.everything', { query }))],
  };
}

/** Fetches the demo's prices and news through the replay server with the real clients. */
export function ingestDemoMarket(
  log: EventLog,
  logger: Logger,
  onProgress?: (progress: RunProgress) => void,
): Promise<InlineRunReport & { requests: number }> {
  return runAgainstReplay(
    marketDemoJobs().jobs,
    (urls) => ({
      prices: createPricesSource({ baseUrl: urls.prices, format: 'stooq_csv' }),
      // The replay server ignores the key; a live run reads NEWS_API_KEY.
      news: createNewsSource({ apiUrl: urls.news, apiKey: 'demo-replay' }),
    }),
    { log, logger, concurrency: MARKET_CONCURRENCY, onProgress },
  );
}

/** The quarters the demo reviews: the years the bundled window price files cover. */
export const DEMO_QUARTERS = '2012Q1..2017Q4';

/**
 * What the demo publishes: every quarterly review of DEMO_QUARTERS that has listings, and the weekly
 * review and daily spotlight of each debut with daily bars of a company with linked news (of every
 * such debut when no news links, at most 30), plus the spotlights of the EDGAR daily indexes the demo ingests.
 */
export function demoPublishRequests(debuts: ReadonlyArray<{ date: string; hasNews: boolean }>, indexDates: readonly string[]): PublishRequest[] {
  const withNews = debuts.filter((d) => d.hasNews);
  const chosen = [...new Set((withNews.length > 0 ? withNews : debuts).map((d) => d.date))].sort().slice(-30);
  return [
    ...quarterRange(DEMO_QUARTERS).map((q) => ({ kind: 'quarterly' as const, ...q })),
    ...chosen.map((date) => ({ kind: 'weekly' as const, date })),
    ...[...new Set([...chosen, ...indexDates])].sort().map((date) => ({ kind: 'daily' as const, date })),
  ];
}

/** Publishes the demo's articles from the projected read model (then projects them). */
export async function publishDemoArticles(config: Config, err: NodeJS.WritableStream): Promise<PublishOutcome[]> {
  const readDb = liveReadDbPath(config.dataDir);
  if (!readDb) throw new Error('the demo publishes after projecting, but there is no read.db');
  const db = openSqlite(readDb, { readonly: true });
  let debuts: Array<{ date: string; hasNews: boolean }>;
  try {
    debuts = (
      // Debuts with daily bars: the articles chart returns from bars only, not a vendor's stated first day.
      db
        .prepare(
          `SELECT o.trading_start_date AS date, EXISTS (SELECT 1 FROM api_news n WHERE n.cik = o.cik) AS hasNews FROM outcomes o
           WHERE json_extract(o.json, '$.day1ReturnSource') = 'price_series'`,
        )
        .all() as Array<{ date: string; hasNews: number }>
    ).map((r) => ({ date: r.date, hasNews: r.hasNews === 1 }));
  } finally {
    db.close();
  }
  const indexDates = demoPlanJobs().flatMap((j) => (j.name === 'edgar.daily_index' ? [j.data.date] : []));
  return publishArticles(config, demoPublishRequests(debuts, indexDates), err);
}

/** Companies of the sample whose whole IPO (registration to final prospectus) the recorded submissions list. */
export const IPO_SUBMISSIONS = [
  'CIK0001158114_applied-optoelectronics.json.gz',
  'CIK0001796129_vincerx.json',
  'CIK0001677077_alzamend.json',
  'CIK0001766140_unicycive.json',
  'CIK0001847577_learncw-spac.json',
  'CIK0001881551_solidion.json',
];


/** The bundled company_tickers.json (recorded from EDGAR), uncompressed. */
export function sampleCompanyTickers(): Buffer {
  return gunzipSync(readFileSync(join(SAMPLE_DIR, 'edgar/company_tickers.json.gz')));
}

/** A bundled submissions file's JSON body. */
export function sampleSubmissions(file: string): Buffer {
  const bytes = readFileSync(join(SAMPLE_DIR, 'edgar/submissions', file));
  return file.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}
