import { Redis } from 'ioredis';
import {
  createEdgarClient,
  createLocalEdgarGate,
  createRedisEdgarGate,
  createNewsSource,
  createPricesSource,
  enqueueByKind,
  FEED_MAX_DEPTH,
  InvalidJobError,
  jobHandlers,
  job,
  loadPlan,
  OFFERING_FORMS,
  queueOf,
  runInline,
  startWorkers,
  realSleep,
  systemClock,
  type EdgarGate,
  type HandlerContext,
  type Job,
  type Logger,
  type RunProgress,
} from '../../ingest/index.ts';
import type { EventLog } from '../../schema/events/event-log.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { openEventLogDb } from '../../schema/databases.ts';
import { ArgumentError, calendarDate, cik, integerIn, invalid, knownList, matching, oneOf } from '../arguments.ts';
import { isCalendarDate } from '../../schema/edgar/edgar-day.ts';
import type { Command, Io, OptionSpec } from '../command.ts';
import { UsageError } from '../command.ts';
import { createLogger } from '../log.ts';
import { linesAbove, startProgress } from '../progress.ts';
import { onShutdown } from '../runtime.ts';
import { catchUpHere } from '../catch-up.ts';
import { completeHandlers } from '../pipeline-handlers.ts';

const QUEUE_OPTION: Record<string, OptionSpec> = {
  queue: { type: 'boolean', description: 'Enqueue on the BullMQ queue (REDIS_URL) for `ipo worker` instead of running inline.' },
};

const INDEX_KINDS = ['form', 'company', 'master'] as const;
const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
// A file name, sometimes under one folder (`xslF345X03/doc4.xml`), never climbing out of the filing.
const DOCUMENT = /^(?!.*\.\.)[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)?$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The handler context from configuration. The EDGAR client is made only when asked for, because it
 * refuses to exist without a declared EDGAR_USER_AGENT, which prices and news jobs do not need.
 */
export function handlerContext(config: Config, log: EventLog, logger: Logger, withEdgar: boolean, gate?: EdgarGate): HandlerContext {
  return {
    ...(withEdgar ? { client: createEdgarClient(config, gate ? { gate } : {}) } : {}),
    log,
    clock: systemClock(),
    logger,
    prices: createPricesSource({ baseUrl: config.prices.url, format: config.prices.format }),
    news: createNewsSource({ apiUrl: config.news.apiUrl, apiKey: config.news.apiKey }),
  };
}

/**
 * The progress of an inline run: done/known jobs, the total growing as follow-ups are found, with
 * the events appended and the failures so far.
 */
export function inlineRunProgress(err: NodeJS.WritableStream, config: Pick<Config, 'progressIntervalMs'>, label: string, jobs: number) {
  const progress = startProgress(err, { label, unit: 'jobs', total: jobs, growing: true, intervalMs: config.progressIntervalMs });
  let note = '';
  return {
    onProgress(p: RunProgress) {
      note = `${p.appended} new events, ${p.notFound} not found, ${p.failed} failed`;
      progress.update(p.done, { total: p.done + p.pending + p.running, note });
    },
    stop: () => progress.stop({ note }),
  };
}

/**
 * Runs jobs and their follow-ups in this process, or hands them to the BullMQ queues: ingest jobs
 * for `ipo worker`, project and publish jobs for `ipo projector`. In this process, project and
 * publish jobs project here (or wait for a running projector, see catch-up.ts).
 */
export async function dispatch(jobs: Job[], queue: boolean, io: Io, options: { concurrency?: number; quiet?: boolean } = {}): Promise<number> {
  const config = loadConfig(io.env);
  if (queue) {
    if (!config.redisUrl) throw new UsageError('--queue needs REDIS_URL');
    const added = await enqueueByKind({ redisUrl: config.redisUrl, prefix: config.redisKeys.queues }, jobs);
    const total = Object.values(added).reduce((a, b) => a + b, 0);
    const runners = [added.edgar + added.prices + added.news > 0 ? '`ipo worker`' : '', added.pipeline > 0 ? '`ipo projector`' : ''].filter(Boolean).join(' and ');
    io.out.write(
      `enqueued ${total} jobs (edgar ${added.edgar}, prices ${added.prices}, news ${added.news}, pipeline ${added.pipeline})` +
        `${runners ? `; ${runners} process${runners.includes(' and ') ? '' : 'es'} them` : ''}\n`,
    );
    return 0;
  }
  const events = await openEventLogDb(config.dataDir);
  // Quiet (the scheduler's feed poll every few seconds): no progress and no summary, failures still said.
  const progress = options.quiet ? null : inlineRunProgress(io.err, config, 'ingest', jobs.length);
  let report: Awaited<ReturnType<typeof runInline>>;
  try {
    const logger = createLogger(config.logging, options.quiet ? io.err : linesAbove(io.err), 'ingest');
    report = await runInline(jobs, {
      handlers: completeHandlers({ dataDir: config.dataDir, catchUp: () => catchUpHere(config, io.err) }),
      ctx: handlerContext(config, events.log, logger, jobs.some((j) => queueOf(j.name) === 'edgar')),
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      ...(progress ? { onProgress: progress.onProgress } : {}),
    });
  } finally {
    progress?.stop();
    await events.close();
  }
  if (!options.quiet) {
    io.out.write(
      `${report.jobs} jobs: ${report.succeeded} succeeded, ${report.notFound} not found, ${report.failures.length} failed; ` +
        `${report.appended} new events (${report.duplicates} duplicate jobs skipped)\n`,
    );
  }
  for (const failure of report.failures) io.err.write(`failed ${failure.id}: ${failure.error.message}\n`);
  return report.failures.length > 0 ? 1 : 0;
}

