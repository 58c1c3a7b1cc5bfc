import { sql } from 'kysely';
import type { FeedArticle } from '../../schema/feeds/feed.render.ts';
import { bind, type ShapeCompiler } from '../db/compiled-query.ts';
import type { ReadConnection } from '../db/read-db-source.ts';

/** What an article page needs from its row. */
export interface ArticlePageRow {
  id: string;
  title: string;
  path: string;
  publishedAt: string;
  html: string;
}

type FeedRow = [string, string, string, string, string, string, string?];

/** An article as the index lists it: the feed entry without its HTML. */
export type IndexedArticle = Omit<FeedArticle, 'html'>;

/** A row selected as article_id, source_kind, title, published_at, path, summary[, html]. */
function indexed([id, sourceKind, title, publishedAt, path, summary]: FeedRow): IndexedArticle {
  // The projector writes only the three kinds ApiArticleFeedItem names.
  return { id, sourceKind: sourceKind as FeedArticle['sourceKind'], title, publishedAt, path, summary };
}

export function createArticleQueries(compiler: ShapeCompiler) {
  const db = compiler.builder;
  return {
    /** The newest published articles as ApiArticleFeedItem JSON texts, built by SQLite. */
    latest(conn: ReadConnection, baseUrl: string, limit: number): string[] {
      const shape = compiler.shape('articles', (param) =>
        db
          .selectFrom('articles')
          .select(
            sql<string>`json_object('id', article_id, 'sourceKind', source_kind, 'title', title, 'url', ${param('base')} || path, 'publishedAt', published_at)`.as(
              'item',
            ),
          )
          .orderBy('published_at', 'desc')
          .orderBy('article_id', 'desc')
          .limit(param('limit')),
      );
      return conn.values(shape.sql).all(...bind(shape, { base: baseUrl, limit })) as string[];
    },

    /** The newest published articles with their summaries and HTML, newest first: the feeds' entries. */
    feed(conn: ReadConnection, limit: number): FeedArticle[] {
      const shape = compiler.shape('articles-feed', (param) =>
        db
          .selectFrom('articles')
          .select(['article_id', 'source_kind', 'title', 'published_at', 'path', 'summary', 'html'])
          .orderBy('published_at', 'desc')
          .orderBy('article_id', 'desc')
          .limit(param('limit')),
      );
      const rows = conn.rows(shape.sql).all(...bind(shape, { limit })) as FeedRow[];
      return rows.map((row) => ({ ...indexed(row), html: row[6] ?? '' }));
    },

    /** The newest published articles for the index page (no HTML), newest first. */
    index(conn: ReadConnection, limit: number): IndexedArticle[] {
      const shape = compiler.shape('articles-index', (param) =>
        db
          .selectFrom('articles')
          .select(['article_id', 'source_kind', 'title', 'published_at', 'path', 'summary'])
          .orderBy('published_at', 'desc')
          .orderBy('article_id', 'desc')
          .limit(param('limit')),
      );
      return (conn.rows(shape.sql).all(...bind(shape, { limit })) as FeedRow[]).map(indexed);
    },

    /** One published article by id, or null. */
    byId(conn: ReadConnection, id: string): ArticlePageRow | null {
      const shape = compiler.shape('article-by-id', (param) =>
        db
          .selectFrom('articles')
          .select(['article_id', 'title', 'path', 'published_at', 'html'])
          .where('article_id', '=', param('id')),
      );
      const row = conn.rows(shape.sql).get(...bind(shape, { id })) as [string, string, string, string, string] | undefined;
      return row ? { id: row[0], title: row[1], path: row[2], publishedAt: row[3], html: row[4] } : null;
    },
  };
}
