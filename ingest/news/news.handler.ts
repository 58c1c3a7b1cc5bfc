import type { NewEvent } from '../../schema/events/event-log.ts';
import type { NewsArticlePayload } from '../../schema/events/event-types.ts';
import { FeedParseError, parseFeed, type FeedItem } from '../../schema/news/feed.parse.ts';
import { parseNewsApiResponse, type NewsApiArticle } from '../../schema/news/newsapi.parse.ts';
import { canonicalUrl } from '../../schema/news/url.normalize.ts';
import { isoAt } from '../clock.ts';
import type { Handler, HandlerContext } from '../jobs/handler-context.ts';
import { MarketSourceMissingError } from '../jobs/market-errors.ts';
import { NewsApiError, NewsTransientError } from './newsapi-client.ts';

/** A feed that answered but is not one: the URL is wrong, retrying will not fix it. */
export class FeedUnreadableError extends NewsApiError {}

function articleEvent(ctx: HandlerContext, source: string, payload: NewsArticlePayload, observedAt: string, url: string): NewEvent {
  // Subject = canonical URL, the same key the projector dedupes on, so one story is one subject.
  return { type: 'news.article', source, subject: canonicalUrl(payload.article.url), observedAt, payload, meta: { url } };
}

export function feedItemArticle(item: FeedItem, feedUrl: string): NewsArticlePayload['article'] {
  let host = 'unknown';
  try {
    host = new URL(feedUrl).hostname.replace(/^www\./, '');
  } catch {
    // keep 'unknown'
  }
  return {
    source: { id: null, name: item.sourceName ?? host },
    author: null,
    title: item.title,
    description: item.description,
    url: item.url,
    urlToImage: null,
    publishedAt: item.publishedAt,
    content: null,
  };
}

const appendAll = (ctx: HandlerContext, events: NewEvent[]) => ctx.log.appendMany(events).filter((r) => r.inserted).length;

/**
 * One search page → one `news.article` event per article. Only the first page (the newest 100) is
 * read: NewsAPI's developer plan refuses deeper pages, and polling again picks up newer stories.
 */
export const everythingHandler: Handler<'news.everything'> = async (data, ctx) => {
  if (!ctx.news) throw new MarketSourceMissingError('no news provider configured in this process');
  const page = await ctx.news.everything({ q: data.query, ...(data.from ? { from: data.from } : {}), ...(data.to ? { to: data.to } : {}) });
  const parsed = parseNewsApiResponse(page.body, page.status);
  if (!parsed.ok) throw new NewsApiError(parsed.code, parsed.message, page.status, page.url);
  const observedAt = isoAt(ctx.clock);
  const events = parsed.articles.map((article: NewsApiArticle) =>
    articleEvent(ctx, 'newsapi', { provider: 'newsapi', query: data.query, article }, observedAt, page.url),
  );
  return { appended: appendAll(ctx, events), followUps: [] };
};

/** One RSS/Atom feed → one `news.article` event per item with a link. */
export const feedHandler: Handler<'news.feed'> = async (data, ctx) => {
  if (!ctx.news) throw new MarketSourceMissingError('no news provider configured in this process');
  const res = await ctx.news.feed(data.url);
  if (!res.ok) {
    if (res.retryable) throw new NewsTransientError(res.status ?? 0, res.url);
    if (res.status === 404) return { appended: 0, followUps: [], notFound: true };
    throw new FeedUnreadableError('feedUnreadable', res.error, res.status ?? 0, res.url);
  }
  let items: FeedItem[];
  try {
    items = parseFeed(res.body);
  } catch (error) {
    if (error instanceof FeedParseError) throw new FeedUnreadableError('feedUnreadable', error.message, res.status, res.url);
    throw error;
  }
  const observedAt = isoAt(ctx.clock);
  const provider = `rss:${data.url}`;
  const events = items.map((item) => articleEvent(ctx, 'rss', { provider, query: null, article: feedItemArticle(item, data.url) }, observedAt, data.url));
  return { appended: appendAll(ctx, events), followUps: [] };
};
