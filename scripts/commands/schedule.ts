import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import cron from 'node-cron';
import { companyNewsQuery, isDeclaredUserAgent, job, openJobProducer, OFFERING_FORMS, type Job, type Logger } from '../../ingest/index.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { liveReadDbPath } from '../../schema/read/location.ts';
import { openSqlite } from '../../schema/sqlite.ts';
import { UsageError, type Command, type Io } from '../command.ts';
import { createLogger } from '../log.ts';
import { onShutdown } from '../runtime.ts';
import { SchedulerLock } from '../scheduler-lock.ts';
import type { ScheduledSlot } from '../feed-polling.ts';
import { currentFeedJob, feedPollingRecorder, startFeedPoller } from './feed-poll.ts';
import { dispatch } from './ingest.ts';
import { quarterOf, type PublishRequest } from './publish.ts';

export { currentFeedJob };

/** At most this many news searches per poll: NewsAPI's developer quota is 100 requests a day. */
const NEWS_QUERIES_PER_POLL = 10;

/**
 * Tickers whose bars still matter: outcomes not complete yet, and priced or listed companies that
 * have no outcome row yet. Read from the live read model, read-only.
 */
export function refreshTickers(readDbPath: string): string[] {
  const db = openSqlite(readDbPath, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT ticker FROM outcomes WHERE status = 'partial'
         UNION SELECT ticker FROM companies WHERE ticker IS NOT NULL AND offering_status IN ('priced', 'listed')
           AND cik NOT IN (SELECT cik FROM outcomes)
         ORDER BY 1`,
      )
      .all() as Array<{ ticker: string }>;
    return rows.map((r) => r.ticker);
  } finally {
    db.close();
  }
}

/** News searches for the IPO-family deals still in motion, most recently active first. */
export function newsQueries(readDbPath: string, limit = NEWS_QUERIES_PER_POLL): string[] {
  const db = openSqlite(readDbPath, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT name FROM companies WHERE is_ipo = 1 AND offering_status IN ('filed', 'amended', 'launched', 'effective', 'priced', 'listed')
         ORDER BY sort_date DESC, cik LIMIT ?`,
      )
      .all(limit) as Array<{ name: string }>;
    return rows.map((r) => companyNewsQuery(r.name));
  } finally {
    db.close();
  }
}

/** Day-of-month 1..3 on a weekday that has no earlier weekday in its month: the quarter's first weekday. */
export function isFirstWeekdayOfQuarter(date: string): boolean {
  const d = new Date(`${date}T12:00:00Z`);
  const day = d.getUTCDate();
  const dow = d.getUTCDay();
  if (![0, 3, 6, 9].includes(d.getUTCMonth()) || dow === 0 || dow === 6) return false;
  return day === 1 || (dow === 1 && day <= 3);
}

/** Which article a publication slot publishes, from the Eastern date it runs on. */
export function scheduledRequest(kind: PublishRequest['kind'], easternDay: string): PublishRequest {
  if (kind !== 'quarterly') return { kind, date: easternDay };
  const { year, quarter } = quarterOf(easternDay);
  return quarter === 1 ? { kind, year: year - 1, quarter: 4 } : { kind, year, quarter: (quarter - 1) as 1 | 2 | 3 };
}

/** The `ipo publish` invocation that publishes `request`: --date picks the day, its week or its quarter. */
export function publishCommandLine(request: PublishRequest): string {
  const date = 'date' in request ? request.date : `${request.year}-${String(request.quarter * 3 - 2).padStart(2, '0')}-01`;
  return `ipo publish ${request.kind} --date ${date}`;
}

/**
 * A publication slot: one `pipeline.publish` job, which brings the read model up to date, publishes
 * the article and projects it. With queues `ipo projector` runs it (the single writer of read.db);
 * without, it runs in this process. Its id is the request's: a slot that fires twice is one job.
 */
async function publicationDue(deps: SchedulerDeps, kind: PublishRequest['kind'], at: Date): Promise<void> {
  const day = easternDate(at);
  if (kind === 'quarterly' && !isFirstWeekdayOfQuarter(day)) return;
  const request = scheduledRequest(kind, day);
  deps.logger.info('article due', { kind, job: 'pipeline.publish', as: publishCommandLine(request), runner: deps.queued ? 'ipo projector' : 'here' });
  await deps.dispatch([job('pipeline.publish', request)]);
}

async function refreshMarket(deps: SchedulerDeps): Promise<void> {
  const readDb = liveReadDbPath(deps.config.dataDir);
  if (!readDb) return;
  const jobs: Job[] = refreshTickers(readDb).map((ticker) => job('prices.daily_bars', { ticker }));
  deps.logger.info('price refresh', { tickers: jobs.length });
  if (jobs.length > 0) await deps.dispatch(jobs, { concurrency: 4 });
}

async function pollNews(deps: SchedulerDeps): Promise<void> {
  const readDb = liveReadDbPath(deps.config.dataDir);
  const jobs: Job[] = deps.config.news.rssUrls.map((url) => job('news.feed', { url }));
  if (readDb && deps.config.news.apiKey) for (const query of newsQueries(readDb)) jobs.push(job('news.everything', { query }));
  if (jobs.length === 0) return;
  deps.logger.info('news poll', { jobs: jobs.length });
  await deps.dispatch(jobs);
}

