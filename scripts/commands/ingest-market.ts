import { companyNewsQuery, job, type Job } from '../../ingest/index.ts';
import { loadConfig } from '../../schema/config.ts';
import { ArgumentError, dateRange, integerIn, invalid, matchingList } from '../arguments.ts';
import type { Command, OptionSpec } from '../command.ts';
import { dispatch } from './ingest.ts';

const QUEUE_OPTION: Record<string, OptionSpec> = {
  queue: { type: 'boolean', description: 'Enqueue on the BullMQ queues (REDIS_URL) for `ipo worker` instead of running inline.' },
};

const TICKER = /^[A-Za-z0-9][A-Za-z0-9./-]{0,11}$/;
const QUERY_MAX = 500;
const FEED_URL = /^https?:\/\/\S+$/;

/** `--ticker SNAP,GPRO --ticker TWTR` → ['SNAP', 'GPRO', 'TWTR'], each checked. */
export function tickerList(values: Record<string, unknown>): string[] {
  const tickers = matchingList(values, 'ticker', TICKER, 'exchange symbols like SNAP or TPGE-U');
  if (tickers === undefined) throw new ArgumentError('--ticker is required: one or more exchange symbols, comma-separated');
  return [...new Set(tickers.map((t) => t.toUpperCase()))];
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
      const concurrency = integerIn(values, 'concurrency', 1, 64, 8);
      const jobs = tickerList(values).map((ticker) => job('prices.daily_bars', { ticker }));
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
      if (!query === !company) throw new ArgumentError('give exactly one of --query and --company');
      const search = query || companyNewsQuery(company);
      if (search.length > QUERY_MAX) throw invalid(query ? '--query' : '--company', `at most ${QUERY_MAX} characters as a search`, `${search.slice(0, 40)}…`);
      const data = { query: search, ...dateRange(values) };
      return dispatch([job('news.everything', data)], Boolean(values.queue), io);
    },
  },
  {
    name: 'ingest feeds',
    summary: 'Fetch RSS/Atom press-release feeds (NEWS_RSS_URLS, or --url) and record one event per item.',
    options: { url: { type: 'string', multiple: true, description: 'Feed URL(s) instead of NEWS_RSS_URLS.' }, ...QUEUE_OPTION },
    run({ values }, io) {
      const urls = matchingList(values, 'url', FEED_URL, 'absolute http(s) URLs') ?? loadConfig(io.env).news.rssUrls;
      if (urls.length === 0) throw new ArgumentError('no feeds: set NEWS_RSS_URLS or pass --url');
      const jobs: Job[] = urls.map((url) => job('news.feed', { url }));
      return dispatch(jobs, Boolean(values.queue), io);
    },
  },
];
