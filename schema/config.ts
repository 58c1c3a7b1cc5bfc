import { resolve } from 'node:path';
import cron from 'node-cron';

/** One environment variable the service reads. */
export interface Setting {
  default: string;
  doc: string;
  /** A credential: `ipo config` and the validation messages never print its value. */
  secret?: boolean;
}

/**
 * Every setting the service reads from the environment, with its default and meaning. The README
 * table is checked against this list by a test, so a setting cannot go undocumented.
 */
const DEFINED = {
  PORT: { default: '3000', doc: 'HTTP port of the API.' },
  HOST: { default: '127.0.0.1', doc: 'Interface the API binds to (use 0.0.0.0 in a container).' },
  DATA_DIR: { default: './data', doc: 'Where events.db, ops.db and read.db live.' },
  PUBLIC_BASE_URL: { default: '', doc: 'Absolute base (http:// or https://) of published article URLs; defaults to http://localhost:PORT.' },
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
  REDIS_URL: {
    default: '',
    doc: 'Redis for BullMQ queues and the shared rate limiter, a redis:// or rediss:// URL (a password in it is masked by `ipo config`); unset = in-process runner and in-memory limiter.',
  },
  REDIS_PREFIX: {
    default: 'ipo',
    doc: 'First part of every Redis key the service writes (queues `PREFIX:bull:*`, EDGAR budget `PREFIX:edgar:*`, API rate limits `PREFIX:ratelimit:*`, scheduler lock `PREFIX:scheduler:lock`, feed-to-API lags `PREFIX:feed:served`, feed poll period `PREFIX:feed:polling`): deployments with different prefixes share one Redis without seeing each other.',
  },
  WORKER_LOCK_SECONDS: {
    default: '30',
    doc: '`ipo worker`: lock on a running job, renewed at half of it; a job whose worker died (kill -9) runs again on another worker within about twice this.',
  },
  RATE_LIMIT_PER_MINUTE: { default: '600', doc: 'Requests per minute per API key on authenticated endpoints.' },
  PAGE_CACHE_MB: {
    default: '64',
    doc: 'Memory per API process for built responses of the served read.db generation that clients ask for again (a list page, a company detail), reused until the next projector batch or rebuild; 0 = off.',
  },
  EVENT_STREAMS_PER_KEY: {
    default: '5',
    doc: 'Open `GET /api/v1/events` streams one API key may hold per API process; one more is a 429. Each stream counts once against RATE_LIMIT_PER_MINUTE, when it opens.',
  },
  WEBHOOK_RETRY_MAX_SECONDS: {
    default: '300',
    doc: '`ipo webhooks send`: longest wait between two attempts at a delivery that keeps failing (the waits double from 1 s up to it); an endpoint is never given up, its cursor waits for a 2xx.',
  },
  CURSOR_SECRET: { default: '', doc: 'HMAC secret that signs pagination cursors; unset = generated once and kept in ops.db.', secret: true },
  PRICES_URL: { default: 'https://stooq.com', doc: 'Base URL of the daily-bars provider.' },
  PRICES_FORMAT: { default: 'stooq_csv', doc: 'Daily-bars format: stooq_csv (Date,Open,High,Low,Close,Volume) or yahoo_chart (chart JSON).' },
  NEWS_API_URL: { default: 'https://newsapi.org', doc: 'Base URL of a NewsAPI-compatible provider (/v2/everything).' },
  NEWS_API_KEY: { default: '', doc: 'API key for the news provider; unset = the NewsAPI client is not used.', secret: true },
  NEWS_RSS_URLS: { default: '', doc: 'Comma-separated RSS/Atom press-release feed URLs (http:// or https://).' },
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
    doc: '`ipo projector` and `ipo project`: time budget of one document read in its worker thread; an overrun is recorded as a `projector.extraction_failed` event, which every later projection honours.',
  },
  CRON_DISCOVERY: { default: '30 22 * * 1-5', doc: '`ipo scheduler`: EDGAR daily-index discovery and company_tickers.json (cron, US/Eastern).' },
  CRON_PRICES: { default: '30 17 * * 1-5', doc: '`ipo scheduler`: daily-bars refresh of priced and listed tickers (cron, US/Eastern).' },
  CRON_NEWS: { default: '15 */2 * * *', doc: '`ipo scheduler`: news poll of NEWS_RSS_URLS and NewsAPI (cron, US/Eastern).' },
  CRON_PUBLISH_DAILY: { default: '0 18 * * 1-5', doc: '`ipo scheduler`: daily spotlight, a `pipeline.publish` job (cron, US/Eastern).' },
  CRON_PUBLISH_WEEKLY: { default: '0 9 * * 6', doc: '`ipo scheduler`: weekly review, a `pipeline.publish` job (cron, US/Eastern).' },
  CRON_PUBLISH_QUARTERLY: {
    default: '0 9 1-3 1,4,7,10 1-5',
    doc: '`ipo scheduler`: quarterly review, a `pipeline.publish` job (cron, US/Eastern); acts on the first weekday of a quarter only.',
  },
  FEED_POLL_SECONDS: {
    default: '2',
    doc: "`ipo scheduler`: seconds between two polls of EDGAR's latest-filings feed during EDGAR's hours (weekdays 06:00-22:00 US/Eastern, federal holidays excepted); each poll is one job of its time slot.",
  },
  FEED_POLL_CLOSED_SECONDS: {
    default: '60',
    doc: "`ipo scheduler`: seconds between two polls of the latest-filings feed outside EDGAR's hours.",
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

export type SettingName = keyof typeof DEFINED;

/** Settings a deployment may still set that no longer mean anything: refused, so none is ignored unnoticed. */
const RETIRED: ReadonlyArray<readonly [string, string]> = [
  ['CRON_CURRENT_FEED', 'the latest-filings feed is polled every FEED_POLL_SECONDS in EDGAR\'s hours and every FEED_POLL_CLOSED_SECONDS outside them'],
];
export const SETTINGS: Readonly<Record<SettingName, Setting>> = DEFINED;
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** Every Redis key of one deployment starts with its REDIS_PREFIX and a colon. */
export interface RedisKeys {
  /** BullMQ's `prefix` option: its keys are `PREFIX:bull:QUEUE:…`. */
  queues: string;
  /** Key prefix of the fleet's EDGAR budget (grants and the pause). */
  edgarGate: string;
  /** Key prefix of the API's per-key rate-limit counters. */
  rateLimit: string;
  schedulerLock: string;
  /** The list of the latest filings the feed brought, with when the API first served them (`ipo status`). */
  feedServed: string;
  /** The period the leading scheduler polls the feed at, and when it last scheduled a poll (`ipo status`). */
  feedPolling: string;
}

export function redisKeys(prefix: string): RedisKeys {
  return {
    queues: `${prefix}:bull`,
    edgarGate: `${prefix}:edgar:`,
    rateLimit: `${prefix}:ratelimit:`,
    schedulerLock: `${prefix}:scheduler:lock`,
    feedServed: `${prefix}:feed:served`,
    feedPolling: `${prefix}:feed:polling`,
  };
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
  /** Budget of the API's page cache in bytes (0 = off). */
  pageCacheBytes: number;
  /** Open event streams per API key per API process. */
  eventStreamsPerKey: number;
  /** Ceiling of the webhook retry backoff, in ms. */
  webhookRetryMaxMs: number;
  cursorSecret: string | null;
  prices: { url: string; format: 'stooq_csv' | 'yahoo_chart' };
  news: { apiUrl: string; apiKey: string | null; rssUrls: string[] };
  projector: { pollMs: number; batchSize: number };
  extraction: { maxBytes: number; timeoutMs: number };
  /** Cron expressions of `ipo scheduler`, validated at load. */
  cron: { discovery: string; prices: string; news: string; publishDaily: string; publishWeekly: string; publishQuarterly: string };
  /** Seconds between latest-filings polls in EDGAR's hours (`open`) and outside them (`closed`). */
  feedPoll: { openSeconds: number; closedSeconds: number };
  schedulerLock: { key: string; ttlMs: number };
  logging: { level: LogLevel; format: 'auto' | 'json' | 'text' };
  /** Away from a terminal, at least this long between two progress lines; 0 = one per step. */
  progressIntervalMs: number;
}

/** Every malformed setting at once, one line each: `NAME must be …, got "…"` (a secret's value masked). */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

/** A setting's value breaks its rule; the message completes "NAME must be …". */
class Invalid extends Error {}

/** Parses one setting's text, or throws `Invalid`. */
type Rule<T> = (raw: string, name: SettingName) => T;

const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER): Rule<number> =>
  (raw) => {
    // Digits only: Number() also reads `1e1`, `0x10` and ` 7 `, which `ipo config` would then show as given.
    const value = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isInteger(value) || value < min || value > max) throw new Invalid(`an integer between ${min} and ${max}`);
    return value;
  };

