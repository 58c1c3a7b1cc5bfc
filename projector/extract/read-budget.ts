/**
 * What reading one document may use. Every limit counts characters, elements or blocks, never
 * time, so a budget cuts in at the same place on every machine and a rebuild reads the same.
 * Real prospectuses sit far inside each: the largest we hold (data/sample/prospectuses and the
 * Twitter S-1) is 2.9 MB of HTML, nests 11 elements deep, reads to 2,000 blocks, and its longest
 * block is 4,800 characters.
 *
 * With these limits a read is linear in the input (see README, "Extraction budget", for the
 * measured MB/s, time and memory): the 32 Mi characters read at most take seconds, not minutes.
 */
export interface ReadBudget {
  /** Characters of the input read; the rest is dropped unread. */
  maxInputChars: number;
  /** Open elements; an element nested deeper is flattened: its text is read, its structure ignored. */
  maxDepth: number;
  /** Characters of one paragraph, heading or table (as read, before whitespace is collapsed); the rest of it is dropped. */
  maxBlockChars: number;
  /** Blocks kept; the rest of the document is dropped. */
  maxBlocks: number;
}

/** 32 Mi characters, as the projector's default EXTRACTION_MAX_BYTES: a document under it is read whole. */
export const READ_BUDGET: Readonly<ReadBudget> = Object.freeze({
  maxInputChars: 32 * 1024 * 1024,
  maxDepth: 512,
  maxBlockChars: 100_000,
  maxBlocks: 100_000,
});

/** A budget that cut a read short: the name of its limit. */
export type ReadLimit = keyof ReadBudget;

/**
 * Why a body is not a text document, or null. Bodies are decoded as UTF-8, so binary content
 * shows as control characters and U+FFFD; EDGAR text has neither beyond a stray few
 * (a Windows-1252 quote decodes to U+FFFD).
 */
export function binaryContent(body: string): string | null {
  const head = body.slice(0, 16).trimStart();
  for (const [kind, signature] of SIGNATURES) if (signature.test(head)) return `binary content (${kind} signature)`;
  const odd = countOddCharacters(body);
  if (body.length > 0 && odd * BINARY_SHARE_DENOMINATOR > body.length) {
    return `binary content (${odd} of ${body.length} characters are control characters or undecodable bytes)`;
  }
  return null;
}

/** Control characters (but tab, line feed, form feed and carriage return), DEL and U+FFFD. */
const ODD_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, c) => c).filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d),
  0x7f,
  0xfffd,
].map((c) => String.fromCharCode(c));
/** Past this many odd characters a body is likely binary, and one loop over it counts faster than searching. */
const ODD_BY_SEARCH = 1000;

/**
 * How many characters of `body` are odd (ODD_CHARACTERS). Text has none or a few, and searching
 * for each odd character with indexOf (a memchr) is several times faster than one pass of a regex
 * or of charCodeAt; a binary body has many, so past ODD_BY_SEARCH one loop counts them all.
 */
function countOddCharacters(body: string): number {
  let odd = 0;
  for (const ch of ODD_CHARACTERS) {
    for (let i = body.indexOf(ch); i >= 0; i = body.indexOf(ch, i + 1)) {
      if (++odd >= ODD_BY_SEARCH) return countOddByLoop(body);
    }
  }
  return odd;
}

function countOddByLoop(body: string): number {
  let odd = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || c === 0x7f || c === 0xfffd) odd++;
  }
  return odd;
}

/** More than 1 in 10 characters being binary makes a body binary. */
const BINARY_SHARE_DENOMINATOR = 10;

// File signatures as they read once decoded as UTF-8 (a byte ≥ 0x80 that starts no sequence is U+FFFD).
const SIGNATURES: Array<[string, RegExp]> = [
  ['PNG', /^[\x89\ufffd]PNG\r\n\x1a\n/],
  ['GIF', /^GIF8[79]a/],
  ['JPEG', /^(?:\xff\xd8\xff|\ufffd{3})/],
  ['PDF', /^%PDF-/],
  ['ZIP', /^PK\x03\x04/],
  ['gzip', /^\x1f[\x8b\ufffd]/],
];
