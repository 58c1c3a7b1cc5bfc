import { resolve } from 'node:path';

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
  RATE_LIMIT_PER_MINUTE: { default: '600', doc: 'Requests per minute per API key on authenticated endpoints.' },
  CURSOR_SECRET: { default: '', doc: 'HMAC secret that signs pagination cursors; unset = generated once and kept in ops.db.' },
  PRICES_URL: { default: 'https://stooq.com', doc: 'Base URL of the daily-bars provider.' },
  PRICES_FORMAT: { default: 'stooq_csv', doc: 'Daily-bars format: stooq_csv (Date,Open,High,Low,Close,Volume) or yahoo_chart (chart JSON).' },
  NEWS_API_URL: { default: 'https://newsapi.org', doc: 'Base URL of a NewsAPI-compatible provider (/v2/everything).' },
  NEWS_API_KEY: { default: '', doc: 'API key for the news provider; unset = the NewsAPI client is not used.' },
  NEWS_RSS_URLS: { default: '', doc: 'Comma-separated RSS/Atom press-release feed URLs.' },
} as const;

export type SettingName = keyof typeof SETTINGS;

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
  rateLimitPerMinute: number;
  cursorSecret: string | null;
  prices: { url: string; format: 'stooq_csv' | 'yahoo_chart' };
  news: { apiUrl: string; apiKey: string | null; rssUrls: string[] };
}

export class ConfigError extends Error {}

function positiveInt(name: SettingName, raw: string, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > max) {
    throw new ConfigError(`${name} must be an integer between 1 and ${max}, got "${raw}"`);
  }
  return value;
}

function pricesFormat(raw: string): 'stooq_csv' | 'yahoo_chart' {
  if (raw === 'stooq_csv' || raw === 'yahoo_chart') return raw;
  throw new ConfigError(`PRICES_FORMAT must be stooq_csv or yahoo_chart, got "${raw}"`);
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Reads the environment once into a frozen, typed object. Unknown values fail loudly. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const get = (name: SettingName) => {
    const value = env[name];
    return value === undefined || value === '' ? SETTINGS[name].default : value;
  };
  const port = positiveInt('PORT', get('PORT'), 65535);
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
    rateLimitPerMinute: positiveInt('RATE_LIMIT_PER_MINUTE', get('RATE_LIMIT_PER_MINUTE')),
    cursorSecret: get('CURSOR_SECRET') || null,
    prices: Object.freeze({ url: trimSlash(get('PRICES_URL')), format: pricesFormat(get('PRICES_FORMAT')) }),
    news: Object.freeze({
      apiUrl: trimSlash(get('NEWS_API_URL')),
      apiKey: get('NEWS_API_KEY') || null,
      rssUrls: get('NEWS_RSS_URLS').split(',').map((u) => u.trim()).filter(Boolean),
    }),
  });
}
