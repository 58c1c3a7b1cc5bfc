import { resolve } from 'node:path';
import cron from 'node-cron';

/**
 * Every setting the service reads from the environment, with its default and meaning. The README
 * table is checked against this list by a test, so a setting cannot go undocumented.
 */
export const SETTINGS = {
  PORT: { default: '3000', doc: 'HTTP port of the API.' },
  HOST: { default: '127.0.0.1', doc: 'Interface the API binds to (use 0.0.0.0 in a container).' },
  DATA_DIR: { default: './data', doc: 'Where events.db, ops.db and read.db live.' },
  PUBLIC_BASE_URL: { default: '', doc: 'Absolute base of published article URLs; defaults to http://localhost:PORT.' },
  EDGAR_USER_AGENT: {
    default: '',
    doc: 'Declared User-Agent for SEC EDGAR, "Name contact@example.com". Required for live ingest; the demo supplies its own for the local replay server.',
  },
  EDGAR_WWW_URL: { default: 'https://www.sec.gov', doc: 'Base URL for Archives, daily indexes and company_tickers.json.' },
  EDGAR_DATA_URL: { default: 'https://data.sec.gov', doc: 'Base URL for submissions and XBRL company facts.' },
  EDGAR_MAX_RPS: { default: '8', doc: 'EDGAR requests per second across all workers (capped at 10, the SEC limit).' },
  EDGAR_THROTTLE_BACKOFF_SECONDS: {
    default: '600',
    doc: 'Pause of all EDGAR traffic after a 403 "Request Rate Threshold Exceeded" page.',
  },
  REDIS_URL: { default: '', doc: 'Redis for BullMQ queues and the shared rate limiter; unset = in-process runner and in-memory limiter.' },
  REDIS_PREFIX: {
    default: 'ipo',
    doc: 'First part of every Redis key the service writes (queues `PREFIX:bull:*`, EDGAR budget `PREFIX:edgar:*`, API rate limits `PREFIX:ratelimit:*`, scheduler lock `PREFIX:scheduler:lock`): deployments with different prefixes share one Redis without seeing each other.',
  },
  WORKER_LOCK_SECONDS: {
    default: '30',
    doc: '`ipo worker`: lock on a running job, renewed at half of it; a job whose worker died (kill -9) runs again on another worker within about twice this.',
  },
  RATE_LIMIT_PER_MINUTE: { default: '600', doc: 'Requests per minute per API key on authenticated endpoints.' },
  CURSOR_SECRET: { default: '', doc: 'HMAC secret that signs pagination cursors; unset = generated once and kept in ops.db.' },
  PRICES_URL: { default: 'https://stooq.com', doc: 'Base URL of the daily-bars provider.' },
  PRICES_FORMAT: { default: 'stooq_csv', doc: 'Daily-bars format: stooq_csv (Date,Open,High,Low,Close,Volume) or yahoo_chart (chart JSON).' },
  NEWS_API_URL: { default: 'https://newsapi.org', doc: 'Base URL of a NewsAPI-compatible provider (/v2/everything).' },
  NEWS_API_KEY: { default: '', doc: 'API key for the news provider; unset = the NewsAPI client is not used.' },
  NEWS_RSS_URLS: { default: '', doc: 'Comma-separated RSS/Atom press-release feed URLs.' },
  PROJECTOR_POLL_MS: { default: '500', doc: '`ipo projector`: how often it checks the event log for new events (one indexed query), in ms.' },
  PROJECTOR_BATCH_SIZE: {
    default: '250',
    doc: '`ipo projector`: events per transaction (each commits rows and checkpoint together; smaller = fresher reads and a quicker stop).',
  },
  EXTRACTION_MAX_BYTES: {
    default: '33554432',
    doc: 'Documents larger than this are not read (recorded as skipped, terms null), by every projection alike; after changing it, run `ipo project --rebuild`.',
  },
  EXTRACTION_TIMEOUT_MS: {
    default: '10000',
    doc: '`ipo projector`: time budget of one document read in its worker thread; an overrun is recorded as a `projector.extraction_failed` event, which every later projection honours.',
  },
  CRON_DISCOVERY: { default: '30 22 * * 1-5', doc: '`ipo scheduler`: EDGAR daily-index discovery and company_tickers.json (cron, US/Eastern).' },
  CRON_CURRENT_FEED: {
    default: '*/10 6-21 * * 1-5',
    doc: '`ipo scheduler`: EDGAR latest-filings feed poll, reading back 30 minutes, following new offering filings (cron, US/Eastern).',
  },
  CRON_PRICES: { default: '30 17 * * 1-5', doc: '`ipo scheduler`: daily-bars refresh of priced and listed tickers (cron, US/Eastern).' },
  CRON_NEWS: { default: '15 */2 * * *', doc: '`ipo scheduler`: news poll of NEWS_RSS_URLS and NewsAPI (cron, US/Eastern).' },
  CRON_PUBLISH_DAILY: { default: '0 18 * * 1-5', doc: '`ipo scheduler`: daily spotlight, a `pipeline.publish` job (cron, US/Eastern).' },
  CRON_PUBLISH_WEEKLY: { default: '0 9 * * 6', doc: '`ipo scheduler`: weekly review, a `pipeline.publish` job (cron, US/Eastern).' },
  CRON_PUBLISH_QUARTERLY: {
    default: '0 9 1-3 1,4,7,10 1-5',
    doc: '`ipo scheduler`: quarterly review, a `pipeline.publish` job (cron, US/Eastern); acts on the first weekday of a quarter only.',
  },
  SCHEDULER_LOCK_KEY: {
    default: '',
    doc: 'Redis key that lets one `ipo scheduler` run while the others stand by (with REDIS_URL); unset = `REDIS_PREFIX:scheduler:lock`.',
  },
  SCHEDULER_LOCK_TTL_SECONDS: {
    default: '30',
    doc: 'Lifetime of the scheduler lock, renewed every third of it; a stand-by takes over this long after the holder dies.',
  },
  LOG_LEVEL: { default: 'info', doc: 'Least level logged by workers, projector, scheduler and API: trace, debug, info, warn, error, fatal or silent.' },
  LOG_FORMAT: {
    default: 'auto',
    doc: 'Log lines on stderr: json (one pino JSON object per line), text (`LEVEL name: message key=value`) or auto (text on a terminal, json otherwise).',
  },
  PROGRESS_INTERVAL_SECONDS: {
    default: '10',
    doc: 'Long one-shot commands (ingest, import, project, backfill, start) away from a terminal: seconds between two plain progress lines (0 = one per step); on a terminal a progress bar is drawn instead.',
  },
} as const;

