import { unpadCik } from '../../schema/cik.ts';

/**
 * EDGAR's latest-filings Atom feed written out, as the replay stand-in serves it: the markup of
 * the recorded pages (data/sample/edgar/feeds), entry for entry, so the client reads it exactly
 * as it reads EDGAR's. What an entry says comes from a real filing record.
 */

/** One entry: one party of one filing, as the feed lists it. */
export interface FeedEntryRecord {
  accessionNumber: string;
  formType: string;
  /** 10-digit CIK of the party. */
  cik: string;
  companyName: string;
  /** `Filer`, `Subject`, `Issuer`…, as the title gives it. */
  role: string;
  /** EDGAR filing date, YYYY-MM-DD. */
  filedOn: string;
  /** Acceptance instant (any ISO form); written in US/Eastern with its offset, as EDGAR does. */
  acceptedAt: string;
  /** The summary's size, as EDGAR writes it (`15 MB`, `461 KB`; see `edgarSize`). */
  size: string;
}

const EASTERN_WORDS = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', month: 'short', timeZoneName: 'short' });
const EASTERN_NUMBERS = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The parts of an instant's US/Eastern wall-clock time, by name (`year`, `month`, `weekday`, `timeZoneName`…). */
function eastern(at: Date): { words: Record<string, string>; numbers: Record<string, string>; offset: string } {
  const words = Object.fromEntries(EASTERN_WORDS.formatToParts(at).map((p) => [p.type, p.value]));
  const numbers = Object.fromEntries(EASTERN_NUMBERS.formatToParts(at).map((p) => [p.type, p.value]));
  return { words, numbers, offset: words.timeZoneName === 'EDT' ? '-04:00' : '-05:00' };
}

/** An instant as the feed's `<updated>` writes it: US/Eastern local time with its offset. */
export function easternTimestamp(at: Date): string {
  const { numbers: n, offset } = eastern(at);
  return `${n.year}-${n.month}-${n.day}T${n.hour}:${n.minute}:${n.second}${offset}`;
}

/**
 * A filing's size as the feed's summary gives it: bytes without a unit below 1 KB (`948` on the
 * recorded pages), whole kilobytes rounded down, whole megabytes from 1 MB. (14 of the 15 recorded
 * EFFECT notices read `1 KB`; such notices are 1,647 to 1,892 bytes in the submissions files.)
 */
export function edgarSize(bytes: number): string {
  if (bytes < 1024) return String(bytes);
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
}

export function renderFeedEntry(entry: FeedEntryRecord): string {
  const folder = entry.accessionNumber.replace(/-/g, '');
  return [
    '<entry>',
    `<title>${escapeXml(entry.formType)} - ${escapeXml(entry.companyName)} (${entry.cik}) (${escapeXml(entry.role)})</title>`,
    `<link rel="alternate" type="text/html" href="https://www.sec.gov/Archives/edgar/data/${unpadCik(entry.cik)}/${folder}/${entry.accessionNumber}-index.htm"/>`,
    '<summary type="html">',
    ` &lt;b&gt;Filed:&lt;/b&gt; ${entry.filedOn} &lt;b&gt;AccNo:&lt;/b&gt; ${entry.accessionNumber} &lt;b&gt;Size:&lt;/b&gt; ${entry.size}`,
    '</summary>',
    `<updated>${easternTimestamp(new Date(entry.acceptedAt))}</updated>`,
    `<category scheme="https://www.sec.gov/" label="form type" term="${escapeXml(entry.formType)}"/>`,
    `<id>urn:tag:sec.gov,2008:accession-number=${entry.accessionNumber}</id>`,
    '</entry>',
    '',
  ].join('\n');
}

/** A whole page, built at `builtAt`, its entries newest first. ISO-8859-1, as EDGAR serves it. */
export function renderFeedPage(entries: FeedEntryRecord[], builtAt: Date): Buffer {
  const { words: w, numbers: n } = eastern(builtAt);
  const header = [
    '<?xml version="1.0" encoding="ISO-8859-1" ?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>Latest Filings - ${w.weekday}, ${n.day} ${w.month} ${n.year} ${n.hour}:${n.minute}:${n.second} ${w.timeZoneName}</title>`,
    '<link rel="alternate" href="/cgi-bin/browse-edgar?action=getcurrent"/>',
    '<link rel="self" href="/cgi-bin/browse-edgar?action=getcurrent"/>',
    '<id>https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent</id>',
    '<author><name>Webmaster</name><email>webmaster@sec.gov</email></author>',
    `<updated>${easternTimestamp(builtAt)}</updated>`,
    '',
  ].join('\n');
  return Buffer.from(`${header}${entries.map(renderFeedEntry).join('')}</feed>\n`, 'latin1');
}
