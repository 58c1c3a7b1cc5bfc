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

/** Atom 1.0 (RFC 4287). `updated` of the feed is the newest item's time, so equal input gives equal bytes. */
export function renderAtom(items: readonly FeedArticle[], base: string): string {
  const root = trim(base);
  const sorted = newestFirst(items);
  const updated = sorted[0]?.publishedAt ?? '1970-01-01T00:00:00.000Z';
  const entries = sorted.map(
    (a) =>
      [
        '  <entry>',
        `    <id>${escapeXml(entryId(a.id))}</id>`,
        `    <title>${escapeXml(a.title)}</title>`,
        `    <link rel="alternate" type="text/html" href="${escapeXml(root + a.path)}"/>`,
        `    <published>${escapeXml(a.publishedAt)}</published>`,
        `    <updated>${escapeXml(a.publishedAt)}</updated>`,
        `    <category term="${escapeXml(a.sourceKind)}"/>`,
        `    <summary>${escapeXml(a.summary)}</summary>`,
        `    <content type="html">${escapeXml(absoluteLinks(a.html, root))}</content>`,
        '  </entry>',
      ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>urn:ipo-research:articles</id>`,
    '  <title>IPO research: articles</title>',
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(root)}/articles/feed.atom"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(root)}/articles"/>`,
    `  <updated>${escapeXml(updated)}</updated>`,
    '  <author><name>ipo-research</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
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
