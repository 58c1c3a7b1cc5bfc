/** News facts the projector keeps (proj_news, proj_news_links), as plain values. */
import type { NewsArticlePayload } from '../../schema/events/event-types.ts';
import type { LinkReason } from './company.link.ts';
import type { PublishedAt } from './published-at.derive.ts';

export interface StoredNews {
  newsId: string;
  payload: NewsArticlePayload;
  /** The earliest observedAt of a `news.article` event for this URL: the `first_seen` date. */
  observedAt: string;
  /** The date the article is served under, and where it came from (see news/published-at.derive.ts). */
  published: PublishedAt;
  /**
   * The link to the company it is read for: set on a company's linked news (NewsStore.linkedNews),
   * absent on an article read for linking. Typed optional so CompanyInputs.news stays StoredNews[].
   */
  link?: { confidence: number; reason: LinkReason };
}

export interface NewsLink {
  newsId: string;
  confidence: number;
  reason: LinkReason;
}
