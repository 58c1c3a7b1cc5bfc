import { eventsDbPath } from '../../schema/databases.ts';
import type { FeedEntryRecord } from '../../ingest/replay/feed-atom.render.ts';
import { openSqlite } from '../../schema/sqlite.ts';
import { percentile } from '../feed-freshness.ts';
import { startLiveDeployment, type LiveDeployment } from './live-deployment.ts';

/** How often the watcher asks the API about the filings not served yet: the resolution of the figures. */
const WATCH_MS = 50;
/** The targets of issue 19, with the default settings. */
export const TARGET_P50_MS = 2000;
export const TARGET_P95_MS = 5000;
/** The SEC's limit, per user, however many machines. */
const SEC_REQUESTS_PER_SECOND = 10;

export interface FilingTiming {
  filing: FeedEntryRecord;
  appearedAt: number;
  /** When a poll read it off the feed (its index entry's observation), if one did. */
  seenAt: number | null;
  /** When `GET /api/v1/filings?cik=` first listed it, and the company detail first showed it. */
  listedAt: number | null;
  detailAt: number | null;
}

export interface Spread {
  p50: number;
  p95: number;
  max: number;
}

export interface FeedFreshnessResult {
  filings: number;
  companies: number;
  /** Feed appearance → both API answers show it, ms. */
  feedToApi: Spread;
  /** Feed appearance → the poll that read it. */
  feedToPoll: Spread;
  /** That poll → both API answers show it. */
  pollToApi: Spread;
  wallMs: number;
  pollRequests: number;
  edgarRequests: number;
  windowSeconds: number;
  changed: string[];
}

const spread = (values: number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? Number.NaN };
};

/**
 * Gaps between two filings going on the feed: 1 to 3 s, spread by the golden ratio so that the
 * moments a filing appears fall evenly over the poll slots (a fixed gap would keep one phase).
 */
export const revealGapMs = (i: number) => 1000 + Math.round(((i * 0.6180339887) % 1) * 2000);

/** Asks the API about every pending filing of one company: the filings list and the company detail. */
async function look(deployment: LiveDeployment, cik: string, pending: FilingTiming[], key: string): Promise<void> {
  const { origin } = deployment.api;
  const headers = { authorization: `Bearer ${key}` };
  const [list, detail] = await Promise.all([
    fetch(`${origin}/api/v1/filings?cik=${cik}&limit=50`, { headers }).then((r) => (r.ok ? (r.json() as Promise<{ data: Array<{ accessionNumber: string }> }>) : null)),
    fetch(`${origin}/api/v1/companies/${cik}?include=filings`, { headers }).then((r) => (r.ok ? (r.json() as Promise<{ data: { filings?: Array<{ accessionNumber: string }> } }>) : null)),
  ]);
  const now = Date.now();
  const listed = new Set(list?.data.map((f) => f.accessionNumber) ?? []);
  const shown = new Set(detail?.data.filings?.map((f) => f.accessionNumber) ?? []);
  for (const t of pending) {
    if (t.listedAt === null && listed.has(t.filing.accessionNumber)) t.listedAt = now;
    if (t.detailAt === null && shown.has(t.filing.accessionNumber)) t.detailAt = now;
  }
}

/** When a poll first read each filing off the feed: its index entry's observation. */
function seenTimes(dataDir: string): Map<string, number> {
  const db = openSqlite(eventsDbPath(dataDir), { readonly: true });
  try {
    const rows = db
      .prepare(`SELECT subject, min(observed_at) AS seen FROM events WHERE type = 'edgar.index_entry' AND json_extract(meta, '$.index') = 'current' GROUP BY subject`)
      .all() as Array<{ subject: string; seen: string }>;
    return new Map(rows.map((r) => [r.subject, Date.parse(r.seen)]));
  } finally {
    db.close();
  }
}

/**
 * Puts the stand-in's filings on its feed one at a time (gaps of `revealGapMs`) while a watcher
 * asks the API every 50 ms about each filing not served yet; returns each filing's timings once
 * both answers show all of them.
 */
export async function measureFeedFreshness(deployment: LiveDeployment, options: { filings?: number; timeoutMs?: number } = {}): Promise<FilingTiming[]> {
  const total = Math.min(options.filings ?? deployment.feed.filings.length, deployment.feed.filings.length);
  const timings: FilingTiming[] = [];
  const visible = (t: FilingTiming) => t.listedAt !== null && t.detailAt !== null;
  let revealing = true;
  const reveals = (async () => {
    for (let i = 0; i < total; i++) {
      await new Promise((r) => setTimeout(r, revealGapMs(i)));
      const appeared = deployment.feed.reveal()!;
      timings.push({ filing: appeared.filing, appearedAt: appeared.appearedAt, seenAt: null, listedAt: null, detailAt: null });
    }
    revealing = false;
  })();
  const timeoutMs = options.timeoutMs ?? 60_000;
  let turn = 0;
  while (revealing || timings.some((t) => !visible(t))) {
    const pending = timings.filter((t) => !visible(t));
    const byCik = new Map<string, FilingTiming[]>();
    for (const t of pending) byCik.set(t.filing.cik, [...(byCik.get(t.filing.cik) ?? []), t]);
    const keys = deployment.api.keys;
    await Promise.all([...byCik].map(([cik, mine]) => look(deployment, cik, mine, keys[turn++ % keys.length])));
    const late = pending.filter((t) => !visible(t) && Date.now() - t.appearedAt > timeoutMs);
    if (late.length > 0) throw new Error(`not served within ${timeoutMs} ms of appearing on the feed: ${late.map((t) => `${t.filing.formType} ${t.filing.accessionNumber}`).join(', ')}`);
    await new Promise((r) => setTimeout(r, WATCH_MS));
  }
  await reveals;
  const seen = seenTimes(deployment.dataDir);
  for (const t of timings) t.seenAt = seen.get(t.filing.accessionNumber) ?? null;
  return timings;
}