export type SettingName = keyof typeof SETTINGS;

/** Every Redis key of one deployment starts with its REDIS_PREFIX and a colon. */
export interface RedisKeys {
  /** BullMQ's `prefix` option: its keys are `PREFIX:bull:QUEUE:…`. */
  queues: string;
  /** Key prefix of the fleet's EDGAR budget (grants and the pause). */
  edgarGate: string;
  /** Key prefix of the API's per-key rate-limit counters. */
  rateLimit: string;
  schedulerLock: string;
}

export function redisKeys(prefix: string): RedisKeys {
  return { queues: `${prefix}:bull`, edgarGate: `${prefix}:edgar:`, rateLimit: `${prefix}:ratelimit:`, schedulerLock: `${prefix}:scheduler:lock` };
}

/** The keys of a deployment that keeps REDIS_PREFIX at its default: what runners and limiters use when not told. */
export const DEFAULT_REDIS_KEYS: Readonly<RedisKeys> = Object.freeze(redisKeys(SETTINGS.REDIS_PREFIX.default));

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicBaseUrl: string;
  edgar: {
    userAgent: string;
    wwwUrl: string;
    dataUrl: string;
    maxRequestsPerSecond: number;
    throttleBackoffMs: number;
  };
  redisUrl: string | null;
  redisKeys: RedisKeys;
  /** BullMQ lock duration and stalled-job check interval of `ipo worker`. */
  workerLockMs: number;
  rateLimitPerMinute: number;
  cursorSecret: string | null;
  prices: { url: string; format: 'stooq_csv' | 'yahoo_chart' };
  news: { apiUrl: string; apiKey: string | null; rssUrls: string[] };
  projector: { pollMs: number; batchSize: number };
  extraction: { maxBytes: number; timeoutMs: number };
  /** Cron expressions of `ipo scheduler`, validated at load. */
  cron: { discovery: string; currentFeed: string; prices: string; news: string; publishDaily: string; publishWeekly: string; publishQuarterly: string };
  schedulerLock: { key: string; ttlMs: number };
  logging: { level: LogLevel; format: 'auto' | 'json' | 'text' };
  /** Away from a terminal, at least this long between two progress lines; 0 = one per step. */
  progressIntervalMs: number;
}

export class ConfigError extends Error {}

function positiveInt(name: SettingName, raw: string, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > max) {
    throw new ConfigError(`${name} must be an integer between 1 and ${max}, got "${raw}"`);
  }
  return value;
}

function oneOf<T extends string>(name: SettingName, raw: string, values: readonly T[]): T {
  if ((values as readonly string[]).includes(raw)) return raw as T;
  throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
}

/** A Redis key prefix: no blanks, no trailing colon (one is added), `{…}` allowed for a Redis Cluster hash tag. */
function redisPrefix(raw: string): string {
  if (!/^[\w.{}-]+(:[\w.{}-]+)*$/.test(raw)) throw new ConfigError(`REDIS_PREFIX must be letters, digits and . _ - { } parts joined by ':', got "${raw}"`);
  return raw;
}

