import { readFileSync } from 'node:fs';
import { escapeXml as esc } from '../../schema/feeds/feed.render.ts';
import { packagePath } from '../../schema/package-files.ts';
import { htmlHead } from '../http/html-head.ts';
import type { ArticlePageRow, IndexedArticle } from './articles.query.ts';

/** The pages' one stylesheet, served at STYLESHEET_PATH: small, local, no fonts to fetch. */
export const STYLESHEET = readFileSync(packagePath('api/articles/article.css'), 'utf8');
export const STYLESHEET_PATH = '/articles/style.css';

/** Head with the stylesheet and feed discovery links, and the site header every page shares. */
function head(title: string, base: string, canonical: string): string {
  return [
    ...htmlHead(title, [
      `<link rel="stylesheet" href="${esc(base)}${STYLESHEET_PATH}">`,
      `<link rel="canonical" href="${esc(canonical)}">`,
      `<link rel="alternate" type="application/atom+xml" title="IPO research: articles (Atom)" href="${esc(base)}/articles/feed.atom">`,
      `<link rel="alternate" type="application/feed+json" title="IPO research: articles (JSON Feed)" href="${esc(base)}/articles/feed.json">`,
    ]),
    '<body>',
    `<header class="site"><a class="home" href="${esc(base)}/articles">IPO research</a>` +
      `<a href="${esc(base)}/articles">All articles</a><a href="${esc(base)}/articles/feed.atom">Atom feed</a><a href="${esc(base)}/articles/feed.json">JSON Feed</a></header>`,
    '<main>',
  ].join('\n');
}

const FOOT = [
  '</main>',
  '<footer class="site"><p>Built from SEC EDGAR filings and daily market prices. A figure links to the SEC filing that states it where there is one; each table and chart names its sources.</p></footer>',
  '</body>',
  '</html>',
  '',
].join('\n');

/**
 * The public page of one article: the stored `html` (an <article> fragment the projector built,
 * its text already escaped) inside the site's document. Links in the fragment are absolute (SEC)
 * or relative to the public base, where this page is served.
 */
export function renderArticlePage(article: ArticlePageRow, base: string): string {
  return `${head(article.title, base, base + article.path)}\n${article.html}${FOOT}`;
}

/** The article index: the newest articles, newest first, each linked to its page with its summary. */
export function renderArticleIndex(articles: readonly IndexedArticle[], base: string): string {
  const items = articles.map(
    (a) =>
      `<li><a href="${esc(base + a.path)}">${esc(a.title)}</a> <time datetime="${esc(a.publishedAt)}">${esc(a.publishedAt.slice(0, 10))}</time>` +
      `<br><span class="source">${esc(a.summary)}</span></li>`,
  );
  const list = items.length ? ['<ul class="index">', ...items, '</ul>'].join('\n') : '<p>No articles have been published yet.</p>';
  return `${head('IPO research: articles', base, `${base}/articles`)}\n<h1>IPO research: articles</h1>\n${list}\n${FOOT}`;
}

/** A 404 page for browsers; API clients asking for JSON get the ApiError envelope instead. */
export function renderNotFoundPage(base: string): string {
  return `${head('Article not found', base, `${base}/articles`)}\n<h1>Article not found</h1>\n<p><a href="${esc(base)}/articles">All articles</a></p>\n${FOOT}`;
}
