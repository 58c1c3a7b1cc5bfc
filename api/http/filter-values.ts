import { ApiError } from '../errors/api-error.ts';

/** Escapes LIKE wildcards so user text matches literally (used with ESCAPE '\'). */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Upper end of a prefix range: every string that starts with `prefix` sorts below it. */
export const PREFIX_END = '\u{10FFFF}';

export const lowerName = (text: string) => text.toLowerCase();
/**
 * A ticker as stored: upper case, a class or unit suffix after a dash, as EDGAR writes them
 * (BRK-B). Users and vendors also write BRK.B, BRK/B and BRK B; each names the same security.
 */
export const upperTicker = (text: string) => text.trim().toUpperCase().replace(/[./\s]+/g, '-');

/**
 * Suffixes that name one kind of security in two notations: the exchanges' (NYSE's LCW.U units,
 * LCW.WS warrants, NS PR B preferred) and the SEC's company_tickers.json (LCW-UN, LCW-WT, NS-PB).
 */
const SUFFIX_SPELLINGS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string[]]> = [
  [/^(.+)-UN?$/, (m) => [`${m[1]}-U`, `${m[1]}-UN`]],
  [/^(.+)-W[ST]$/, (m) => [`${m[1]}-WS`, `${m[1]}-WT`]],
  [/^(.+)-P-?R?-?([A-Z])$/, (m) => [`${m[1]}-P${m[2]}`, `${m[1]}-PR${m[2]}`, `${m[1]}-P-${m[2]}`, `${m[1]}-PR-${m[2]}`]],
];

/** Every stored spelling of the security a user's ticker names (`upperTicker` first). */
export function tickerSpellings(text: string): string[] {
  const ticker = upperTicker(text);
  for (const [pattern, spellings] of SUFFIX_SPELLINGS) {
    const match = pattern.exec(ticker);
    if (match) return [...new Set([ticker, ...spellings(match)])];
  }
  return [ticker];
}

/**
 * Units written the Nasdaq way, a fifth (or fourth) letter U without a separator (IPOBU, LCWU): the
 * spellings of the units the SEC and NYSE write with one (IPOB-U, LCW-U), which a lookup falls back to
 * when no security is stored under the text itself; empty for any other text.
 */
export function nasdaqUnitSpellings(text: string): string[] {
  const units = /^([A-Z]{3,4})U$/.exec(upperTicker(text));
  return units ? tickerSpellings(`${units[1]}-U`) : [];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toUtcIso(parameter: string, value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw ApiError.invalidParameters([{ parameter, message: 'is not a valid ISO-8601 timestamp' }]);
  // The projector stores timestamps as Date#toISOString (UTC, milliseconds), so equal instants compare equal as text.
  return new Date(ms).toISOString();
}

/** Inclusive lower bound on a stored UTC timestamp; a bare date means the start of that day. */
export function lowerInstant(parameter: string, value: string): string {
  return DATE_ONLY.test(value) ? value : toUtcIso(parameter, value);
}

/** Inclusive upper bound on a stored UTC timestamp; a bare date includes that whole day. */
export function upperInstant(parameter: string, value: string): string {
  return DATE_ONLY.test(value) ? value + PREFIX_END : toUtcIso(parameter, value);
}

/** The calendar date a date or date-time names (as written, before any offset is applied). */
export const datePart = (value: string) => value.slice(0, 10);

/**
 * FTS5 query from user text: every term quoted (so syntax is inert), the last one prefix-matched.
 * Control characters separate terms like spaces: FTS5 reads its query up to a NUL, so one inside
 * a quoted term would leave the string unterminated (a syntax error, not a miss).
 */
export function ftsQuery(text: string): string {
  const terms = text.split(/[\s\u0000-\u001f\u007f]+/).filter((term) => term !== '');
  if (terms.length === 0) return '""'; // an empty phrase: valid syntax that matches nothing
  return terms.map((term, i) => `"${term.replace(/"/g, '""')}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
}
