import { padCik } from '../../schema/cik.ts';
import { parseSubmissions, type SubmissionsFiling } from '../../schema/edgar/submissions.parse.ts';
import type { SubmissionsMeta } from '../../schema/events/event-types.ts';
import type { Handler } from '../jobs/handler-context.ts';
import { job, type Job } from '../jobs/job-types.ts';
import { appendBody, edgarOf } from './edgar-event.ts';
import { EdgarTransientError } from './edgar-errors.ts';
import { DOCUMENT_FORMS } from './offering-forms.ts';

const PAGE_NAME = /^CIK\d{10}-submissions-\d{3}\.json$/;

export function submissionsPath(cik: string): string {
  return `/submissions/CIK${padCik(cik)}.json`;
}

/** Older history pages named in `filings.files[].name` of the recent submissions JSON; `accessions` are looked for there. */
export function olderPageJobs(cik: string, submissions: unknown, accessions?: string[]): Job[] {
  const files = (submissions as { filings?: { files?: unknown } } | null)?.filings?.files;
  if (!Array.isArray(files)) return [];
  return files
    .map((f) => (f as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === 'string' && PAGE_NAME.test(name))
    .map((name) => job('edgar.submissions_page', { cik: padCik(cik), name, ...(accessions ? { accessions } : {}) }));
}

/** The primary documents of `accessions` the projector reads (prospectus forms), and the accessions not listed in `filings`. */
export function newFilingDocuments(cik: string, filings: SubmissionsFiling[], accessions: string[]): { documents: Job[]; missing: string[] } {
  const byAccession = new Map(filings.map((f) => [f.accessionNumber, f]));
  const documents: Job[] = [];
  const missing: string[] = [];
  for (const accessionNumber of accessions) {
    const filing = byAccession.get(accessionNumber);
    if (!filing) missing.push(accessionNumber);
    else if (DOCUMENT_FORMS.has(filing.form) && filing.primaryDocument) documents.push(job('edgar.document', { cik: padCik(cik), accessionNumber, primaryDocument: filing.primaryDocument }));
  }
  return { documents, missing };
}

/**
 * A company's submissions JSON (recent filings), then a job per older page. With `accessions` (new
 * filings a listing showed), also a job per primary document to fetch. A new filing the JSON does
 * not list yet, while the JSON lists nothing filed after it, is one data.sec.gov has not published
 * yet: the job fails transiently and is retried. One it should list is looked for in the older
 * pages. Unknown CIK → 404.
 */
export const submissionsHandler: Handler<'edgar.submissions'> = async (data, ctx) => {
  const cik = padCik(data.cik);
  const response = await edgarOf(ctx).get('data', submissionsPath(cik));
  if (!response.found) return { appended: 0, followUps: [], notFound: true };
  const parsed: unknown = JSON.parse(response.body.toString('utf8'));
  const meta: SubmissionsMeta = { url: response.url, page: 'recent' };
  const appended = appendBody(ctx, 'edgar.submissions', cik, response, { ...meta });
  if (!data.accessions?.length) return { appended, followUps: olderPageJobs(cik, parsed) };
  const filings = parseSubmissions(response.body).filings;
  const { documents, missing } = newFilingDocuments(cik, filings, data.accessions);
  if (missing.length === 0) return { appended, followUps: [...olderPageJobs(cik, parsed), ...documents] };
  const filedOn = data.filedOn;
  if (filedOn && !filings.some((f) => f.filingDate > filedOn)) {
    throw new EdgarTransientError(`the submissions of CIK ${cik} do not list ${missing.join(', ')} yet`, null, response.url);
  }
  const pages = olderPageJobs(cik, parsed, missing);
  if (pages.length === 0) ctx.logger.warn('new filings not in the company submissions', { cik, accessions: missing });
  return { appended, followUps: [...pages, ...documents] };
};

/** An older submissions page: the same columns, at the top level. */
export const submissionsPageHandler: Handler<'edgar.submissions_page'> = async (data, ctx) => {
  const cik = padCik(data.cik);
  const response = await edgarOf(ctx).get('data', `/submissions/${data.name}`);
  if (!response.found) return { appended: 0, followUps: [], notFound: true };
  JSON.parse(response.body.toString('utf8'));
  const meta: SubmissionsMeta = { url: response.url, page: data.name };
  const appended = appendBody(ctx, 'edgar.submissions', cik, response, { ...meta });
  if (!data.accessions?.length) return { appended, followUps: [] };
  return { appended, followUps: newFilingDocuments(cik, parseSubmissions(response.body).filings, data.accessions).documents };
};
