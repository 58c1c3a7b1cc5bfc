import { isCikLike } from '../../schema/cik.ts';
import { isCalendarDate } from '../../schema/edgar/edgar-day.ts';
import { FEED_MAX_DEPTH } from '../edgar/current-feed.handler.ts';
import { EdgarPermanentError } from '../edgar/edgar-errors.ts';
import { NewsApiError } from '../news/newsapi-client.ts';
import { PricesPermanentError } from '../prices/prices-client.ts';
import { MarketSourceMissingError } from './market-errors.ts';
import type { Job, JobName } from './job-types.ts';
import { JOB_NAMES, normalizeJob } from './job-types.ts';

/**
 * A job whose data can never succeed: runners refuse it at once instead of retrying, and do not
 * record it in the event log, which keeps what sources answered, not what a caller got wrong.
 */
export class InvalidJobError extends Error {
  override name = 'InvalidJobError';
}

export function isPermanentFailure(error: unknown): boolean {
  return (
    error instanceof InvalidJobError ||
    error instanceof EdgarPermanentError ||
    error instanceof PricesPermanentError ||
    error instanceof NewsApiError ||
    error instanceof MarketSourceMissingError
  );
}

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
const PAGE_NAME = /^CIK\d{10}-submissions-\d{3}\.json$/;
// A primary document is a file name, sometimes under one folder (`xslF345X03/doc4.xml`).
// Exchange symbols with a class or unit suffix: BRK.B, TPGE/U, TPGE-U.
const TICKER = /^[A-Za-z0-9][A-Za-z0-9./-]{0,11}$/;
const FEED_URL = /^https?:\/\/\S+$/;
const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DOCUMENT = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)?$/;
const MAX_ACCESSIONS = 1000;
/** Page sizes the latest-filings feed accepts (domain.md §1.9). */
const FEED_COUNTS = [10, 20, 40, 80, 100];

type Check = (data: Record<string, unknown>) => string | null;

const str = (v: unknown) => typeof v === 'string';
/** YYYY-MM-DD naming a day that exists: 2020-02-30 would only ever answer 404. */
const calendarDate = (v: unknown) => str(v) && isCalendarDate(v as string);
const dateOrTime = (v: unknown) => str(v) && DATE_OR_TIME.test(v as string) && isCalendarDate((v as string).slice(0, 10));
const cik: Check = (d) => (str(d.cik) && isCikLike(d.cik as string) ? null : 'cik must be 1 to 10 digits');
const formList: Check = (d) => (d.followForms === undefined || (Array.isArray(d.followForms) && d.followForms.every(str)) ? null : 'followForms must be a list of form types');
const accessions: Check = (d) =>
  d.accessions === undefined || (Array.isArray(d.accessions) && d.accessions.length <= MAX_ACCESSIONS && d.accessions.every((a) => str(a) && ACCESSION.test(a as string)))
    ? null
    : `accessions must be a list of at most ${MAX_ACCESSIONS} accession numbers`;
const optionalInteger = (name: string, max: number): Check => (d) =>
  d[name] === undefined || (Number.isInteger(d[name]) && (d[name] as number) >= 0 && (d[name] as number) <= max) ? null : `${name} must be an integer from 0 to ${max}`;

const checks: { [N in JobName]: Check[] } = {
  'edgar.company_tickers': [],
  'edgar.daily_index': [
    (d) => (calendarDate(d.date) ? null : 'date must be a calendar date YYYY-MM-DD'),
    (d) => (d.kind === 'form' || d.kind === 'company' || d.kind === 'master' ? null : 'kind must be form, company or master'),
    formList,
  ],
  'edgar.current_feed': [
    (d) => (d.since === undefined || (str(d.since) && TIMESTAMP.test(d.since as string) && !Number.isNaN(Date.parse(d.since as string))) ? null : 'since must be an ISO timestamp with its offset, e.g. 2026-01-12T11:00:00-05:00'),
    optionalInteger('start', FEED_MAX_DEPTH),
    (d) => (d.count === undefined || FEED_COUNTS.includes(d.count as number) ? null : `count must be one of ${FEED_COUNTS.join(', ')}`),
    formList,
  ],
  'edgar.submissions': [cik, accessions, (d) => (d.filedOn === undefined || calendarDate(d.filedOn) ? null : 'filedOn must be a calendar date YYYY-MM-DD')],
  'edgar.submissions_page': [cik, (d) => (str(d.name) && PAGE_NAME.test(d.name as string) ? null : 'name must look like CIK##########-submissions-001.json'), accessions],
  'edgar.document': [
    cik,
    (d) => (str(d.accessionNumber) && ACCESSION.test(d.accessionNumber as string) ? null : 'accessionNumber must be NNNNNNNNNN-YY-SSSSSS'),
    (d) => (str(d.primaryDocument) && DOCUMENT.test(d.primaryDocument as string) && !(d.primaryDocument as string).includes('..') ? null : 'primaryDocument must be a file name'),
  ],
  'edgar.companyfacts': [cik],
  'prices.daily_bars': [(d) => (str(d.ticker) && TICKER.test(d.ticker as string) ? null : 'ticker must be an exchange symbol like SNAP or TPGE-U')],
  'news.everything': [
    (d) => (str(d.query) && (d.query as string).trim() !== '' && (d.query as string).length <= 500 ? null : 'query must be 1 to 500 characters'),
    (d) => (d.from === undefined || dateOrTime(d.from) ? null : 'from must be YYYY-MM-DD or an ISO timestamp'),
    (d) => (d.to === undefined || dateOrTime(d.to) ? null : 'to must be YYYY-MM-DD or an ISO timestamp'),
  ],
  'news.feed': [(d) => (str(d.url) && FEED_URL.test(d.url as string) ? null : 'url must be an absolute http(s) URL')],
  'pipeline.project': [(d) => (Object.keys(d).length === 0 ? null : 'data must be {}')],
  'pipeline.publish': [publishRequest],
};

function publishRequest(d: Record<string, unknown>): string | null {
  if (d.kind === 'daily' || d.kind === 'weekly') {
    return calendarDate(d.date) && Object.keys(d).length === 2 ? null : `a ${d.kind} publication is {kind, date: YYYY-MM-DD}`;
  }
  if (d.kind === 'quarterly') {
    const ok = Number.isInteger(d.year) && (d.year as number) >= 1993 && (d.year as number) <= 9999 && [1, 2, 3, 4].includes(d.quarter as number) && Object.keys(d).length === 3;
    return ok ? null : 'a quarterly publication is {kind, year, quarter: 1 to 4}';
  }
  return 'kind must be daily, weekly or quarterly';
}

/** Checks an untyped {name, data} (from a plan file or a queue) and returns it typed and normalized (padded CIK). */
export function validateJob(candidate: unknown): Job {
  if (!candidate || typeof candidate !== 'object') throw new InvalidJobError('a job must be an object with name and data');
  const { name, data } = candidate as { name?: unknown; data?: unknown };
  if (typeof name !== 'string' || !(JOB_NAMES as readonly string[]).includes(name)) throw new InvalidJobError(`unknown job name ${JSON.stringify(name)}`);
  const payload = (data ?? {}) as Record<string, unknown>;
  if (typeof payload !== 'object' || Array.isArray(payload)) throw new InvalidJobError(`${name}: data must be an object`);
  const problems = checks[name as JobName].map((check) => check(payload)).filter((p): p is string => p !== null);
  if (problems.length > 0) throw new InvalidJobError(`${name}: ${problems.join('; ')}`);
  return normalizeJob({ name, data: payload } as Job);
}
