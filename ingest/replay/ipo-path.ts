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

interface FormerName {
  name: string;
  /** Midnight of the first and the last day of the name, e.g. 2021-09-27T04:00:00.000Z. */
  from: string;
  to: string;
}

interface Submissions {
  cik: string;
  name: string;
  formerNames?: FormerName[];
  filings: {
    recent: Record<string, unknown[]> & { accessionNumber: string[]; form: string[]; filingDate: string[]; acceptanceDateTime: string[]; size: number[] };
    files?: Array<{ filingFrom?: string }>;
  };
}

function readSubmissions(body: Buffer): Submissions {
  const json = JSON.parse(body.toString('utf8')) as Submissions;
  if (!json?.filings?.recent?.accessionNumber) throw new Error('not a submissions file with recent filings');
  return json;
}

/** A former name's last day, YYYY-MM-DD (EDGAR writes its midnight, in New York or in UTC). */
const lastDay = (f: FormerName): string => String(f.to ?? '').slice(0, 10);

/**
 * The company's name on a day (YYYY-MM-DD): of the former names that had not ended before it, the
 * one that ended first; today's name when every former name had ended. The `to` dates mark the
 * renames; a `from` can be off (Vincerx's "Vincera Pharma, Inc." runs from 2020-11-06, inside
 * "LifeSci Acquisition Corp."'s span, which ended 2020-12-22), so it is not consulted.
 */
export function nameOn(s: Pick<Submissions, 'name' | 'formerNames'>, day: string): string {
  const open = (s.formerNames ?? []).filter((f) => lastDay(f) >= day).sort((a, b) => lastDay(a).localeCompare(lastDay(b)));
  return open[0]?.name ?? s.name;
}

/** Names compared as names: case, punctuation and spacing aside ("APPLIED OPTOELECTRONICS INC" = "Applied Optoelectronics, Inc."). */
const sameName = (a: string, b: string) => a.toLowerCase().replace(/[^a-z0-9]+/g, '') === b.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * True when the company bore another name on or after `day` than it bears today: a former name,
 * other than today's, whose last day is not before it. Then today's tickers, exchanges and SIC
 * code are those of what it became (a SPAC's, after its merger, are the merged company's).
 * A former name equal to today's name is no rename (Unicycive's record lists "Unicycive
 * Therapeutics, Inc." as a former name ending 2026-07-30, under the same name).
 */
export function renamedAfter(s: Pick<Submissions, 'name' | 'formerNames'>, day: string): boolean {
  return (s.formerNames ?? []).some((f) => lastDay(f) >= day && !sameName(f.name, s.name));
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
 * cut alike, and the company as it stood that day (the day of its latest filing by then), by one
 * rule: what the file dates after that day goes, and what describes the company as it is today is
 * withheld when the company has since been renamed, not guessed.
 *
 * - `name`: the name in force that day (nameOn); `formerNames`: only the names that had ended
 *   before it.
 * - Renamed since (renamedAfter): `tickers` and `exchanges` are served empty, `sic` and
 *   `sicDescription` as EDGAR shows an entity without one (""), and `ownerOrg` (the SEC office
 *   that reviews the filer, assigned by SIC code) is left out, as older files leave it out.
 *   The service's parser reads "" as no SIC (null) and [] as no listing: neither is evidence of
 *   a kind of company. A company not renamed since keeps them as recorded.
 * - `filings.files`: older pages that begin after that day go.
 * - The rest is kept: cik, entityType, ein, lei, category, fiscalYearEnd, state of incorporation,
 *   addresses, phone, the insider-transaction flags and the empty description, website and flags:
 *   undated, and not read as evidence of what the company was.
 */
export function submissionsAsOf(body: Buffer, untilMs: number): Buffer {
  const s = readSubmissions(body);
  const recent = s.filings.recent;
  const keep = keptRows(s, untilMs);
  const cut = Object.fromEntries(Object.entries(recent).map(([column, values]) => [column, Array.isArray(values) ? values.filter((_, i) => keep[i]) : values]));
  const day = dayOf(s, keep, untilMs);
  if (day === null) return Buffer.from(JSON.stringify({ ...s, filings: { ...s.filings, recent: cut } }));
  const then: Record<string, unknown> = {
    ...s,
    name: nameOn(s, day),
    ...(s.formerNames ? { formerNames: s.formerNames.filter((f) => lastDay(f) < day) } : {}),
    ...(renamedAfter(s, day) ? { tickers: [], exchanges: [], sic: '', sicDescription: '', ownerOrg: undefined } : {}),
    filings: {
      ...s.filings,
      recent: cut,
      ...(Array.isArray(s.filings.files) ? { files: s.filings.files.filter((page) => String(page.filingFrom ?? '') <= day) } : {}),
    },
  };
  return Buffer.from(JSON.stringify(then));
}

/** Which recent filings EDGAR had accepted by `untilMs`. */
function keptRows(s: Submissions, untilMs: number): boolean[] {
  const recent = s.filings.recent;
  return recent.accessionNumber.map((_, i) => Date.parse(recent.acceptanceDateTime[i]) <= untilMs);
}

/** The day the file is read as of: its latest filing by then, else the moment's own date; null for a file of no filings read as of ever. */
function dayOf(s: Submissions, keep: boolean[], untilMs: number): string | null {
  const filed = s.filings.recent.filingDate.filter((_, i) => keep[i]).sort();
  if (filed.length > 0) return filed[filed.length - 1];
  return Number.isFinite(untilMs) ? new Date(untilMs).toISOString().slice(0, 10) : null;
}

/** True when the company read as of `untilMs` (as submissionsAsOf reads it) has been renamed since: today's tickers are withheld. */
export function renamedSince(body: Buffer, untilMs: number): boolean {
  const s = readSubmissions(body);
  const day = dayOf(s, keptRows(s, untilMs), untilMs);
  return day !== null && renamedAfter(s, day);
}

/** The company's CIK, 10 digits. */
export function submissionsCik(body: Buffer): string {
  return padCik(readSubmissions(body).cik);
}