function pricesFormat(raw: string): 'stooq_csv' | 'yahoo_chart' {
  if (raw === 'stooq_csv' || raw === 'yahoo_chart') return raw;
  throw new ConfigError(`PRICES_FORMAT must be stooq_csv or yahoo_chart, got "${raw}"`);
}

function cronExpression(name: SettingName, raw: string): string {
  if (!cron.validate(raw)) throw new ConfigError(`${name} must be a cron expression such as "${SETTINGS[name].default}", got "${raw}"`);
  return raw;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Reads the environment once into a frozen, typed object. Unknown values fail loudly. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const get = (name: SettingName) => {
    const value = env[name];
    return value === undefined || value === '' ? SETTINGS[name].default : value;
  };
  const port = positiveInt('PORT', get('PORT'), 65535);
  const keys = redisKeys(redisPrefix(get('REDIS_PREFIX')));
  const progressSeconds = Number(get('PROGRESS_INTERVAL_SECONDS'));
  if (!Number.isInteger(progressSeconds) || progressSeconds < 0 || progressSeconds > 86_400) {
    throw new ConfigError(`PROGRESS_INTERVAL_SECONDS must be an integer between 0 and 86400, got "${get('PROGRESS_INTERVAL_SECONDS')}"`);
  }
  return Object.freeze({
    port,
    host: get('HOST'),
    dataDir: resolve(get('DATA_DIR')),
    publicBaseUrl: trimSlash(get('PUBLIC_BASE_URL') || `http://localhost:${port}`),
    edgar: Object.freeze({
      userAgent: get('EDGAR_USER_AGENT'),
      wwwUrl: trimSlash(get('EDGAR_WWW_URL')),
      dataUrl: trimSlash(get('EDGAR_DATA_URL')),
      maxRequestsPerSecond: positiveInt('EDGAR_MAX_RPS', get('EDGAR_MAX_RPS'), 10),
      throttleBackoffMs: positiveInt('EDGAR_THROTTLE_BACKOFF_SECONDS', get('EDGAR_THROTTLE_BACKOFF_SECONDS')) * 1000,
    }),
    redisUrl: get('REDIS_URL') || null,
    redisKeys: Object.freeze(keys),
    workerLockMs: positiveInt('WORKER_LOCK_SECONDS', get('WORKER_LOCK_SECONDS')) * 1000,
    rateLimitPerMinute: positiveInt('RATE_LIMIT_PER_MINUTE', get('RATE_LIMIT_PER_MINUTE')),
    cursorSecret: get('CURSOR_SECRET') || null,
    prices: Object.freeze({ url: trimSlash(get('PRICES_URL')), format: pricesFormat(get('PRICES_FORMAT')) }),
    news: Object.freeze({
      apiUrl: trimSlash(get('NEWS_API_URL')),
      apiKey: get('NEWS_API_KEY') || null,
      rssUrls: get('NEWS_RSS_URLS').split(',').map((u) => u.trim()).filter(Boolean),
    }),
    projector: Object.freeze({
      pollMs: positiveInt('PROJECTOR_POLL_MS', get('PROJECTOR_POLL_MS'), 3_600_000),
      batchSize: positiveInt('PROJECTOR_BATCH_SIZE', get('PROJECTOR_BATCH_SIZE'), 100_000),
    }),
    extraction: Object.freeze({
      maxBytes: positiveInt('EXTRACTION_MAX_BYTES', get('EXTRACTION_MAX_BYTES')),
      timeoutMs: positiveInt('EXTRACTION_TIMEOUT_MS', get('EXTRACTION_TIMEOUT_MS')),
    }),
    cron: Object.freeze({
      discovery: cronExpression('CRON_DISCOVERY', get('CRON_DISCOVERY')),
      currentFeed: cronExpression('CRON_CURRENT_FEED', get('CRON_CURRENT_FEED')),
      prices: cronExpression('CRON_PRICES', get('CRON_PRICES')),
      news: cronExpression('CRON_NEWS', get('CRON_NEWS')),
      publishDaily: cronExpression('CRON_PUBLISH_DAILY', get('CRON_PUBLISH_DAILY')),
      publishWeekly: cronExpression('CRON_PUBLISH_WEEKLY', get('CRON_PUBLISH_WEEKLY')),
      publishQuarterly: cronExpression('CRON_PUBLISH_QUARTERLY', get('CRON_PUBLISH_QUARTERLY')),
    }),
    schedulerLock: Object.freeze({
      key: get('SCHEDULER_LOCK_KEY') || keys.schedulerLock,
      ttlMs: positiveInt('SCHEDULER_LOCK_TTL_SECONDS', get('SCHEDULER_LOCK_TTL_SECONDS')) * 1000,
    }),
    logging: Object.freeze({ level: oneOf('LOG_LEVEL', get('LOG_LEVEL'), LOG_LEVELS), format: oneOf('LOG_FORMAT', get('LOG_FORMAT'), ['auto', 'json', 'text'] as const) }),
    progressIntervalMs: progressSeconds * 1000,
  });
}
