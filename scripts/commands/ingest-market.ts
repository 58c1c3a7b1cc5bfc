import { companyNewsQuery, job, parseFeedUrls, type Job } from '../../ingest/index.ts';
import { loadConfig } from '../../schema/config.ts';
import type { Command, OptionSpec } from '../command.ts';
import { UsageError } from '../command.ts';
import { dispatch } from './ingest.ts';

const QUEUE_OPTION: Record<string, OptionSpec> = {
  queue: { type: 'boolean', description: 'Enqueue on the BullMQ queues (REDIS_URL) for `ipo worker` instead of running inline.' },
};

const TICKER = /^[A-Za-z0-9][A-Za-z0-9./-]{0,11}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `--ticker SNAP,GPRO --ticker TWTR` → ['SNAP', 'GPRO', 'TWTR'], each checked. */
export function tickerList(raw: string | string[] | boolean | undefined): string[] {
  const parts = (Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []).flatMap((v) => v.split(',')).map((t) => t.trim()).filter(Boolean);
  if (parts.length === 0) throw new UsageError('--ticker is required (one or more, comma-separated)');
  for (const t of parts) if (!TICKER.test(t)) throw new UsageError(`--ticker "${t}" is not an exchange symbol`);
  return [...new Set(parts.map((t) => t.toUpperCase()))];
}

function optionalDate(values: Record<string, unknown>, name: string): string | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !DATE.test(v)) throw new UsageError(`--${name} must be YYYY-MM-DD`);
  return v;
}

export const ingestMarketCommands: Command[] = [
  {
    name: 'ingest prices',
    summary: 'Fetch daily bars for tickers from the prices provider (PRICES_URL, PRICES_FORMAT).',
    details: `Records each ticker's raw body as a market.daily_bars event; the projector derives outcomes from it.
A symbol the provider does not know is reported as not found. Example: ipo ingest prices --ticker SNAP,GPRO`,
    options: {
      ticker: { type: 'string', multiple: true, description: 'Ticker(s), comma-separated or repeated (required).' },
      concurrency: { type: 'string', description: 'Requests in flight when running inline (default 8).' },
      ...QUEUE_OPTION,
    },
    run({ values }, io) {
      const concurrency = values.concurrency === undefined ? 8 : Number(values.concurrency);
      if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError('--concurrency must be an integer from 1 to 64');
      const jobs = tickerList(values.ticker).map((ticker) => job('prices.daily_bars', { ticker }));
      return dispatch(jobs, Boolean(values.queue), io, { concurrency });
    },
  },
  {
    name: 'ingest news',
    summary: 'Search the news provider (NEWS_API_URL, NEWS_API_KEY) and record one event per article.',
    details: `Either --query with the provider's search syntax, or --company NAME for the standard IPO search
("NAME" AND (IPO OR "initial public offering")). Reads the newest 100 results. A 429 from the provider
pauses further searches until its Retry-After instead of failing each one.`,
    options: {
      query: { type: 'string', description: 'Search expression.' },
      company: { type: 'string', description: "Company name: searches its IPO coverage." },
      from: { type: 'string', description: 'Oldest publication date, YYYY-MM-DD.' },
      to: { type: 'string', description: 'Newest publication date, YYYY-MM-DD.' },
      ...QUEUE_OPTION,
    },
    run({ values }, io) {
      const query = typeof values.query === 'string' ? values.query.trim() : '';
      const company = typeof values.company === 'string' ? values.company.trim() : '';
      if (!query === !company) throw new UsageError('give exactly one of --query and --company');
      const from = optionalDate(values, 'from');
      const to = optionalDate(values, 'to');
      const data = { query: query || companyNewsQuery(company), ...(from ? { from } : {}), ...(to ? { to } : {}) };
      return dispatch([job('news.everything', data)], Boolean(values.queue), io);
    },
  },
  {
    name: 'ingest feeds',
    summary: 'Fetch RSS/Atom press-release feeds (NEWS_RSS_URLS, or --url) and record one event per item.',
    options: { url: { type: 'string', multiple: true, description: 'Feed URL(s) instead of NEWS_RSS_URLS.' }, ...QUEUE_OPTION },
    run({ values }, io) {
      const given = Array.isArray(values.url) ? values.url : [];
      const urls = given.length > 0 ? parseFeedUrls(given.join(',')) : loadConfig(io.env).news.rssUrls;
      if (given.length > 0 && urls.length !== given.length) throw new UsageError('--url must be absolute http(s) URLs');
      if (urls.length === 0) throw new UsageError('no feeds: set NEWS_RSS_URLS or pass --url');
      const jobs: Job[] = urls.map((url) => job('news.feed', { url }));
      return dispatch(jobs, Boolean(values.queue), io);
    },
  },
];