export function summariseFreshness(deployment: LiveDeployment, timings: FilingTiming[]): FeedFreshnessResult {
  const from = Math.min(...timings.map((t) => t.appearedAt));
  const to = Math.max(...timings.map((t) => Math.max(t.listedAt!, t.detailAt!)));
  const inWindow = deployment.replay.requestLog.filter((r) => (r.host === 'www' || r.host === 'data') && r.at >= from && r.at <= to);
  const servedAt = (t: FilingTiming) => Math.max(t.listedAt!, t.detailAt!);
  const polled = timings.filter((t) => t.seenAt !== null);
  return {
    filings: timings.length,
    companies: new Set(timings.map((t) => t.filing.cik)).size,
    feedToApi: spread(timings.map((t) => servedAt(t) - t.appearedAt)),
    feedToPoll: spread(polled.map((t) => t.seenAt! - t.appearedAt)),
    pollToApi: spread(polled.map((t) => servedAt(t) - t.seenAt!)),
    wallMs: to - from,
    pollRequests: inWindow.filter((r) => r.query?.startsWith('action=getcurrent')).length,
    edgarRequests: inWindow.length,
    windowSeconds: (to - from) / 1000,
    changed: deployment.changed,
  };
}

const ms = (n: number) => `${Math.round(n)} ms`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

export function formatFreshness(r: FeedFreshnessResult): string {
  const perSecond = (n: number) => n / r.windowSeconds;
  const share = (n: number) => `${((perSecond(n) / SEC_REQUESTS_PER_SECOND) * 100).toFixed(1)}%`;
  return (
    `\nfeed freshness (ipo worker, scheduler, projector and serve, each its own process, on Redis; default settings` +
    `${r.changed.length ? `, except ${r.changed.join('; ')}` : ''}):\n` +
    `  ${r.filings} real filings of ${r.companies} companies' IPOs put on the stand-in's latest-filings feed one at a time over ${(r.wallMs / 1000).toFixed(0)} s\n` +
    `  feed → API (filings?cik= lists it and the company detail shows it)   p50 ${ms(r.feedToApi.p50)}   p95 ${ms(r.feedToApi.p95)}   max ${ms(r.feedToApi.max)}\n` +
    `    of which feed → poll p50 ${ms(r.feedToPoll.p50)}, p95 ${ms(r.feedToPoll.p95)}; poll → API p50 ${ms(r.pollToApi.p50)}, p95 ${ms(r.pollToApi.p95)}\n` +
    `  targets: p50 ≤ ${TARGET_P50_MS} ms ${verdict(r.feedToApi.p50 <= TARGET_P50_MS)}, p95 ≤ ${TARGET_P95_MS} ms ${verdict(r.feedToApi.p95 <= TARGET_P95_MS)}\n` +
    `  EDGAR requests: feed polls ${r.pollRequests} in ${r.windowSeconds.toFixed(0)} s = ${perSecond(r.pollRequests).toFixed(2)}/s (${share(r.pollRequests)} of the SEC's 10 a second); ` +
    `all ${r.edgarRequests} = ${perSecond(r.edgarRequests).toFixed(2)}/s (${share(r.edgarRequests)}; the rest follow the new filings)\n`
  );
}

/** The bench part: the deployment, every filing of the stand-in's feed, the figures. Needs Redis (REDIS_URL or 127.0.0.1:6379). */
export async function runFeedFreshnessBenchmark(out: NodeJS.WritableStream, options: { redisUrl?: string } = {}): Promise<FeedFreshnessResult> {
  const redisUrl = options.redisUrl ?? (process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  out.write(`\nstarting ipo worker, scheduler, projector and serve on ${redisUrl} against the EDGAR stand-in …\n`);
  // Each key may ask 600 times a minute (RATE_LIMIT_PER_MINUTE's default): the watcher's 50 ms rounds take turns over eight.
  const deployment = await startLiveDeployment({ redisUrl, keys: 8 });
  try {
    await deployment.firstPoll();
    const result = summariseFreshness(deployment, await measureFeedFreshness(deployment));
    out.write(formatFreshness(result));
    return result;
  } finally {
    await deployment.stop();
  }
}
