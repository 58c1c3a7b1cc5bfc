import { padCik } from '../../schema/cik.ts';
import type { SubmissionsMeta } from '../../schema/events/event-types.ts';
import type { Handler } from '../jobs/handler-context.ts';
import { job, type Job } from '../jobs/job-types.ts';
import { appendBody, edgarOf } from './edgar-event.ts';

const PAGE_NAME = /^CIK\d{10}-submissions-\d{3}\.json$/;

export function submissionsPath(cik: string): string {
  return `/submissions/CIK${padCik(cik)}.json`;
}

/** Older history pages named in `filings.files[].name` of the recent submissions JSON. */
export function olderPageJobs(cik: string, submissions: unknown): Job[] {
  const files = (submissions as { filings?: { files?: unknown } } | null)?.filings?.files;
  if (!Array.isArray(files)) return [];
  return files
    .map((f) => (f as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === 'string' && PAGE_NAME.test(name))
    .map((name) => job('edgar.submissions_page', { cik: padCik(cik), name }));
}

/** A company's submissions JSON (recent filings), then a job per older page. Unknown CIK → 404. */
export const submissionsHandler: Handler<'edgar.submissions'> = async (data, ctx) => {
  const cik = padCik(data.cik);
  const response = await edgarOf(ctx).get('data', submissionsPath(cik));
  if (!response.found) return { appended: 0, followUps: [], notFound: true };
  const parsed: unknown = JSON.parse(response.body.toString('utf8'));
  const meta: SubmissionsMeta = { url: response.url, page: 'recent' };
  return { appended: appendBody(ctx, 'edgar.submissions', cik, response, { ...meta }), followUps: olderPageJobs(cik, parsed) };
};

/** An older submissions page: the same columns, at the top level. */
export const submissionsPageHandler: Handler<'edgar.submissions_page'> = async (data, ctx) => {
  const cik = padCik(data.cik);
  const response = await edgarOf(ctx).get('data', `/submissions/${data.name}`);
  if (!response.found) return { appended: 0, followUps: [], notFound: true };
  JSON.parse(response.body.toString('utf8'));
  const meta: SubmissionsMeta = { url: response.url, page: data.name };
  return { appended: appendBody(ctx, 'edgar.submissions', cik, response, { ...meta }), followUps: [] };
};
