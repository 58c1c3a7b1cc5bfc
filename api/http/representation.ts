import { createHmac, hash } from 'node:crypto';
import { remember } from './bounded-map.ts';

/**
 * What names a data response: the read model's state (see `ReadConnection.generation`) and the
 * request's identity (path and validated query). Every process serving the same read.db, or a
 * copy of it, derives the same tag, so a client revalidates against any of them.
 */
export type RepresentationTagger = (generation: string, identity: string) => string;

/**
 * `format` names the response shapes (the app passes a hash of its OpenAPI document, so a release
 * that changes a shape never answers 304 for a body of the old one); the cursor secret enters
 * through an HMAC because bodies carry cursors signed with it, and two deployments with different
 * secrets serve different bytes for the same data. Neither is recoverable from a tag.
 */
export function createRepresentationTagger(cursorSecret: string, format: string): RepresentationTagger {
  const namespace = createHmac('sha256', cursorSecret).update('representation-tag\n').update(format).digest('base64url');
  // The tags of the generation served now, by identity: a hit costs a lookup instead of a hash,
  // and a new generation (a projector batch) drops the old generation's tags at once.
  let tagsOf = '';
  const tags = new Map<string, string>();
  return (generation, identity) => {
    if (generation !== tagsOf) {
      tags.clear();
      tagsOf = generation;
    }
    return (
      tags.get(identity) ??
      remember(tags, CACHED_TAGS, identity, `"${hash('sha1', `${namespace}\n${generation}\n${identity}`, 'base64url')}"`)
    );
  };
}

const CACHED_TAGS = 4096;

const canonical = new WeakMap<object, string>();

/**
 * A validated query as a query string without `cursor`: names sorted, lists comma-separated, every
 * value percent-encoded. Requests that mean the same filters give the same text; it is the identity
 * part of a tag and the base of the `next` link. Validated queries are frozen and cached by the
 * query reader, so this runs once per distinct query string.
 */
export function canonicalQuery(query: object): string {
  let text = canonical.get(query);
  if (text === undefined) {
    text = Object.keys(query)
      .filter((name) => name !== 'cursor')
      .sort()
      .map((name) => {
        const value = (query as Record<string, unknown>)[name];
        return `${encodeURIComponent(name)}=${encodeValue(Array.isArray(value) ? value.join(',') : String(value))}`;
      })
      .join('&');
    canonical.set(query, text);
  }
  return text;
}

/** Characters encodeURIComponent leaves alone, and the comma: such a value is its own encoding. */
const UNRESERVED = /^[\w.~!*'(),-]*$/;

/** Percent-encodes any string: a lone surrogate (which encodeURIComponent throws on) becomes U+FFFD. */
function encodeValue(value: string): string {
  // Cursors (base64url and a dot) and most filter values need nothing: the common case costs a test.
  if (UNRESERVED.test(value)) return value;
  // Commas stay literal: a list value reads the same either way, and links stay legible.
  return encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8')).replace(/%2C/g, ',');
}

/** The path and canonical query of a request with an optional cursor, as a path-absolute URL. */
export function pageUrl(path: string, query: object, cursor: string | undefined): string {
  const base = canonicalQuery(query);
  if (cursor === undefined) return base === '' ? path : `${path}?${base}`;
  return `${path}?${base}${base === '' ? '' : '&'}cursor=${encodeValue(cursor)}`;
}

/** RFC 8288 `Link` value pointing at the next page. */
export function nextLink(path: string, query: object, nextCursor: string): string {
  return `<${pageUrl(path, query, nextCursor)}>; rel="next"`;
}
