import { eventsDbPath } from '../schema/databases.ts';
import { job, type Job } from '../ingest/jobs/job-types.ts';
import { openSqlite } from '../schema/sqlite.ts';

/** Every recorded filer and filing of the EDGAR sample (data/sample/edgar/replay.json), one job each. */
export const RECORDED_JOBS: Job[] = [
  ...['0000895419', '0001158114', '0001318605', '0001677077', '0001766140', '0001796129', '0001814722', '0001835632', '0001847577', '0001881551'].map((cik) =>
    job('edgar.submissions', { cik }),
  ),
  job('edgar.document', { cik: '1766140', accessionNumber: '0001213900-21-035033', primaryDocument: 'ea143554-s1a3_unicycivethera.htm' }),
  job('edgar.document', { cik: '1158114', accessionNumber: '0001047469-14-002425', primaryDocument: 'a2218972zs-1a.htm' }),
  job('edgar.document', { cik: '1230276', accessionNumber: '0001193125-11-032963', primaryDocument: 'ds1.htm' }),
  job('edgar.document', { cik: '1736243', accessionNumber: '0001104659-23-076317', primaryDocument: 'tm2319782d1_s1.htm' }),
  job('edgar.companyfacts', { cik: '0001835632' }),
];

/**
 * The event log of `dataDir` as [type, subject, eventId] rows in log order, read through its own
 * read-only connection (a worker process may be writing). The id hashes type, subject and content.
 */
export function eventsOf(dataDir: string): string[][] {
  const db = openSqlite(eventsDbPath(dataDir), { readonly: true });
  try {
    return db.prepare('SELECT type, subject, event_id FROM events ORDER BY seq').raw().all() as string[][];
  } catch (error) {
    // A worker creates the tables as it starts; before that there is nothing to read.
    if (/no such table/.test((error as Error).message)) return [];
    throw error;
  } finally {
    db.close();
  }
}

/** The rows of `eventsOf`, sorted: what two runs must agree on whatever order their jobs ran in. */
export const sortedEvents = (rows: string[][]) => rows.map((row) => row.join(' ')).sort();
