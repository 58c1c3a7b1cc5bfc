import { asArray, atomLink, parseXml, xmlText as text, type XmlNode as Node } from '../xml.ts';

/** One item of an RSS 2.0 or Atom feed (press-release wires, domain §6.2). */
export interface FeedItem {
  title: string | null;
  url: string;
  guid: string | null;
  /** ISO-8601, or null when the feed gives no parseable date. */
  publishedAt: string | null;
  description: string | null;
  /** The feed's own title, used as the source name. */
  sourceName: string | null;
}

/** RFC 822 (RSS) and RFC 3339 (Atom) both parse with Date.parse; anything else is null. */
function isoDate(raw: string | null): string | null {
  if (!raw) return null;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export class FeedParseError extends Error {}

/** RSS 2.0 (`rss/channel/item`) or Atom (`feed/entry`). Items without a link are dropped. */
export function parseFeed(xml: string): FeedItem[] {
  const doc = parseXml(xml);
  const rss = doc.rss as Node | undefined;
  if (rss?.channel) {
    const channel = rss.channel as Node;
    const sourceName = text(channel.title);
    return asArray(channel.item as Node | Node[]).flatMap((item) => {
      const url = text(item.link) ?? (/^https?:/.test(text(item.guid) ?? '') ? text(item.guid) : null);
      if (!url) return [];
      return [{
        title: text(item.title),
        url,
        guid: text(item.guid),
        publishedAt: isoDate(text(item.pubDate) ?? text(item.date)),
        description: text(item.description),
        sourceName,
      }];
    });
  }
  const feed = doc.feed as Node | undefined;
  if (feed) {
    const sourceName = text(feed.title);
    return asArray(feed.entry as Node | Node[]).flatMap((entry) => {
      const url = atomLink(entry.link);
      if (!url) return [];
      return [{
        title: text(entry.title),
        url,
        guid: text(entry.id),
        publishedAt: isoDate(text(entry.published) ?? text(entry.updated)),
        description: text(entry.summary) ?? text(entry.content),
        sourceName,
      }];
    });
  }
  throw new FeedParseError('neither an RSS 2.0 nor an Atom document');
}