const followFormsOption: OptionSpec = {
  type: 'string',
  description: 'Comma-separated offering forms whose filers get a follow-up submissions fetch, e.g. S-1,F-1,EFFECT,RW.',
};

/** The forms a run may follow: the offering forms discovery knows (ingest/edgar/offering-forms.ts). */
function followFormsOf(values: Record<string, unknown>): string[] | undefined {
  return knownList(values, 'follow-forms', OFFERING_FORMS, 'offering forms separated by commas (S-1, F-1, 424B4, EFFECT, RW … see README)');
}

/** `--since`: a time with its offset, as EDGAR's feed dates its entries. */
function sinceOf(values: Record<string, unknown>): string | undefined {
  const what = 'an ISO time with its offset, e.g. 2026-01-12T09:30:00-05:00';
  const since = matching(values, 'since', TIMESTAMP, what, false);
  if (since !== undefined && (Number.isNaN(Date.parse(since)) || !isCalendarDate(since.slice(0, 10)))) throw invalid('--since', what, since);
  return since;
}

/** The jobs of a plan file, each checked: a bad plan is refused whole, before anything runs. */
function planJobs(file: string): Job[] {
  try {
    return loadPlan(file).jobs;
  } catch (error) {
    if (!(error instanceof InvalidJobError)) throw error;
    throw new ArgumentError(`FILE must be a plan of valid jobs, got ${file}: ${error.message.replace(/\n\s*/g, ' ')}`);
  }
}

export const ingestCommands: Command[] = [
  {
    name: 'ingest plan',
    summary: 'Run every job of a plan file (JSON: {"jobs":[{"name":…,"data":…}]}).',
    args: ['FILE'],
    options: QUEUE_OPTION,
    run: ({ positionals, values }, io) => dispatch(planJobs(positionals[0]), Boolean(values.queue), io),
  },
  {
    name: 'ingest index',
    summary: 'Fetch one EDGAR daily index (form, company or master) and record each row as an event.',
    options: {
      date: { type: 'string', description: 'Filing date YYYY-MM-DD, a calendar date (required).' },
      kind: { type: 'string', description: 'form (default), company or master.' },
      'follow-forms': followFormsOption,
      ...QUEUE_OPTION,
    },
    run({ values }, io) {
      const date = calendarDate(values, 'date', { required: true });
      const kind = oneOf(values, 'kind', INDEX_KINDS, 'form');
      const followForms = followFormsOf(values);
      return dispatch([job('edgar.daily_index', { date, kind, ...(followForms ? { followForms } : {}) })], Boolean(values.queue), io);
    },
  },
  {
    name: 'ingest current-feed',
    summary: "Read EDGAR's latest-filings feed: record its offering filings as index rows and follow the new ones to their submissions and documents.",
    details: `Reads one page of /cgi-bin/browse-edgar?action=getcurrent (100 entries, newest first), or with
--since every page back to that time. A filing is new until the log holds its primary document
(prospectus forms) or its company's submissions listing it. The first page is asked for
conditionally when the server gave a validator (ETag, Last-Modified) with it before; with --since,
paging stops at the first page reaching back past --since, or past a minute before the latest
poll when that is later (what that poll read is in the log; \`ipo ingest index\` covers longer gaps).
\`ipo scheduler\` polls every FEED_POLL_SECONDS (FEED_POLL_CLOSED_SECONDS outside EDGAR's hours).`,
    options: {
      since: { type: 'string', description: 'Read back to this time, ISO with offset (e.g. 2026-01-12T09:30:00-05:00).' },
      start: { type: 'string', description: 'First entry to read (default 0).' },
      'follow-forms': { type: 'string', description: 'Comma-separated offering forms to record and follow (default: all of them, see README).' },
      ...QUEUE_OPTION,
    },
    run({ values }, io) {
      const since = sinceOf(values);
      const start = values.start === undefined ? undefined : integerIn(values, 'start', 0, FEED_MAX_DEPTH, 0);
      const followForms = followFormsOf(values);
      const data = { ...(since !== undefined ? { since } : {}), ...(start !== undefined ? { start } : {}), ...(followForms ? { followForms } : {}) };
      return dispatch([job('edgar.current_feed', data)], Boolean(values.queue), io);
    },
  },
  {
    name: 'ingest submissions',
    summary: "Fetch a company's submissions JSON and every older page it lists.",
    options: { cik: { type: 'string', description: 'CIK, with or without leading zeros (required).' }, ...QUEUE_OPTION },
    run: ({ values }, io) => dispatch([job('edgar.submissions', { cik: cik(values) })], Boolean(values.queue), io),
  },
  {
    name: 'ingest document',
    summary: "Fetch a filing's primary document.",
    options: {
      cik: { type: 'string', description: 'Filer CIK (required).' },
      accession: { type: 'string', description: 'Accession number, e.g. 0001213900-21-035033 (required).' },
      document: { type: 'string', description: 'Primary document file name (required).' },
      ...QUEUE_OPTION,
    },
    run({ values }, io) {
      const filer = cik(values);
      const accessionNumber = matching(values, 'accession', ACCESSION, 'an accession number like 0001213900-21-035033', true)!;
      const primaryDocument = matching(values, 'document', DOCUMENT, 'a file name of the filing, e.g. d123456ds1.htm', true)!;
      return dispatch([job('edgar.document', { cik: filer, accessionNumber, primaryDocument })], Boolean(values.queue), io);
    },
  },
  {
    name: 'ingest tickers',
    summary: "Fetch SEC's company_tickers.json (ticker and exchange hints).",
    options: QUEUE_OPTION,
    run: ({ values }, io) => dispatch([job('edgar.company_tickers', {})], Boolean(values.queue), io),
  },
  {
    name: 'ingest companyfacts',
    summary: "Fetch a company's XBRL company facts.",
    options: { cik: { type: 'string', description: 'CIK (required).' }, ...QUEUE_OPTION },
    run: ({ values }, io) => dispatch([job('edgar.companyfacts', { cik: cik(values) })], Boolean(values.queue), io),
  },
];

