import { padCik } from '../../schema/cik.ts';
import { OFFERING_FORMS } from '../edgar/offering-forms.ts';
import { edgarSize, type FeedEntryRecord } from './feed-atom.render.ts';

/**
 * A real company's IPO as the latest-filings feed listed it, read back from its recorded
 * submissions JSON: what the replay stand-in puts on its feed one filing at a time, and the same
 * submissions file as it read before each of them was filed.
 */

/** Registration statements that open an IPO (the original, not an amendment). */
const OPENING = new Set(['S-1', 'F-1', 'S-11', 'N-2']);
/** Final prospectuses: the IPO's last filing here. */
const FINAL = new Set(['424B4', '424B1']);

interface Submissions {
  cik: string;
  name: string;
  formerNames?: Array<{ name: string; from: string; to: string }>;
  filings: { recent: Record<string, unknown[]> & { accessionNumber: string[]; form: string[]; filingDate: string[]; acceptanceDateTime: string[]; size: number[] } };
}

function readSubmissions(body: Buffer): Submissions {
  const json = JSON.parse(body.toString('utf8')) as Submissions;
  if (!json?.filings?.recent?.accessionNumber) throw new Error('not a submissions file with recent filings');
  return json;
}

/** The company's name on a day: a former name whose span holds the date, else today's. */
function nameOn(s: Submissions, date: string): string {
  return s.formerNames?.find((f) => f.from.slice(0, 10) <= date && date <= f.to.slice(0, 10))?.name ?? s.name;
}

/** Indexes of the recent filings in the order EDGAR accepted them. */
function chronologicalRows(recent: Submissions['filings']['recent']): number[] {
  return recent.accessionNumber.map((_, i) => i).sort((a, b) => recent.acceptanceDateTime[a].localeCompare(recent.acceptanceDateTime[b]) || a - b);
}

/**
 * The followed filings (the offering forms discovery follows) of a company's IPO, oldest first:
 * from its first registration statement (S-1, F-1, S-11, N-2) through the first final prospectus
 * (424B4, 424B1) after it, each as the feed lists its filer. None when the recent filings hold no
 * such path (an IPO older than the submissions file's recent list, or a registration never priced).
 */
export function ipoPathFilings(body: Buffer): FeedEntryRecord[] {
  const s = readSubmissions(body);
  const recent = s.filings.recent;
  const rows = chronologicalRows(recent);
  const first = rows.findIndex((i) => OPENING.has(recent.form[i]));
  if (first < 0) return [];
  const last = rows.findIndex((i, at) => at > first && FINAL.has(recent.form[i]));
  if (last < 0) return [];
  const followed = new Set(OFFERING_FORMS);
  return rows
    .slice(first, last + 1)
    .filter((i) => followed.has(recent.form[i]))
    .map((i) => ({
      accessionNumber: recent.accessionNumber[i],
      formType: recent.form[i],
      cik: padCik(s.cik),
      companyName: nameOn(s, recent.filingDate[i]),
      role: 'Filer',
      filedOn: recent.filingDate[i],
      acceptedAt: recent.acceptanceDateTime[i],
      size: edgarSize(recent.size[i]),
    }));
}

/**
 * The submissions file as it read at `untilMs`: the recent filings accepted by then, every column
 * cut alike. (The company's name, tickers and the list of older pages stay as recorded.)
 */
export function submissionsAsOf(body: Buffer, untilMs: number): Buffer {
  const s = readSubmissions(body);
  const recent = s.filings.recent;
  const keep = recent.accessionNumber.map((_, i) => Date.parse(recent.acceptanceDateTime[i]) <= untilMs);
  const cut = Object.fromEntries(Object.entries(recent).map(([column, values]) => [column, Array.isArray(values) ? values.filter((_, i) => keep[i]) : values]));
  return Buffer.from(JSON.stringify({ ...s, filings: { ...s.filings, recent: cut } }));
}

/** The company's CIK, 10 digits. */
export function submissionsCik(body: Buffer): string {
  return padCik(readSubmissions(body).cik);
}