const oneOf =
  <T extends string>(values: readonly T[]): Rule<T> =>
  (raw) => {
    if ((values as readonly string[]).includes(raw)) return raw as T;
    throw new Invalid(`one of ${values.join(', ')}`);
  };

/** A Redis key prefix: no blanks, no trailing colon (one is added), `{…}` allowed for a Redis Cluster hash tag. */
const redisPrefix: Rule<string> = (raw) => {
  if (!/^[\w.{}-]+(:[\w.{}-]+)*$/.test(raw)) throw new Invalid(`letters, digits and . _ - { } parts joined by ':'`);
  return raw;
};

const cronExpression: Rule<string> = (raw, name) => {
  if (!cron.validate(raw)) throw new Invalid(`a cron expression such as "${SETTINGS[name].default}"`);
  return raw;
};

function isUrl(raw: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(raw).protocol);
  } catch {
    return false;
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** A base URL (trailing slashes dropped); `optional` accepts unset as null. */
function url(protocols: readonly string[], optional: true): Rule<string | null>;
function url(protocols: readonly string[]): Rule<string>;
function url(protocols: readonly string[], optional = false): Rule<string | null> {
  return (raw) => {
    if (optional && raw === '') return null;
    if (!isUrl(raw, protocols)) throw new Invalid(`a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
    return trimSlash(raw);
  };
}

const WEB = ['http:', 'https:'];

const urlList: Rule<string[]> = (raw) => {
  const urls = raw.split(',').map((u) => u.trim()).filter(Boolean);
  if (!urls.every((u) => isUrl(u, WEB))) throw new Invalid('URLs starting with http:// or https://, separated by commas');
  return urls;
};

const MASK = '****';

/** The value as `ipo config` and the validation messages show it: secrets and URL credentials masked. */
export function shownValue(name: SettingName, raw: string): string {
  if (raw === '') return raw;
  if (SETTINGS[name].secret) return MASK;
  return maskUrlCredentials(raw);
}

/** A query parameter whose name says it carries a credential, and its value. */
const CREDENTIAL_QUERY_VALUE = /([?&][^=&\s,#]*(?:key|token|secret|pass|auth|sig|credential)[^=&\s,#]*=)[^&\s,#]*/gi;
/**
 * Any query parameter and its value. Commas stay in the value here: this is for one URL (or a
 * message quoting one), not a comma-separated list of them.
 */
const ANY_QUERY_VALUE = /([?&][^=&\s#]*=)[^&\s#"'<>]*/g;

/**
 * The URLs in `text` with their credentials masked: a password (its user name kept visible), a lone
 * user part (which may itself be a token), and the values of the query parameters whose name says
 * they are a credential, or, with `everyQueryValue`, of every query parameter (a URL that is itself
 * a secret, such as a webhook receiver's, may carry its token under any name).
 */
export function maskUrlCredentials(text: string, options: { everyQueryValue?: boolean } = {}): string {
  return text
    .replace(/\b([a-z][\w+.-]*:\/\/)([^/@\s,]*)@/gi, (_, scheme: string, userinfo: string) => {
      const colon = userinfo.indexOf(':');
      return `${scheme}${colon >= 0 ? userinfo.slice(0, colon + 1) : ''}${MASK}@`;
    })
    .replace(options.everyQueryValue ? ANY_QUERY_VALUE : CREDENTIAL_QUERY_VALUE, `$1${MASK}`);
}

/** The text of a setting in `env`, or null when it is unset (or empty, which counts as unset). */
function fromEnv(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name];
  return value === undefined || value === '' ? null : value;
}

export interface SettingReport {
  name: SettingName;
  /** As printed: a secret masked, URL credentials masked; '' when unset with no default. */
  value: string;
  source: 'env' | 'default';
}

/** Every setting with its value (masked where secret) and where it came from, in the README's order. */
export function describeSettings(env: NodeJS.ProcessEnv = process.env): SettingReport[] {
  return SETTING_NAMES.map((name) => {
    const given = fromEnv(env, name);
    return { name, value: shownValue(name, given ?? SETTINGS[name].default), source: given === null ? 'default' : 'env' };
  });
}

/**
 * Reads the environment once into a frozen, typed object. Every setting is checked, so one run
 * reports all malformed ones (a `ConfigError` with one line each), not the first alone.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const problems = new Map<SettingName, string>();
  const raw = (name: SettingName) => fromEnv(env, name) ?? SETTINGS[name].default;
  const read = <T>(name: SettingName, rule: Rule<T>): T => {
    const text = raw(name);
    try {
      return rule(text, name);
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      problems.set(name, `${name} must be ${error.message}, got "${shownValue(name, text)}"`);
      // The default stands in (every default passes its rule) so the other settings are still read.
      return rule(SETTINGS[name].default, name);
    }
  };
  const port = read('PORT', integer(1, 65535));
  const keys = redisKeys(read('REDIS_PREFIX', redisPrefix));
  const config: Config = {
    port,
    host: raw('HOST'),
    dataDir: resolve(raw('DATA_DIR')),
    publicBaseUrl: read('PUBLIC_BASE_URL', url(WEB, true)) ?? `http://localhost:${port}`,
    edgar: Object.freeze({
      userAgent: raw('EDGAR_USER_AGENT'),
      wwwUrl: read('EDGAR_WWW_URL', url(WEB)),
      dataUrl: read('EDGAR_DATA_URL', url(WEB)),
      maxRequestsPerSecond: read('EDGAR_MAX_RPS', integer(1, 10)),
      throttleBackoffMs: read('EDGAR_THROTTLE_BACKOFF_SECONDS', integer(1)) * 1000,
    }),
    redisUrl: read('REDIS_URL', url(['redis:', 'rediss:'], true)),
    redisKeys: Object.freeze(keys),
    workerLockMs: read('WORKER_LOCK_SECONDS', integer(1)) * 1000,
    rateLimitPerMinute: read('RATE_LIMIT_PER_MINUTE', integer(1)),
    pageCacheBytes: read('PAGE_CACHE_MB', integer(0, 65_536)) * 2 ** 20,
    eventStreamsPerKey: read('EVENT_STREAMS_PER_KEY', integer(1, 1000)),
    webhookRetryMaxMs: read('WEBHOOK_RETRY_MAX_SECONDS', integer(1, 86_400)) * 1000,
    cursorSecret: raw('CURSOR_SECRET') || null,
    prices: Object.freeze({ url: read('PRICES_URL', url(WEB)), format: read('PRICES_FORMAT', oneOf(['stooq_csv', 'yahoo_chart'] as const)) }),
    news: Object.freeze({
      apiUrl: read('NEWS_API_URL', url(WEB)),
      apiKey: raw('NEWS_API_KEY') || null,
      rssUrls: read('NEWS_RSS_URLS', urlList),
    }),
    projector: Object.freeze({
      pollMs: read('PROJECTOR_POLL_MS', integer(1, 3_600_000)),
      batchSize: read('PROJECTOR_BATCH_SIZE', integer(1, 100_000)),
    }),
    extraction: Object.freeze({
      maxBytes: read('EXTRACTION_MAX_BYTES', integer(1)),
      timeoutMs: read('EXTRACTION_TIMEOUT_MS', integer(1)),
    }),
    cron: Object.freeze({
      discovery: read('CRON_DISCOVERY', cronExpression),
      prices: read('CRON_PRICES', cronExpression),
      news: read('CRON_NEWS', cronExpression),
      publishDaily: read('CRON_PUBLISH_DAILY', cronExpression),
      publishWeekly: read('CRON_PUBLISH_WEEKLY', cronExpression),
      publishQuarterly: read('CRON_PUBLISH_QUARTERLY', cronExpression),
    }),
    feedPoll: Object.freeze({
      openSeconds: read('FEED_POLL_SECONDS', integer(1, 3600)),
      closedSeconds: read('FEED_POLL_CLOSED_SECONDS', integer(1, 3600)),
    }),
    schedulerLock: Object.freeze({
      key: raw('SCHEDULER_LOCK_KEY') || keys.schedulerLock,
      ttlMs: read('SCHEDULER_LOCK_TTL_SECONDS', integer(1)) * 1000,
    }),
    logging: Object.freeze({ level: read('LOG_LEVEL', oneOf(LOG_LEVELS)), format: read('LOG_FORMAT', oneOf(['auto', 'json', 'text'] as const)) }),
    progressIntervalMs: read('PROGRESS_INTERVAL_SECONDS', integer(0, 86_400)) * 1000,
  };
  const retired = RETIRED.filter(([name]) => fromEnv(env, name) !== null).map(([name, instead]) => `${name} is no longer read: ${instead}`);
  if (problems.size > 0 || retired.length > 0) throw new ConfigError([...SETTING_NAMES.flatMap((name) => problems.get(name) ?? []), ...retired]);
  return Object.freeze(config);
}
