import { escapeXml as esc, type FeedArticle } from '../../schema/feeds/feed.render.ts';
import type { ArticlePageRow } from './articles.query.ts';

/** Feed discovery links, so a browser or reader on any page finds both feeds. */
function head(title: string, base: string, canonical: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<link rel="canonical" href="${esc(canonical)}">`,
    `<link rel="alternate" type="application/atom+xml" title="IPO research: articles (Atom)" href="${esc(base)}/articles/feed.atom">`,
    `<link rel="alternate" type="application/feed+json" title="IPO research: articles (JSON Feed)" href="${esc(base)}/articles/feed.json">`,
    '</head>',
    '<body>',
  ].join('\n');
}

const FOOT = '</body>\n</html>\n';

/**
 * The public page of one article: the stored `html` (an <article> fragment the projector built,
 * its text already escaped) inside a minimal document. Links in the fragment are relative to the
 * public base, where this page is served.
 */
export function renderArticlePage(article: ArticlePageRow, base: string): string {
  return `${head(article.title, base, base + article.path)}\n${article.html}${FOOT}`;
}

/** The article index: the newest articles, newest first, each linked to its page. */
export function renderArticleIndex(articles: readonly FeedArticle[], base: string): string {
  const items = articles.map(
    (a) =>
      `<li><a href="${esc(base + a.path)}">${esc(a.title)}</a> <time datetime="${esc(a.publishedAt)}">${esc(a.publishedAt.slice(0, 10))}</time></li>`,
  );
  const list = items.length ? ['<ul>', ...items, '</ul>'].join('\n') : '<p>No articles have been published yet.</p>';
  return `${head('IPO research: articles', base, `${base}/articles`)}\n<h1>IPO research: articles</h1>\n${list}\n${FOOT}`;
}

/** A 404 page for browsers; API clients asking for JSON get the ApiError envelope instead. */
export function renderNotFoundPage(base: string): string {
  return `${head('Article not found', base, `${base}/articles`)}\n<h1>Article not found</h1>\n<p><a href="${esc(base)}/articles">All articles</a></p>\n${FOOT}`;
}
