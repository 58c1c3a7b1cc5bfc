import { systemClock, type Clock } from '../clock.ts';
import { renderFeedPage, type FeedEntryRecord } from './feed-atom.render.ts';
import { ipoPathFilings, renamedSince, submissionsAsOf, submissionsCik } from './ipo-path.ts';
import { WWW_NOT_FOUND_PAGE } from './replay-pages.ts';
import type { OverlayAnswer, OverlayRequest, ReplayOverlay } from './replay-server.ts';

/**
 * A latest-filings feed that gains real filings while it runs: the IPO filings of the companies
 * whose recorded submissions files it is given (ipo-path.ts), in the order EDGAR accepted them,
 * put on the feed one at a time by `reveal`. The companies' submissions files are served as they
 * read then: without the filings not on the feed yet, nor anything filed after, and with the
 * company as it stood then (submissionsAsOf: the name then, no former name that had not yet
 * ended, today's tickers and SIC withheld when it has been renamed since); given the recorded
 * company_tickers.json, it is served without the rows of those renamed since, by the same rule.
 * Everything else is left to the recordings.
 */
export interface LiveFeedOptions {
  /** Recorded submissions JSON bodies, one per company. */
  submissions: Buffer[];
  /**
   * Send an ETag and a Last-Modified with each feed page and answer conditional requests with 304.
   * Off by default: EDGAR's feed sends neither (the recorded response: Cache-Control no-cache,
   * no validator), so a client polling it must fetch the page each time.
   */
  validators?: boolean;
  /**
   * The recorded `/files/company_tickers.json` (today's tickers). When given, the feed serves it
   * without the rows of its companies renamed since the moment their submissions are read as of:
   * their ticker is of the company they became (Solidion's STI), not of the one on the feed.
   */
  companyTickers?: Buffer;
  clock?: Clock;
}

export interface Appearance {
  filing: FeedEntryRecord;
  /** When it went on the feed (the clock's ms). */
  appearedAt: number;
}

export interface LiveFeed extends ReplayOverlay {
  /** Every filing, in the order they go on the feed. */
  readonly filings: readonly FeedEntryRecord[];
  /** How many are on the feed. */
  readonly revealed: number;
  /** Puts the next filing on the feed; null once all are on it. */
  reveal(): Appearance | null;
}

const FEED_PATH = '/cgi-bin/browse-edgar';
const COMPANY_TICKERS_PATH = '/files/company_tickers.json';
const SUBMISSIONS_PATH = /^\/submissions\/CIK(\d{10})\.json$/;

export function createLiveFeed(options: LiveFeedOptions): LiveFeed {
  const clock = options.clock ?? systemClock();
  const bodies = new Map(options.submissions.map((body) => [submissionsCik(body), body]));
  const filings = [...bodies.values()].flatMap((body) => ipoPathFilings(body)).sort((a, b) => a.acceptedAt.localeCompare(b.acceptedAt));
  let revealed = 0;
  let changedAt = clock.now();

  /** The moment a company's submissions are read as of: its latest filing on the feed, or just before its first. */
  const momentOf = (cik: string): number => {
    const mine = filings.slice(0, revealed).filter((f) => f.cik === cik);
    const first = filings.find((f) => f.cik === cik);
    return mine.length > 0 ? Date.parse(mine[mine.length - 1].acceptedAt) : first ? Date.parse(first.acceptedAt) - 1 : Number.POSITIVE_INFINITY;
  };
  const submissionsNow = (cik: string): Buffer => submissionsAsOf(bodies.get(cik)!, momentOf(cik));

  /** The recorded company_tickers.json less its rows of the companies renamed since their moment, renumbered from 0 as EDGAR numbers them. */
  const companyTickersNow = (recorded: Buffer): string => {
    const withheld = new Set([...bodies].filter(([cik, body]) => renamedSince(body, momentOf(cik))).map(([cik]) => Number(cik)));
    const rows = Object.values(JSON.parse(recorded.toString('utf8')) as Record<string, { cik_str: number }>);
    return JSON.stringify(Object.fromEntries(rows.filter((row) => !withheld.has(Number(row.cik_str))).map((row, i) => [String(i), row])));
  };

  const feedPage = (request: OverlayRequest): OverlayAnswer => {
    const q = request.query;
    const start = Number(q.get('start') ?? 0);
    const count = Number(q.get('count') ?? 40);
    const type = q.get('type') ?? '';
    // Newest first; `type` is a prefix of the form type, as on EDGAR.
    const listed = filings.slice(0, revealed).reverse().filter((f) => f.formType.startsWith(type));
    const page = listed.slice(start, start + count);
    if (page.length === 0 && start > 0) return { status: 404, body: WWW_NOT_FOUND_PAGE, contentType: 'text/html' };
    if (!options.validators) return { status: 200, body: renderFeedPage(page, new Date(clock.now())), contentType: 'application/atom+xml' };
    const etag = `"feed-${revealed}-${start}-${count}-${type}"`;
    const lastModified = new Date(changedAt).toUTCString();
    const headers = { ETag: etag, 'Last-Modified': lastModified };
    if (notModified(request, etag, changedAt)) return { status: 304, body: '', contentType: 'application/atom+xml', headers };
    return { status: 200, body: renderFeedPage(page, new Date(changedAt)), contentType: 'application/atom+xml', headers };
  };

  return {
    filings,
    get revealed() {
      return revealed;
    },
    reveal() {
      if (revealed >= filings.length) return null;
      changedAt = clock.now();
      return { filing: filings[revealed++], appearedAt: changedAt };
    },
    answer(request) {
      if (request.host === 'www' && request.path === COMPANY_TICKERS_PATH && options.companyTickers) return { status: 200, body: companyTickersNow(options.companyTickers), contentType: 'application/json' };
      if (request.host === 'www' && request.path === FEED_PATH && request.query.get('action') === 'getcurrent' && request.query.get('output') === 'atom') return feedPage(request);
      const cik = request.host === 'data' ? SUBMISSIONS_PATH.exec(request.path)?.[1] : undefined;
      if (cik && bodies.has(cik)) return { status: 200, body: submissionsNow(cik), contentType: 'application/json' };
      return null;
    },
  };
}

/** RFC 9110: If-None-Match decides when sent; else If-Modified-Since, to the second. */
function notModified(request: OverlayRequest, etag: string, changedAt: number): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) return String(noneMatch).split(',').some((tag) => tag.trim() === etag);
  const since = request.headers['if-modified-since'];
  if (since === undefined) return false;
  const sinceMs = Date.parse(String(since));
  return !Number.isNaN(sinceMs) && Math.floor(changedAt / 1000) * 1000 <= sinceMs;
}
