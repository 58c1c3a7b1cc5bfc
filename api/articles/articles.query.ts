import { sql } from 'kysely';
import { bind, type ShapeCompiler } from '../db/compiled-query.ts';
import type { ReadConnection } from '../db/read-db-source.ts';

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
  };
}
