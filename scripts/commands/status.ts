import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { edgarRequestsByKindLastMinute, edgarRequestsLastMinute, QUEUE_NAMES, queueCounts, readJobFailures, type JobFailureSummary } from '../../ingest/index.ts';
import { PROJECTION_NAME } from '../../projector/index.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { isEdgarOpen } from '../../schema/edgar/edgar-day.ts';
import { readFeedServed, summariseFeedLag, type FeedLagSummary } from '../feed-freshness.ts';
import { pollingStopped, readFeedPolling, STOPPED_AFTER_MIN_SECONDS, STOPPED_AFTER_PERIODS, type FeedPollingRecord, type PollingStopped } from '../feed-polling.ts';
import { eventsDbPath, openEventLogDb } from '../../schema/databases.ts';
import { liveReadDbPath } from '../../schema/read/location.ts';
import { openSqlite } from '../../schema/sqlite.ts';
import type { Command } from '../command.ts';
import { dealEventLines, readDealEvents, readWebhooks, type DealEventStatus, type WebhookStatus } from './status-events.ts';

/** Latest failures shown. */
const LATEST_FAILURES = 5;
/** How long a status check waits for Redis before reporting it unreachable. */
const REDIS_TIMEOUT_MS = 2_000;

export interface PipelineStatus {
  generatedAt: string;
  events: {
    total: number;
    lastSeq: number;
    lastObservedAt: string | null;
    /** Per event type: the count and the newest observation (the last time that source brought new data). */
    byType: Array<{ type: string; events: number; lastObservedAt: string }>;
  } | null;
  /** Per kind of ingest job: its last success (a poll that found nothing new counts) and what it added. */
  lastPolls: Array<{ job: string; lastSuccessAt: string; lastAppended: number; successes: number }>;
  /** Ingest jobs given up on that need a look (the latest few in full): not the expected 404s. */
  failedJobs: JobFailureSummary['failed'];
  /** Ingest jobs answered 404 by a source that may rightly lack what they asked for (a weekend's index, an unknown CIK), per job. */
  notFoundJobs: JobFailureSummary['notFound'];
  projector: {
    checkpointSeq: number;
    lagEvents: number;
    /** Age of the oldest event not projected yet; 0 when nothing waits. */
    lagSeconds: number;
    /** When the projector last committed a batch (read.db's build_meta), and how long ago. */
    lastBatchAt: string | null;
    readDbAgeSeconds: number | null;
  } | null;
  queues: { configured: boolean; error: string | null; counts: Record<string, Record<string, number>> };
  edgar: { requestsLastMinute: number | null; requestsPerSecond: number | null; note: string | null };
  /** The latest-filings feed: how fresh the last poll is, what polling costs, how fast what it finds is served. */
  feed: {
    lastPollAt: string | null;
    lastPollAgeSeconds: number | null;
    /**
     * The period the leading scheduler polls at, as it records it in Redis with each poll it
     * schedules, and when it last did; null when none is recorded (pollPeriodNote says why).
     */
    pollEverySeconds: number | null;
    pollPeriodRecordedAt: string | null;
    pollPeriodRecordAgeSeconds: number | null;
    /** Why no period is recorded: no REDIS_URL, Redis unreachable, or no scheduler has recorded one under REDIS_PREFIX. */
    pollPeriodNote: string | null;
    /** What this process's FEED_POLL_SECONDS / FEED_POLL_CLOSED_SECONDS give now: shown, as such, only when no period is recorded. */
    settingsPollEverySeconds: number;
    edgarOpen: boolean;
    /** No poll for more than STOPPED_AFTER_PERIODS of the scheduler's periods (at least STOPPED_AFTER_MIN_SECONDS); null while polls come, or with no recorded period. */
    pollingStopped: PollingStopped | null;
    /** EDGAR requests of feed polls in the last minute, fleet-wide (Redis), and their share of the SEC's 10 a second. */
    pollRequestsLastMinute: number | null;
    pollShareOfSecLimit: number | null;
    /** From the poll that listed a filing to the commit that served it, over the latest filings recorded (Redis). */
    lag: FeedLagSummary | null;
  };
  /** The change log the event stream and webhooks serve, and each webhook endpoint's place in it. */
  dealEvents: DealEventStatus | null;
  webhooks: WebhookStatus[];
}

