import { ApiError } from '../errors/api-error.ts';
import { remember } from './bounded-map.ts';

/** The representations of a list page. */
export type ListFormat = 'json' | 'csv';

export const CSV_TYPE = 'text/csv; charset=utf-8; header=present';

/** A list answer depends on the key (its quota headers, its access) and on the negotiated format. */
export const LIST_VARY = 'Accept, Authorization';

interface MediaRange {
  type: string;
  subtype: string;
  /** Media-type parameters, names and values lower-cased (q excluded). */
  params: Array<[string, string]>;
  q: number;
}

/** A representation an endpoint serves, by the format name the route uses. */
export interface Offer<F extends string = ListFormat> {
  format: F;
  type: string;
  subtype: string;
  params: Record<string, string>;
}

/** In order of preference: JSON, the default, wins a tie. */
const OFFERS: readonly Offer[] = [
  { format: 'json', type: 'application', subtype: 'json', params: { charset: 'utf-8' } },
  { format: 'csv', type: 'text', subtype: 'csv', params: { charset: 'utf-8', header: 'present' } },
];

const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;
const QUOTED_STRING = /"(?:[\t \x21\x23-\x5B\x5D-\x7E\x80-\xFF]|\\[\t \x21-\x7E\x80-\xFF])*"/y;
/** RFC 9110 qvalue, plus the `.2` form java.net.HttpURLConnection sends by default. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?|\.\d{1,3})$/;

/** Either the media ranges of an Accept value, or where and why it is not one. */
type Parsed = { ranges: MediaRange[] } | { problem: string };

/**
 * RFC 9110 §12.5.1 `Accept = #( media-range [ weight ] )`. Empty list elements and empty
 * parameters are allowed, as the list and parameter rules say. One legacy form is read as its
 * meaning: a bare `*` for any media type, which java.net.HttpURLConnection sends by default.
 */
export function parseAccept(text: string): Parsed {
  const ranges: MediaRange[] = [];
  let at = 0;
  const skipSpace = () => {
    while (text[at] === ' ' || text[at] === '\t') at++;
  };
  const match = (pattern: RegExp): string | null => {
    pattern.lastIndex = at;
    const found = pattern.exec(text);
    if (found === null) return null;
    at = pattern.lastIndex;
    return found[0];
  };
  const problem = (what: string): Parsed => ({ problem: `${what} at character ${at + 1}` });

  while (true) {
    skipSpace();
    if (at === text.length) break;
    if (text[at] === ',') {
      at++;
      continue;
    }
    const type = match(TOKEN)?.toLowerCase();
    if (type === undefined) return problem('expected a media range');
    let subtype = '*';
    if (text[at] === '/') {
      at++;
      const named = match(TOKEN)?.toLowerCase();
      if (named === undefined) return problem('expected a subtype');
      subtype = named;
    } else if (type !== '*') {
      return problem('expected "/"');
    }
    if (type === '*' && subtype !== '*') return problem('a "*" type takes a "*" subtype');
    const range: MediaRange = { type, subtype, params: [], q: 1 };
    while (true) {
      skipSpace();
      if (text[at] !== ';') break;
      at++;
      skipSpace();
      if (at === text.length || text[at] === ';' || text[at] === ',') continue;
      const name = match(TOKEN)?.toLowerCase();
      if (name === undefined || text[at] !== '=') return problem('expected a parameter name=value');
      at++;
      if (name === 'q') {
        const weight = match(TOKEN);
        if (weight === null || !QVALUE.test(weight)) return problem('a weight is q=0 to q=1 with at most three decimals');
        range.q = Number(weight);
      } else {
        const value = text[at] === '"' ? match(QUOTED_STRING)?.slice(1, -1).replace(/\\(.)/g, '$1') : match(TOKEN);
        if (value === undefined || value === null) return problem('expected a parameter value');
        range.params.push([name, value.toLowerCase()]);
      }
    }
    skipSpace();
    if (at < text.length && text[at] !== ',') return problem('expected "," or ";"');
    ranges.push(range);
  }
  return { ranges };
}

/**
 * How much the client wants an offer: the weight of the most specific range that matches it (a
 * type with parameters, then a bare type, then a type with any subtype, then any type), 0 when
 * none does. A range with a parameter the offer does not have (`text/csv;header=absent`) does not
 * match it.
 */
function quality(offer: Offer<string>, ranges: readonly MediaRange[]): number {
  let precedence = -1;
  let q = 0;
  for (const range of ranges) {
    if (range.type !== '*' && range.type !== offer.type) continue;
    if (range.subtype !== '*' && range.subtype !== offer.subtype) continue;
    if (!range.params.every(([name, value]) => offer.params[name] === value)) continue;
    const rank = range.type === '*' ? 0 : range.subtype === '*' ? 1 : 2 + range.params.length;
    if (rank > precedence || (rank === precedence && range.q > q)) {
      precedence = rank;
      q = range.q;
    }
  }
  return q;
}

/** The format an Accept value asks for, null when it admits neither, or why it is malformed. */
export function chooseListFormat(accept: string | undefined): ListFormat | null | { problem: string } {
  return chooseFormat(accept, OFFERS);
}

/** Of `offers` (the first is the default and wins ties), the one an Accept value weighs highest; null when it admits none. */
export function chooseFormat<F extends string>(accept: string | undefined, offers: readonly Offer<F>[]): F | null | { problem: string } {
  if (accept === undefined) return offers[0].format;
  const parsed = parseAccept(accept);
  if ('problem' in parsed) return parsed;
  // An empty list (only whitespace and commas) says nothing, like an absent header.
  if (parsed.ranges.length === 0) return offers[0].format;
  let best: Offer<F> | null = null;
  let bestQ = 0;
  for (const offer of offers) {
    const q = quality(offer, parsed.ranges);
    if (q > bestQ) {
      best = offer;
      bestQ = q;
    }
  }
  return best?.format ?? null;
}

const CHOICES_CACHED = 256;
/** Longer values are parsed every time: clients send a handful of short, fixed Accept values. */
const CACHEABLE_LENGTH = 256;
const choices = new Map<string, ReturnType<typeof chooseListFormat>>();

/**
 * The negotiated format of a list request (RFC 9110 proactive negotiation on Accept). An Accept
 * that admits neither format is a 406 rather than JSON regardless; a malformed one a 400.
 */
export function listFormat(accept: string | undefined): ListFormat {
  if (accept === undefined) return 'json';
  let choice = choices.get(accept);
  if (choice === undefined) {
    choice = chooseListFormat(accept);
    if (accept.length <= CACHEABLE_LENGTH) remember(choices, CHOICES_CACHED, accept, choice);
  }
  if (choice === 'json' || choice === 'csv') return choice;
  if (choice === null) throw new ApiError('not_acceptable', 'This list is served as application/json or text/csv; the Accept header admits neither', null);
  throw ApiError.invalidHeader('Accept', `not a media range list (RFC 9110 §12.5.1): ${choice.problem}`);
}