/**
 * The fleet's EDGAR budget in Redis: every request of every process on it, retries included,
 * takes its slot there. While Redis does not answer, the process paces itself alone and says so.
 */
export function fleetEdgarGate(config: Config, redisUrl: string, logger: Logger): { gate: EdgarGate; close(): void } {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  const gate = createRedisEdgarGate({
    redis,
    ratePerSecond: config.edgar.maxRequestsPerSecond,
    keyPrefix: config.redisKeys.edgarGate,
    sleep: realSleep,
    fallback: createLocalEdgarGate(config.edgar.maxRequestsPerSecond, systemClock(), realSleep),
    onFallback: (reason) => logger.warn('Redis unavailable for the EDGAR budget; this process paces itself alone', { reason }),
  });
  return { gate, close: () => redis.disconnect() };
}

/** The `ipo worker` process: one worker per ingest queue (edgar, prices, news), sharing the event log and the fleet's EDGAR budget. */
export async function startIngestWorkers(config: Config, logger: Logger, concurrency: number) {
  if (!config.redisUrl) throw new UsageError('the worker needs REDIS_URL');
  const redisUrl = config.redisUrl;
  const events = await openEventLogDb(config.dataDir);
  // One EDGAR budget for the fleet: every request of every worker, retries included, takes its slot in Redis.
  const fleet = fleetEdgarGate(config, redisUrl, logger);
  const ctx = handlerContext(config, events.log, logger, true, fleet.gate);
  const common = {
    redisUrl,
    prefix: config.redisKeys.queues,
    handlers: jobHandlers,
    ctx,
    throttleBackoffMs: config.edgar.throttleBackoffMs,
    concurrency,
    lockMs: config.workerLockMs,
  };
  // EDGAR jobs share the SEC limiter; prices and news have their own queues without it.
  const workers = [
    startWorkers({ ...common, kind: 'edgar', maxRequestsPerSecond: config.edgar.maxRequestsPerSecond }),
    startWorkers({ ...common, kind: 'prices', maxRequestsPerSecond: null }),
    startWorkers({ ...common, kind: 'news', maxRequestsPerSecond: null, concurrency: 1 }),
  ];
  return {
    /** Lets the jobs in flight finish, then closes; does not wait for a Redis that is away. */
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      fleet.close();
      await events.close();
    },
  };
}

export const workerCommand: Command = {
  name: 'worker',
  summary: 'Run BullMQ ingest workers for the edgar, prices and news queues (needs REDIS_URL); the EDGAR rate limit holds across all workers.',
  details: `Logs one line per job attempt on stderr (LOG_FORMAT, LOG_LEVEL): queue, job, id, outcome
(completed, not_found, failed, postponed), attempt, appended events, follow-ups and ms.`,
  options: { concurrency: { type: 'string', description: 'Jobs in flight in this process (default 4).' } },
  async run({ values }, io) {
    const concurrency = integerIn(values, 'concurrency', 1, Number.MAX_SAFE_INTEGER, 4);
    const config = loadConfig(io.env);
    const logger = createLogger(config.logging, io.err, 'worker');
    const worker = await startIngestWorkers(config, logger, concurrency);
    logger.info('running', { concurrency });
    onShutdown(worker.close, logger);
    return new Promise<number>(() => {});
  },
};
