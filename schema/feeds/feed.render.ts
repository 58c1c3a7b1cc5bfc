import type { ApiArticleFeedItem } from '../api/types.ts';

/**
 * Pure renderers of the public article feeds, shared by the projector (which builds articles) and
 * the API (which serves the feeds), so both agree on ids, URLs and order.
 */
export interface FeedArticle {
  id: string;
  sourceKind: ApiArticleFeedItem['sourceKind'];
  title: string;
  /** ISO-8601 timestamp. */
  publishedAt: string;
  /** `/articles/<id>`, appended to the public base URL. */
  path: string;
  /** Plain text. */
  summary: string;
  /** The article's HTML fragment (an <article> element), as published. */
  html: string;
}

/** Text and attribute values in XML/HTML; feeds and pages quote attributes with `"`. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const trim = (base: string) => base.replace(/\/+$/, '');

/** The public feed item (spec §2.9); `url` is absolute under the public base. */
export function toFeedItem(a: FeedArticle, base: string): ApiArticleFeedItem {
  return { id: a.id, sourceKind: a.sourceKind, title: a.title, url: trim(base) + a.path, publishedAt: a.publishedAt };
}

/**
 * Entry ids are URNs built from the article id alone, so they survive a change of host or base
 * URL and feed readers never see an article twice.
 */
export const entryId = (articleId: string) => `urn:ipo-research:article:${articleId}`;

/** Root-relative links of the fragment made absolute, so they work wherever a reader shows the entry. */
export const absoluteLinks = (html: string, root: string) => html.replace(/\b(href|src)="\//g, `$1="${root}/`);

const newestFirst = (items: readonly FeedArticle[]) =>
  [...items].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id));

/** One Atom entry's elements; `content` is escaped HTML when given. */
export interface AtomEntry {
  id: string;
  title: string;
  link: { type: string; href: string };
  published?: string;
  updated: string;
  category: string;
  summary: string;
  contentHtml?: string;
}

/** An Atom 1.0 (RFC 4287) document: the feed's own elements, then its entries in the order given. */
export function atomFeed(feed: { id: string; title: string; selfHref: string; alternateHref?: string; updated: string; entries: readonly AtomEntry[] }): string {
  const entries = feed.entries.map((e) =>
    [
      '  <entry>',
      `    <id>${escapeXml(e.id)}</id>`,
      `    <title>${escapeXml(e.title)}</title>`,
      `    <link rel="alternate" type="${e.link.type}" href="${escapeXml(e.link.href)}"/>`,
      ...(e.published === undefined ? [] : [`    <published>${escapeXml(e.published)}</published>`]),
      `    <updated>${escapeXml(e.updated)}</updated>`,
      `    <category term="${escapeXml(e.category)}"/>`,
      `    <summary>${escapeXml(e.summary)}</summary>`,
      ...(e.contentHtml === undefined ? [] : [`    <content type="html">${escapeXml(e.contentHtml)}</content>`]),
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${escapeXml(feed.id)}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfHref)}"/>`,
    ...(feed.alternateHref === undefined ? [] : [`  <link rel="alternate" type="text/html" href="${escapeXml(feed.alternateHref)}"/>`]),
    `  <updated>${escapeXml(feed.updated)}</updated>`,
    '  <author><name>ipo-research</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** Atom 1.0 (RFC 4287). `updated` of the feed is the newest item's time, so equal input gives equal bytes. */
export function renderAtom(items: readonly FeedArticle[], base: string): string {
  const root = trim(base);
  const sorted = newestFirst(items);
  return atomFeed({
    id: 'urn:ipo-research:articles',
    title: 'IPO research: articles',
    selfHref: `${root}/articles/feed.atom`,
    alternateHref: `${root}/articles`,
    updated: sorted[0]?.publishedAt ?? '1970-01-01T00:00:00.000Z',
    entries: sorted.map((a) => ({
      id: entryId(a.id),
      title: a.title,
      link: { type: 'text/html', href: root + a.path },
      published: a.publishedAt,
      updated: a.publishedAt,
      category: a.sourceKind,
      summary: a.summary,
      contentHtml: absoluteLinks(a.html, root),
    })),
  });
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export function renderJsonFeed(items: readonly FeedArticle[], base: string): string {
  const root = trim(base);
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: 'IPO research: articles',
    home_page_url: `${root}/articles`,
    feed_url: `${root}/articles/feed.json`,
    language: 'en',
    authors: [{ name: 'ipo-research' }],
    items: newestFirst(items).map((a) => ({
      id: entryId(a.id),
      url: root + a.path,
      title: a.title,
      content_html: absoluteLinks(a.html, root),
      summary: a.summary,
      date_published: a.publishedAt,
      tags: [a.sourceKind],
    })),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}
