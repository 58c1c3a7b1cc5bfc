/**
 * Generated hostile documents (none is a filing) for the read budget's tests and the extraction
 * bench: the shapes that made or could make the reader slow, deep or large. Each is a pure
 * function of its arguments, so a test or bench run reads the same bytes every time.
 */

/** `depth` tables, each opened in a cell of the one before and none closed: what once ran past 120 s. */
export function unclosedTables(depth = 200_000): string {
  return `<html><body>${'<table><tr><td>cell '.repeat(depth)}`;
}

/** `depth` nested `<div>`s around one word, all closed. */
export function nestedDivs(depth = 200_000): string {
  return `<html><body>${'<div>'.repeat(depth)}Prospectus${'</div>'.repeat(depth)}</body></html>`;
}

/** A real prospectus body repeated until the document is at least `chars` characters. */
export function repeatedDocument(real: string, chars = 50_000_000): string {
  const body = real.replace(/<\/body>[\s\S]*$/i, '');
  return body.repeat(Math.ceil(chars / body.length));
}

/** One table of `rows` rows in EDGAR's layout (`$` and `)` in cells of their own). */
export function hugeTable(rows = 250_000): string {
  return `<html><body><table>${'<tr><td>Net loss</td><td>$</td><td>(1,234</td><td>)</td></tr>'.repeat(rows)}</table></body></html>`;
}

/** `count` one-letter paragraphs that each continue the one before: the cost of rejoining page breaks. */
export function brokenSentences(count = 1_000_000): string {
  return `<html><body>${'<p>and</p>'.repeat(count)}</body></html>`;
}

/** `count` close tags that close nothing, under 600 open elements. */
export function strayCloseTags(count = 1_000_000): string {
  return `<html><body>${'<div>'.repeat(600)}${'</span></p>'.repeat(count)}`;
}

/** `bytes` bytes from a seeded generator, decoded as UTF-8 as document bodies are. */
export function randomBytes(bytes = 1_000_000, seed = 1): string {
  return seededBytes(bytes, seed).toString('utf8');
}

/** A file signature (PNG, ZIP, …) followed by `bytes` seeded random bytes. */
export function signedFile(signature: 'png' | 'zip' | 'pdf', bytes = 100_000, seed = 2): string {
  return Buffer.concat([SIGNATURE_BYTES[signature], seededBytes(bytes, seed)]).toString('utf8');
}

/** Runs of NUL characters between short runs of HTML. */
export function nulRuns(chars = 1_000_000): string {
  return '<html><body><p>x</p>\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000'.repeat(Math.ceil(chars / 28));
}

const SIGNATURE_BYTES = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  zip: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  pdf: Buffer.from('%PDF-1.4\n'),
};

function seededBytes(bytes: number, seed: number): Buffer {
  const out = Buffer.alloc(bytes);
  let s = seed >>> 0;
  for (let i = 0; i < bytes; i++) {
    // xorshift32
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = s & 0xff;
  }
  return out;
}