async function discover(deps: SchedulerDeps, at: Date): Promise<void> {
  const date = easternDate(at);
  deps.logger.info('daily discovery', { date });
  // A holiday's index (EDGAR closed) answers 404: recorded as not found, nothing to retry.
  await deps.dispatch(dailyDiscoveryJobs(date));
  await projectInProcess(deps);
}

/** Jobs run in this process finished: project them now. With queues `ipo projector` picks up what the workers record. */
async function projectInProcess(deps: SchedulerDeps, options: DispatchOptions = {}): Promise<void> {
  if (!deps.queued) await deps.dispatch([job('pipeline.project', {})], options);
}

/** The forms whose filers are followed to their submissions and documents: the feed's and the backfill's too. */
export const FOLLOW_FORMS = [...OFFERING_FORMS];

/** One slot's latest-filings poll; without queues it runs here, and what it found is projected here. */
async function pollCurrentFeed(deps: SchedulerDeps, poll: Job): Promise<void> {
  await deps.dispatch([poll], { quiet: true });
  await projectInProcess(deps, { quiet: true });
}

/** EDGAR dates are US/Eastern; the daily index of a day is complete after the 22:00 ET dissemination cut-off. */
export function easternDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function dailyDiscoveryJobs(date: string): Job[] {
  return [job('edgar.daily_index', { date, kind: 'form', followForms: FOLLOW_FORMS }), job('edgar.company_tickers', {})];
}

export interface DispatchOptions {
  concurrency?: number;
  /** No summary line for this dispatch (a feed poll every 2 s would fill the output). */
  quiet?: boolean;
}

export interface SchedulerDeps {
  config: Readonly<Config>;
  io: Io;
  /** The scheduler's own lines: what it starts, when it leads or stands by. */
  logger: Logger;
  /** Hands jobs to the BullMQ queues (REDIS_URL) or, without Redis, to the in-process runner (project and publish jobs included). */
  dispatch: (jobs: Job[], options?: DispatchOptions) => Promise<unknown>;
  /** With Redis, only the holder of the scheduler lock runs the tasks; null = no lock (one process). */
  lock: SchedulerLock | null;
  /** Runs the discovery once as soon as this process leads. */
  runNow?: boolean;
  /** Jobs go to BullMQ queues (workers and the projector run them later) rather than running in this process. */
  queued?: boolean;
  /** Told each feed poll slot as it is scheduled, with its period (recorded in Redis for `ipo status`). */
  onFeedPollScheduled?: (slot: ScheduledSlot) => void;
}

export interface RunningScheduler {
  /** Resolves when this process first holds the lock and its tasks run (never, if it stands by until stopped). */
  leading: Promise<void>;
  stop(): Promise<void>;
}

/** Starts the cron tasks, behind the scheduler lock when there is one. Returns at once. */
export function startScheduler(deps: SchedulerDeps): RunningScheduler {
  const { config, logger, lock } = deps;
  const et = { timezone: 'America/New_York', noOverlap: true };
  // A failed run is reported and the next slot runs again; it must not stop the scheduler.
  const guarded = (name: string, run: () => Promise<void> | void) => () =>
    Promise.resolve()
      .then(run)
      .catch((error: unknown) => {
        logger.error('task failed', { task: name, error: (error as Error).message });
      });
  let tasks: Array<{ stop(): unknown }> = [];
  let stopped = false;
  let runNow = Boolean(deps.runNow);
  const startTasks = () => {
    tasks = [
      cron.schedule(config.cron.discovery, guarded('discovery', () => discover(deps, new Date())), { ...et, name: 'edgar-discovery' }),
      startFeedPoller({ poll: config.feedPoll, dispatch: (poll) => pollCurrentFeed(deps, poll), onScheduled: deps.onFeedPollScheduled, logger }),
      cron.schedule(config.cron.prices, guarded('price refresh', () => refreshMarket(deps)), { ...et, name: 'price-refresh' }),
      cron.schedule(config.cron.news, guarded('news poll', () => pollNews(deps)), { ...et, name: 'news-poll' }),
      cron.schedule(config.cron.publishDaily, guarded('daily spotlight', () => publicationDue(deps, 'daily', new Date())), { ...et, name: 'daily-spotlight' }),
      cron.schedule(config.cron.publishWeekly, guarded('weekly review', () => publicationDue(deps, 'weekly', new Date())), { ...et, name: 'weekly-review' }),
      cron.schedule(config.cron.publishQuarterly, guarded('quarterly review', () => publicationDue(deps, 'quarterly', new Date())), { ...et, name: 'quarterly-review' }),
    ];
    logger.info('running', { tasks: tasks.length });
    if (runNow) void guarded('discovery', () => discover(deps, new Date()))();
    runNow = false;
  };
  const stopTasks = async () => {
    const running = tasks;
    tasks = [];
    for (const task of running) await task.stop();
  };
  let onLeading: () => void = () => {};
  const leading = new Promise<void>((resolve) => (onLeading = resolve));
  const lead = async (): Promise<void> => {
    if (lock) {
      const standBy = () => logger.info('standing by: another scheduler holds the lock');
      const held = await lock.acquire(standBy, (error) => logger.warn('cannot take the lock', { error: error.message }));
      if (stopped) {
        // Stopped while an acquisition was in flight: hand the lock straight back.
        if (held) await lock.release().catch(() => {});
        return;
      }
      if (!held) return;
      lock.keep((reason) => {
        logger.warn('lost the lock; stopping the tasks and standing by', { reason });
        void stopTasks().then(() => lead());
      });
    }
    startTasks();
    onLeading();
  };
  void lead();
  return {
    leading,
    async stop() {
      stopped = true;
      await stopTasks();
      if (lock) await lock.release();
    },
  };
}

