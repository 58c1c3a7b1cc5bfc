import { CompanyTickersParseError } from '../../schema/edgar/company-tickers.parse.ts';
import { SubmissionsParseError } from '../../schema/edgar/submissions.parse.ts';

/** A payload the projector cannot read: the event is recorded in proj_skipped_events and passed over. */
export class UnreadableEventError extends Error {}

export function isUnreadable(error: unknown): error is Error {
  return error instanceof UnreadableEventError || error instanceof SubmissionsParseError || error instanceof CompanyTickersParseError;
}