/** The SEC's limit: requests a second from one user, however many machines. */
const SEC_REQUESTS_PER_SECOND = 10;

const secondsBetween = (from: string, to: Date) => Math.max(0, Math.round((to.getTime() - Date.parse(from)) / 1000));

function readProjector(dataDir: string): { checkpointSeq: number; lastBatchAt: string | null } | null {
  const path = liveReadDbPath(dataDir);
  if (!path || !existsSync(path)) return null;
  const db = openSqlite(path, { readonly: true });
  try {
    const value = (sql: string, ...args: string[]): unknown => {
      try {
        return db.prepare(sql).pluck().get(...args);
      } catch {
        // A read.db from before this table: nothing recorded as far as we can tell.
        return undefined;
      }
    };
    const seq = value('SELECT last_seq FROM projector_checkpoint WHERE projection = ?', PROJECTION_NAME);
    const lastBatchAt = value(`SELECT value FROM build_meta WHERE key = 'last_batch_at'`);
    return { checkpointSeq: typeof seq === 'number' ? seq : 0, lastBatchAt: typeof lastBatchAt === 'string' ? lastBatchAt : null };
  } finally {
    db.close();
  }
}

async function readEventLog(dataDir: string, checkpointSeq: number | null) {
  // A status check does not create an empty event log where there is none.
  if (!existsSync(eventsDbPath(dataDir))) return null;
  const events = await openEventLogDb(dataDir);
  try {
    const log = events.log;
    const byType = log.typeSummary();
    const last = log.last();
    const failures = await readJobFailures(events.kysely, LATEST_FAILURES);
    const oldestWaiting = checkpointSeq !== null && checkpointSeq < log.lastSeq() ? (log.readBatch(checkpointSeq, 1)[0]?.observedAt ?? null) : null;
    // Counted, not subtracted: an append that found its event already stored still used up a seq.
    const waiting = checkpointSeq === null ? 0 : Number((await events.kysely.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('seq', '>', checkpointSeq).executeTakeFirstOrThrow()).n);
    return {
      polls: log.polls(),
      summary: { total: byType.reduce((n, t) => n + t.events, 0), lastSeq: log.lastSeq(), lastObservedAt: last?.observedAt ?? null, byType },
      failures,
      oldestWaiting,
      waiting,
    };
  } finally {
    await events.close();
  }
}

async function readQueues(redisUrl: string | null, prefix: string): Promise<PipelineStatus['queues']> {
  if (!redisUrl) return { configured: false, error: null, counts: {} };
  try {
    return { configured: true, error: null, counts: await queueCounts({ redisUrl, prefix, timeoutMs: REDIS_TIMEOUT_MS }, QUEUE_NAMES) };
  } catch (error) {
    return { configured: true, error: (error as Error).message, counts: {} };
  }
}

interface RedisFigures {
  edgar: PipelineStatus['edgar'];
  pollRequestsLastMinute: number | null;
  lag: FeedLagSummary | null;
  polling: FeedPollingRecord | null;
  /** Why there is no polling record. */
  pollingNote: string | null;
}

