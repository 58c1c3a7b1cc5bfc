import type { EventLog } from '../../schema/events/event-log.ts';
import type { FilingLedger } from './discovery.ts';

/**
 * The discovery ledger over the event log: indexed lookups by subject. A company's recent
 * submissions body is read once per ledger, which lives for one job.
 */
export function eventLogLedger(log: EventLog): FilingLedger {
  const recentPages = new Map<string, Buffer | null>();
  return {
    hasDocument: (accessionNumber) => log.hasSubject('edgar.document', accessionNumber),
    companyListsFiling(cik, accessionNumber) {
      let body = recentPages.get(cik);
      if (body === undefined) {
        body = log.latestOfSubjectWhere('edgar.submissions', cik, 'page', 'recent')?.body() ?? null;
        recentPages.set(cik, body);
      }
      // The accession appears quoted in the `accessionNumber` column; no need to parse the JSON.
      return body !== null && body.includes(`"${accessionNumber}"`);
    },
  };
}
