import { UnreadableEventError } from './unreadable.ts';
import { ARTICLE_KINDS } from '../../schema/api/vocabulary.ts';
import type { StoredEvent } from '../../schema/events/event-log.ts';
import type { ArticlePublishedPayload, NewsArticlePayload } from '../../schema/events/event-types.ts';
import type { NewsLink, StoredNews } from '../news/news.facts.ts';
import { linkSignature, type NewsStore } from './news.store.ts';
import { earlierObservation, newsPublishedAt } from '../news/published-at.derive.ts';
import { indexArticle, type NewsLinker } from './news-linker.ts';
import { linkArticle, type LinkCandidate } from '../news/company.link.ts';
import { newsKey } from '../../schema/news/url.normalize.ts';

/**
 * `news.article`: kept whether or not it links (under its first observation time); linked against
 * every company served so far, by name, tickers and former names. A company
 * derived later (or renamed) re-links all stored news itself (see relinkIfChanged), so the links
 * end up a function of the final names and tickers whatever the arrival order.
 * Returns the CIKs whose news changed.
 */
export function applyNewsArticle(state: NewsStore, linker: NewsLinker, event: StoredEvent): string[] {
  const payload = readNewsPayload(event.payload);
  const newsId = newsKey(payload.article.url);
  if (Number.isNaN(Date.parse(event.observedAt))) throw new UnreadableEventError(`news article observed at a non-time ${event.observedAt}`);
  const before = state.linkedCiks(newsId);
  // First observation, whatever order the events carry: the `first_seen` date of an undated article.
  const stored = state.firstSeen(newsId);
  const firstSeen = stored === null ? event.observedAt : earlierObservation(stored, event.observedAt);
  const news: StoredNews = { newsId, payload, observedAt: firstSeen, published: newsPublishedAt(payload.article, firstSeen) };
  if (!state.putNews(news)) return [];
  linker.forgetArticles();
  const article = indexArticle(news);
  state.unlinkNews(newsId);
  const links = linkArticle(article.text, linker.candidates().filter((c) => linker.mayLink(article, c)));
  for (const l of links) state.link(l.candidate.cik as string, { newsId, confidence: l.confidence, reason: l.reason });
  return [...new Set([...before, ...links.map((l) => l.candidate.cik as string)])].sort();
}

/** Re-links every stored article to one company when its name or tickers changed since the last linking. */
export function relinkIfChanged(state: NewsStore, linker: NewsLinker, candidate: LinkCandidate & { cik: string }): void {
  const signature = linkSignature(candidate);
  if (state.linkSignature(candidate.cik) === signature) return;
  const links: NewsLink[] = [];
  for (const article of linker.articles()) {
    if (!linker.mayLink(article, candidate)) continue;
    const [link] = linkArticle(article.text, [candidate]);
    if (link) links.push({ newsId: article.news.newsId, confidence: link.confidence, reason: link.reason });
  }
  state.relinkCompany(candidate.cik, links);
  state.setLinkSignature(candidate.cik, signature);
}

function readNewsPayload(payload: unknown): NewsArticlePayload {
  const p = (payload ?? {}) as Partial<NewsArticlePayload>;
  const a = p.article as Partial<NewsArticlePayload['article']> | undefined;
  if (!a || typeof a.url !== 'string' || a.url.trim() === '') throw new UnreadableEventError('news article lacks a url');
  if (!a.source || typeof a.source.name !== 'string') throw new UnreadableEventError('news article lacks a source name');
  if (typeof p.provider !== 'string') throw new UnreadableEventError('news article lacks its provider');
  return p as NewsArticlePayload;
}

/** `article.published`: the payload is the served row. */
export function readArticlePayload(payload: unknown): ArticlePublishedPayload {
  const p = (payload ?? {}) as Partial<ArticlePublishedPayload>;
  for (const key of ['id', 'title', 'publishedAt', 'path', 'html', 'summary'] as const) {
    if (typeof p[key] !== 'string') throw new UnreadableEventError(`published article lacks ${key}`);
  }
  if (!(ARTICLE_KINDS as readonly string[]).includes(p.sourceKind as string)) {
    throw new UnreadableEventError(`published article has an unknown kind ${String(p.sourceKind)}`);
  }
  return p as ArticlePublishedPayload;
}