export const schedulerCommand: Command = {
  name: 'scheduler',
  summary: "Long-running scheduler: polls EDGAR's latest-filings feed every few seconds and enqueues discovery, price, news and publish jobs (node-cron) (alias: ipo schedule).",
  details: `Enqueues jobs on a schedule. Times are US/Eastern cron expressions
from settings: CRON_DISCOVERY (weekdays 22:30: that day's EDGAR form index, following the filers of
registration forms, and company_tickers.json), CRON_PRICES (weekdays 17:30: daily bars of priced and
listed tickers whose outcome is not complete), CRON_NEWS (every 2 hours: NEWS_RSS_URLS and, with
NEWS_API_KEY, up to 10 active IPO-family deals), CRON_PUBLISH_DAILY, CRON_PUBLISH_WEEKLY and
CRON_PUBLISH_QUARTERLY (the quarterly slot acts on the first weekday of a quarter only).
EDGAR's latest-filings feed is polled once per time slot of FEED_POLL_SECONDS (default 2) during
EDGAR's hours (weekdays 06:00-22:00 US/Eastern, federal holidays excepted) and of
FEED_POLL_CLOSED_SECONDS (default 60) outside them: slots count from the epoch, so every scheduler
names a slot alike and a slot's poll is one job. A poll reads back to the latest poll (at most 30
minutes) and follows new offering filings.
A publication slot is a pipeline.publish job (project, publish the article, project it).
With REDIS_URL the scheduler only enqueues: ingest jobs for \`ipo worker\` processes, publish jobs for
\`ipo projector\` (the single writer of read.db, which also projects whatever the workers record
within PROJECTOR_POLL_MS); a Redis lock (SCHEDULER_LOCK_KEY) lets one scheduler run while any other
stands by and takes over when the lock expires (SCHEDULER_LOCK_TTL_SECONDS). Without REDIS_URL the
in-process runner runs the same jobs here: a discovery or feed poll is projected when it finishes,
and a publication projects and publishes here (or waits for a running \`ipo projector\` to project).
Refuses to start without a declared EDGAR_USER_AGENT.`,
  options: {
    queue: { type: 'boolean', description: 'Require REDIS_URL (jobs always go to BullMQ when REDIS_URL is set).' },
    'run-now': { type: 'boolean', description: 'Enqueue the discovery once as soon as this scheduler leads, then keep the schedule.' },
  },
  async run({ values }, io) {
    const config = loadConfig(io.env);
    if (!isDeclaredUserAgent(config.edgar.userAgent)) {
      io.err.write(`ipo scheduler: set EDGAR_USER_AGENT="Your Name you@example.com" (the SEC requires a declared User-Agent with an e-mail)\n`);
      return 2;
    }
    if (values.queue && !config.redisUrl) throw new UsageError('--queue needs REDIS_URL');
    const queue = config.redisUrl !== null;
    const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : null;
    const lock = redis
      ? new SchedulerLock({ redis, key: config.schedulerLock.key, owner: `${hostname()}:${process.pid}:${randomUUID()}`, ttlMs: config.schedulerLock.ttlMs })
      : null;
    const logger = createLogger(config.logging, io.err, 'scheduler');
    // One producer for the scheduler's life: a poll every 2 s must not open a connection each time.
    const producer = config.redisUrl ? openJobProducer({ redisUrl: config.redisUrl, prefix: config.redisKeys.queues }) : null;
    const scheduler = startScheduler({
      config,
      io,
      logger,
      lock,
      runNow: Boolean(values['run-now']),
      dispatch: (jobs, options) => (producer ? producer.enqueue(jobs) : dispatch(jobs, false, io, options)),
      queued: queue,
      onFeedPollScheduled: redis ? feedPollingRecorder(redis, config.redisKeys.feedPolling, logger) : undefined,
    });
    onShutdown(async () => {
      await scheduler.stop();
      await producer?.close();
      await redis?.quit();
    }, logger);
    return new Promise<number>(() => {});
  },
};

/** The command's former name, kept so existing deployments and scripts keep working. */
export const scheduleAliasCommand: Command = { ...schedulerCommand, name: 'schedule', summary: 'Alias of `ipo scheduler`.' };