/** The fleet's EDGAR request rate, the feed polls' part of it, the scheduler's poll period and the recorded feed-to-API lags. */
async function readRedisFigures(config: Readonly<Config>): Promise<RedisFigures> {
  const none = { pollRequestsLastMinute: null, lag: null, polling: null };
  if (!config.redisUrl) {
    return {
      edgar: { requestsLastMinute: null, requestsPerSecond: null, note: 'no REDIS_URL: each ingest process paces itself, no fleet count' },
      ...none,
      pollingNote: 'no REDIS_URL, where a scheduler records it',
    };
  }
  const redis = new Redis(config.redisUrl, { lazyConnect: true, connectTimeout: REDIS_TIMEOUT_MS, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const keyPrefix = config.redisKeys.edgarGate;
    const [n, byKind, served, polling] = await Promise.all([
      edgarRequestsLastMinute(redis, keyPrefix),
      edgarRequestsByKindLastMinute(redis, keyPrefix),
      readFeedServed(redis, config.redisKeys.feedServed),
      readFeedPolling(redis, config.redisKeys.feedPolling),
    ]);
    return {
      edgar: { requestsLastMinute: n, requestsPerSecond: Math.round((n / 60) * 100) / 100, note: null },
      pollRequestsLastMinute: byKind.poll,
      lag: summariseFeedLag(served),
      polling,
      pollingNote: polling ? null : `no scheduler has recorded one in ${config.redisKeys.feedPolling} (is \`ipo scheduler\` running?)`,
    };
  } catch (error) {
    const message = (error as Error).message;
    return { edgar: { requestsLastMinute: null, requestsPerSecond: null, note: `Redis unreachable (${message})` }, ...none, pollingNote: `Redis unreachable: ${message}` };
  } finally {
    redis.disconnect();
  }
}

/** Seconds from `at` to `now`, to a tenth. */
const ageSeconds = (at: string, now: Date) => Math.max(0, Math.round((now.getTime() - Date.parse(at)) / 100) / 10);

function feedStatus(config: Readonly<Config>, polls: PipelineStatus['lastPolls'], redis: RedisFigures, now: Date): PipelineStatus['feed'] {
  const lastPollAt = polls.find((p) => p.job === 'edgar.current_feed')?.lastSuccessAt ?? null;
  const edgarOpen = isEdgarOpen(now);
  const perMinute = redis.pollRequestsLastMinute;
  const polling = redis.polling;
  return {
    lastPollAt,
    lastPollAgeSeconds: lastPollAt === null ? null : ageSeconds(lastPollAt, now),
    pollEverySeconds: polling?.periodSeconds ?? null,
    pollPeriodRecordedAt: polling?.recordedAt ?? null,
    pollPeriodRecordAgeSeconds: polling ? ageSeconds(polling.recordedAt, now) : null,
    pollPeriodNote: redis.pollingNote,
    settingsPollEverySeconds: edgarOpen ? config.feedPoll.openSeconds : config.feedPoll.closedSeconds,
    edgarOpen,
    pollingStopped: polling ? pollingStopped(polling, lastPollAt, now) : null,
    pollRequestsLastMinute: perMinute,
    pollShareOfSecLimit: perMinute === null ? null : perMinute / 60 / SEC_REQUESTS_PER_SECOND,
    lag: redis.lag,
  };
}

export async function collectStatus(config: Readonly<Config>, now = new Date()): Promise<PipelineStatus> {
  const projector = readProjector(config.dataDir);
  const log = await readEventLog(config.dataDir, projector?.checkpointSeq ?? null);
  const [queues, redis] = await Promise.all([readQueues(config.redisUrl, config.redisKeys.queues), readRedisFigures(config)]);
  const dealEvents = readDealEvents(config.dataDir, now);
  return {
    generatedAt: now.toISOString(),
    events: log?.summary ?? null,
    lastPolls: log?.polls ?? [],
    failedJobs: log?.failures.failed ?? { total: 0, latest: [] },
    notFoundJobs: log?.failures.notFound ?? { total: 0, byJob: [] },
    projector: projector && {
      checkpointSeq: projector.checkpointSeq,
      lagEvents: log?.waiting ?? 0,
      lagSeconds: log?.oldestWaiting ? secondsBetween(log.oldestWaiting, now) : 0,
      lastBatchAt: projector.lastBatchAt,
      readDbAgeSeconds: projector.lastBatchAt ? secondsBetween(projector.lastBatchAt, now) : null,
    },
    queues,
    edgar: redis.edgar,
    feed: feedStatus(config, log?.polls ?? [], redis, now),
    dealEvents,
    webhooks: await readWebhooks(config.dataDir, dealEvents?.lastId ?? 0),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function statusText(s: PipelineStatus): string {
  const lines: string[] = [];
  if (!s.events) lines.push('events: none (no events.db in DATA_DIR yet)');
  else {
    lines.push(`events: ${s.events.total}${s.events.lastObservedAt ? ` (last seq ${s.events.lastSeq}, last observed ${s.events.lastObservedAt})` : ''}`);
    const width = Math.max(0, ...s.events.byType.map((t) => t.type.length)) + 2;
    // The newest observation per type is when that source last brought something new.
    for (const t of s.events.byType) lines.push(`  ${t.type.padEnd(width)}${String(t.events).padEnd(8)}last ${t.lastObservedAt}`);
  }
  if (s.lastPolls.length > 0) {
    lines.push('last successful run per source:');
    const width = Math.max(...s.lastPolls.map((p) => p.job.length)) + 2;
    for (const p of s.lastPolls) lines.push(`  ${p.job.padEnd(width)}${p.lastSuccessAt}  (+${plural(p.lastAppended, 'event')}; ${p.successes} runs)`);
  }
  lines.push(`failed jobs (ingest.job_failed): ${s.failedJobs.total}`);
  for (const f of s.failedJobs.latest) {
    const status = f.status !== null ? ` ${f.status}` : '';
    lines.push(`  ${f.observedAt}  ${f.job} ${JSON.stringify(f.data)}  ${f.errorClass}${status}: ${f.message} (${f.reason}, ${plural(f.attempts, 'attempt')})`);
  }
  const byJob = s.notFoundJobs.byJob.map((n) => `${n.job} ${n.count}`).join(', ');
  lines.push(`not found (404, expected): ${s.notFoundJobs.total}${byJob ? ` (${byJob})` : ''}`);
  const p = s.projector;
  if (!p) lines.push('projector: no read.db yet (run `ipo project`)');
  else {
    const lastSeq = s.events?.lastSeq ?? 0;
    lines.push(`projector: checkpoint seq ${p.checkpointSeq}, last event seq ${lastSeq}, lag ${plural(p.lagEvents, 'event')} (${p.lagSeconds} s)`);
    lines.push(p.lastBatchAt ? `read.db: last batch ${p.lastBatchAt} (${p.readDbAgeSeconds} s ago)` : 'read.db: no batch recorded');
  }
  if (!s.queues.configured) lines.push('queues: not configured (REDIS_URL is not set)');
  else if (s.queues.error) lines.push(`queues: Redis unreachable (${s.queues.error})`);
  else {
    lines.push('queues:');
    for (const [name, c] of Object.entries(s.queues.counts)) lines.push(`  ${name}: ${Object.entries(c).map(([state, n]) => `${state} ${n}`).join(', ')}`);
  }
  lines.push(s.edgar.requestsLastMinute === null ? `edgar requests: ${s.edgar.note}` : `edgar requests: ${s.edgar.requestsLastMinute} in the last minute (${s.edgar.requestsPerSecond}/s)`);
  lines.push(...feedLines(s.feed));
  lines.push(...dealEventLines(s.dealEvents, s.webhooks));
  return `${lines.join('\n')}\n`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** How the feed is polled: the scheduler's recorded period, or why it is not known; whether polls look stopped, and whom to ask. */
function pollingText(f: PipelineStatus['feed']): string {
  const edgar = `EDGAR ${f.edgarOpen ? 'open' : 'closed'}`;
  if (f.pollEverySeconds === null) {
    return `every ${f.settingsPollEverySeconds} s now by this process's settings (${edgar}); the scheduler's own period is not known: ${f.pollPeriodNote}`;
  }
  const recorded = `recorded ${f.pollPeriodRecordAgeSeconds} s ago`;
  const stopped = f.pollingStopped;
  if (!stopped) return `polled every ${f.pollEverySeconds} s (${edgar}; the scheduler's period, ${recorded})`;
  const quiet = `polling looks stopped: no poll for ${stopped.noPollForSeconds} s, ${plural(stopped.periods, 'period')} of the scheduler's ${f.pollEverySeconds} s`;
  return stopped.suspect === 'scheduler'
    ? `${quiet}: is \`ipo scheduler\` running? (its period was last ${recorded})`
    : `${quiet}, though it schedules them (${recorded}): is \`ipo worker\` running, or the edgar queue backed up?`;
}

function feedLines(f: PipelineStatus['feed']): string[] {
  const lines = [`latest-filings feed: ${f.lastPollAt ? `last poll ${f.lastPollAt} (${f.lastPollAgeSeconds} s ago)` : 'never polled'}, ${pollingText(f)}`];
  if (f.pollRequestsLastMinute !== null) {
    const share = `${((f.pollShareOfSecLimit ?? 0) * 100).toFixed(1)}% of the SEC's 10 requests a second`;
    lines.push(`  polls: ${f.pollRequestsLastMinute} EDGAR requests in the last minute (${(f.pollRequestsLastMinute / 60).toFixed(2)}/s, ${share})`);
  }
  const lag = f.lag;
  if (lag?.latest) {
    const latest = lag.latest;
    lines.push(
      `  feed → API over the latest ${lag.filings} filings: p50 ${seconds(lag.p50Ms)}, p95 ${seconds(lag.p95Ms)}, max ${seconds(lag.maxMs)} ` +
        `(from the poll that listed a filing to the batch that served it); latest ${latest.formType} ${latest.accessionNumber} (CIK ${latest.cik}) ${seconds(latest.lagMs)}`,
    );
  }
  return lines;
}

export const statusCommand: Command = {
  name: 'status',
  summary: 'Show the state of the pipeline: events, failed jobs, expected not-found answers, projector lag, read.db age, queues, EDGAR request rate, deal events and webhooks.',
  details: `Reads DATA_DIR/events.db and the live read.db (read-only), and Redis when REDIS_URL is set and
answers; an unset or unreachable Redis is reported in one line, not an error. Prints: events by
type with the newest observation of each (when that source last brought new data); the number of
ingest jobs given up on that need a look (\`ingest.job_failed\`: an error answer, malformed data,
retries used up, a 404 where the source should have had the resource) and the latest ${LATEST_FAILURES};
apart from them, the expected not-found answers per job (a 404 for a day without an index, a CIK
without submissions or XBRL facts, a page past the feed's end, an unknown ticker); the projector checkpoint against the last event seq (the lag, in events and in seconds
since the oldest waiting event was observed); when the projector last committed (the read.db age);
job counts per queue; the EDGAR requests the whole fleet sent in the last minute (both under
REDIS_PREFIX: this deployment's only); and the latest-filings feed: when it was last polled and
how long ago, the period the running scheduler polls at (the leading \`ipo scheduler\` records it in
Redis with each poll it schedules; without REDIS_URL it is not known, and this process's own
FEED_POLL_SECONDS / FEED_POLL_CLOSED_SECONDS are shown as such), that polling looks stopped when no
poll came for more than ${STOPPED_AFTER_PERIODS} of those periods (and ${STOPPED_AFTER_MIN_SECONDS} s), asking whether \`ipo scheduler\` runs
when it stopped renewing its record, or \`ipo worker\` when it schedules polls that do not run,
the EDGAR requests polls took in the last minute and their
share of the SEC's 10 a second, and the feed-to-API lag of the latest filings it brought (from the
poll that listed a filing to the projector batch that served it, as \`ipo projector\` records them
in Redis; a filing waits up to one poll period on EDGAR's feed before that poll); the deal events
change log (its last id, how many the last hour brought, how many are replayed
history) and each webhook endpoint's cursor, how far behind it is and its failing attempts. --json prints
the same as one JSON object for scripts. Always exits 0.`,
  options: { json: { type: 'boolean', description: 'Print one JSON object instead of text.' } },
  async run({ values }, io) {
    const status = await collectStatus(loadConfig(io.env));
    io.out.write(values.json ? `${JSON.stringify(status, null, 2)}\n` : statusText(status));
    return 0;
  },
};
