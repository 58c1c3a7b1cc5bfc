/**
 * Test-only: what the feed specifications require, checked rule by rule, written from the specs
 * (not from this service's output). No well-kept npm package validates Atom or JSON Feed, so these
 * are the validators the tests use. Each returns the violations found, empty when valid.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

const ATOM_NS = 'http://www.w3.org/2005/Atom';
/** RFC 3339 date-time with the upper-case T and Z RFC 4287 §3.3 requires. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** An absolute IRI: a scheme, then a colon (RFC 3987; RFC 4287 §4.2.6 wants ids absolute). */
const ABSOLUTE_IRI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

type XmlNode = Record<string, unknown>;
const kids = (node: XmlNode, name: string) => (node[name] as XmlNode[] | undefined) ?? [];
const text = (node: XmlNode) => String((node['#text'] as string | undefined) ?? '');
const attr = (node: XmlNode, name: string) => node[`@_${name}`] as string | undefined;

/** RFC 4287 (The Atom Syndication Format), the rules a feed document must meet. */
export function atomViolations(xml: string): string[] {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed XML: ${wellFormed.err.msg}`];
  const doc = new XMLParser({
    ignoreAttributes: false,
    isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
    alwaysCreateTextNode: true,
    parseTagValue: false,
    parseAttributeValue: false,
  }).parse(xml) as XmlNode;
  const feeds = kids(doc, 'feed');
  if (feeds.length !== 1) return ['the document element is not atom:feed (§4.1.1)'];
  const feed = feeds[0];
  const v: string[] = [];
  if (attr(feed, 'xmlns') !== ATOM_NS) v.push(`atom:feed is not in the Atom namespace ${ATOM_NS} (§2)`);

  const exactlyOne = (node: XmlNode, name: string, where: string, section: string) => {
    const n = kids(node, name).length;
    if (n !== 1) v.push(`${where} has ${n} atom:${name}, must have exactly one (${section})`);
  };
  const atMostOne = (node: XmlNode, name: string, where: string, section: string) => {
    if (kids(node, name).length > 1) v.push(`${where} has more than one atom:${name} (${section})`);
  };
  const dates = (node: XmlNode, where: string) => {
    for (const name of ['updated', 'published']) {
      for (const d of kids(node, name)) if (!RFC3339.test(text(d))) v.push(`${where} atom:${name} "${text(d)}" is not an RFC 3339 date-time (§3.3)`);
    }
  };
  const textConstructs = (node: XmlNode, where: string) => {
    for (const name of ['title', 'summary', 'subtitle', 'rights']) {
      for (const t of kids(node, name)) {
        const type = attr(t, 'type');
        if (type !== undefined && !['text', 'html', 'xhtml'].includes(type)) v.push(`${where} atom:${name} has type "${type}" (§3.1.1)`);
      }
    }
  };
  const ids = (node: XmlNode, where: string) => {
    for (const id of kids(node, 'id')) if (!ABSOLUTE_IRI.test(text(id).trim())) v.push(`${where} atom:id "${text(id)}" is not an absolute IRI (§4.2.6)`);
  };
  const linksOf = (node: XmlNode, where: string) => {
    const alternates = new Set<string>();
    for (const link of kids(node, 'link')) {
      if (!attr(link, 'href')) v.push(`${where} has an atom:link without href (§4.2.7.1)`);
      if ((attr(link, 'rel') ?? 'alternate') === 'alternate') {
        const key = `${attr(link, 'type') ?? ''}|${attr(link, 'hreflang') ?? ''}`;
        if (alternates.has(key)) v.push(`${where} has two alternate links with the same type and hreflang (§4.1.1, §4.1.2)`);
        alternates.add(key);
      }
    }
    return alternates.size > 0;
  };
  const people = (node: XmlNode, where: string) => {
    for (const p of [...kids(node, 'author'), ...kids(node, 'contributor')]) {
      if (kids(p, 'name').length !== 1) v.push(`${where} has a person construct without exactly one atom:name (§3.2)`);
    }
  };

  for (const name of ['id', 'title', 'updated']) exactlyOne(feed, name, 'atom:feed', '§4.1.1');
  for (const name of ['generator', 'icon', 'logo', 'rights', 'subtitle']) atMostOne(feed, name, 'atom:feed', '§4.1.1');
  dates(feed, 'atom:feed');
  textConstructs(feed, 'atom:feed');
  ids(feed, 'atom:feed');
  linksOf(feed, 'atom:feed');
  people(feed, 'atom:feed');
  if (!kids(feed, 'link').some((l) => attr(l, 'rel') === 'self')) v.push('atom:feed should have a self link (§4.1.1)');

  const entries = kids(feed, 'entry');
  const feedHasAuthor = kids(feed, 'author').length > 0;
  entries.forEach((entry, i) => {
    const where = `entry ${i + 1}`;
    for (const name of ['id', 'title', 'updated']) exactlyOne(entry, name, where, '§4.1.2');
    for (const name of ['content', 'published', 'rights', 'source', 'summary']) atMostOne(entry, name, where, '§4.1.2');
    dates(entry, where);
    textConstructs(entry, where);
    ids(entry, where);
    people(entry, where);
    const hasAlternate = linksOf(entry, where);
    const content = kids(entry, 'content')[0];
    if (!content && !hasAlternate) v.push(`${where} has neither atom:content nor an alternate link (§4.1.2)`);
    if (content && attr(content, 'src') !== undefined && kids(entry, 'summary').length === 0) v.push(`${where} has out-of-line content and no summary (§4.1.2)`);
    if (content) {
      const type = attr(content, 'type');
      if (type !== undefined && !['text', 'html', 'xhtml'].includes(type) && !/^[\w.+-]+\/[\w.+-]+$/.test(type)) v.push(`${where} atom:content type "${type}" is neither text, html, xhtml nor a MIME type (§4.1.3.1)`);
    }
    if (!feedHasAuthor && kids(entry, 'author').length === 0) v.push(`${where} has no atom:author and neither has the feed (§4.1.1, §4.1.2)`);
  });
  const seen = new Set<string>();
  for (const entry of entries) {
    const id = text(kids(entry, 'id')[0] ?? {});
    if (seen.has(id)) v.push(`two entries share the id ${id} (§4.2.6)`);
    seen.add(id);
  }
  return v;
}

const isString = (x: unknown): x is string => typeof x === 'string';

/** JSON Feed Version 1.1 (https://www.jsonfeed.org/version/1.1/), the rules a feed document must meet. */
export function jsonFeedViolations(doc: unknown): string[] {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return ['the feed is not a JSON object'];
  const feed = doc as Record<string, unknown>;
  const v: string[] = [];
  if (feed.version !== 'https://jsonfeed.org/version/1.1') v.push('version must be the URL https://jsonfeed.org/version/1.1');
  if (!isString(feed.title) || feed.title === '') v.push('title (required) must be a string');
  for (const key of ['home_page_url', 'feed_url', 'description', 'user_comment', 'next_url', 'icon', 'favicon', 'language']) {
    if (key in feed && !isString(feed[key])) v.push(`${key} must be a string`);
  }
  for (const key of ['home_page_url', 'feed_url']) if (isString(feed[key]) && !/^https?:\/\//.test(feed[key] as string)) v.push(`${key} should be a full URL`);
  if ('expired' in feed && typeof feed.expired !== 'boolean') v.push('expired must be a boolean');
  const authors = (value: unknown, where: string) => {
    if (value === undefined) return;
    if (!Array.isArray(value)) return v.push(`${where} authors must be an array`);
    for (const a of value) {
      const o = (a ?? {}) as Record<string, unknown>;
      if (!['name', 'url', 'avatar'].some((k) => isString(o[k]))) v.push(`${where} author must have at least one of name, url, avatar`);
    }
  };
  authors(feed.authors, 'feed');
  if (!Array.isArray(feed.items)) return [...v, 'items (required) must be an array'];
  const ids = new Set<string>();
  feed.items.forEach((raw, i) => {
    const where = `item ${i + 1}`;
    const item = (raw ?? {}) as Record<string, unknown>;
    if (!isString(item.id) || item.id === '') v.push(`${where}: id (required) must be a non-empty string`);
    else if (ids.has(item.id)) v.push(`${where}: id ${item.id} is not unique`);
    else ids.add(item.id);
    if (!isString(item.content_html) && !isString(item.content_text)) v.push(`${where}: must have content_html or content_text`);
    for (const key of ['url', 'external_url', 'title', 'content_html', 'content_text', 'summary', 'image', 'banner_image', 'language']) {
      if (key in item && !isString(item[key])) v.push(`${where}: ${key} must be a string`);
    }
    for (const key of ['date_published', 'date_modified']) {
      if (key in item && !(isString(item[key]) && RFC3339.test(item[key] as string))) v.push(`${where}: ${key} must be an RFC 3339 date`);
    }
    if ('tags' in item && !(Array.isArray(item.tags) && item.tags.every(isString))) v.push(`${where}: tags must be an array of strings`);
    authors(item.authors, where);
  });
  return v;
}
