import { padCik } from '../cik.ts';
import { asArray, atomLink, parseXml, xmlText as text, type XmlNode as Node } from '../xml.ts';

/**
 * Parser for EDGAR's latest-filings Atom feed (`/cgi-bin/browse-edgar?action=getcurrent&output=atom`,
 * domain.md §1.9). The feed lists one filing once per party it names (the filer, the subject
 * company, the one it is "filed by"…), so `filings` folds the entries back into one per accession.
 */

export interface CurrentFeedEntry {
  accessionNumber: string;
  formType: string;
  /** 10-digit CIK of the party this entry is about. */
  cik: string;
  companyName: string;
  /** The party's role as the title gives it: `Filer`, `Subject`, `Filed by`, `Issuer`, `Reporting`…; null when absent. */
  role: string | null;
  /** EDGAR filing date (US/Eastern), YYYY-MM-DD, from the summary's "Filed:". */
  filedOn: string;
  /** Acceptance time as written, with its offset (`2026-01-12T11:27:39-05:00`); null when absent. */
  updated: string | null;
  /** The filing's index page (`…/0002074440-26-000002-index.htm`). */
  filingIndexUrl: string;
}

export interface CurrentFeedParty {
  cik: string;
  companyName: string;
  role: string | null;
}

/** One filing: the entries of one accession, their parties in feed order. */
export interface CurrentFeedFiling {
  accessionNumber: string;
  formType: string;
  filedOn: string;
  updated: string | null;
  filingIndexUrl: string;
  parties: CurrentFeedParty[];
}

export interface MalformedFeedEntry {
  /** 0-based position of the entry in the feed. */
  index: number;
  title: string | null;
  reason: string;
}

export interface ParsedCurrentFeed {
  /** The feed's own `updated` (when EDGAR built the page). */
  updated: string | null;
  /** One per `<entry>` that could be read, in feed order (newest first). */
  entries: CurrentFeedEntry[];
  /** One per accession, in the order of its first entry. */
  filings: CurrentFeedFiling[];
  /** Entries that could not be read: reported, never guessed at. */
  malformed: MalformedFeedEntry[];
}

export class CurrentFeedParseError extends Error {}

// `S-1/A - TG-17, Inc. (0001756064) (Filer)`: form types hold no " - ", names may hold parentheses.
const TITLE = /^(.*?) - (.*) \((\d{10})\)(?: \(([^()]*)\))?$/;
const FILED = /<b>Filed:<\/b>\s*(\d{4}-\d{2}-\d{2})/;
const ACC_NO = /<b>AccNo:<\/b>\s*(\d{10}-\d{2}-\d{6})/;
const ID_ACCESSION = /accession-number=(\d{10}-\d{2}-\d{6})$/;

/** The feed is ISO-8859-1: a Buffer is decoded as such, a string is taken as already decoded. */
export function parseCurrentFeed(input: Buffer | string): ParsedCurrentFeed {
  const xml = typeof input === 'string' ? input : input.toString('latin1');
  const doc = parseXml(xml);
  const feed = doc.feed as Node | undefined;
  if (!feed || typeof feed !== 'object') throw new CurrentFeedParseError('not an Atom feed: no <feed> element');
  const result: ParsedCurrentFeed = { updated: text(feed.updated), entries: [], filings: [], malformed: [] };
  asArray(feed.entry as Node | Node[]).forEach((node, index) => {
    const entry = readEntry(node);
    if (typeof entry === 'string') result.malformed.push({ index, title: text(node?.title), reason: entry });
    else result.entries.push(entry);
  });
  result.filings = filingsOf(result.entries);
  return result;
}

function readEntry(node: Node): CurrentFeedEntry | string {
  const title = text(node.title);
  const match = title ? TITLE.exec(title) : null;
  if (!match) return 'title is not "FORM - NAME (CIK) (ROLE)"';
  const [, titleForm, companyName, cik, role] = match;
  const summary = text(node.summary) ?? '';
  const accessionNumber = ID_ACCESSION.exec(text(node.id) ?? '')?.[1] ?? ACC_NO.exec(summary)?.[1];
  if (!accessionNumber) return 'no accession number in the id or the summary';
  const filedOn = FILED.exec(summary)?.[1];
  if (!filedOn) return 'no "Filed:" date in the summary';
  const category = asArray(node.category as Node | Node[]).find((c) => c['@_label'] === 'form type') ?? asArray(node.category as Node | Node[])[0];
  const formType = text(category?.['@_term']) ?? titleForm.trim();
  const filingIndexUrl = atomLink(node.link);
  if (!filingIndexUrl) return 'no link to the filing index';
  return {
    accessionNumber,
    formType,
    cik: padCik(cik),
    companyName: companyName.trim(),
    role: role?.trim() || null,
    filedOn,
    updated: text(node.updated),
    filingIndexUrl,
  };
}

function filingsOf(entries: CurrentFeedEntry[]): CurrentFeedFiling[] {
  const byAccession = new Map<string, CurrentFeedFiling>();
  for (const e of entries) {
    let filing = byAccession.get(e.accessionNumber);
    if (!filing) {
      filing = { accessionNumber: e.accessionNumber, formType: e.formType, filedOn: e.filedOn, updated: e.updated, filingIndexUrl: e.filingIndexUrl, parties: [] };
      byAccession.set(e.accessionNumber, filing);
    }
    if (!filing.parties.some((p) => p.cik === e.cik && p.role === e.role)) filing.parties.push({ cik: e.cik, companyName: e.companyName, role: e.role });
  }
  return [...byAccession.values()];
}
