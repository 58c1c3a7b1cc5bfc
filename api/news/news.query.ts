import { sql, type SelectQueryBuilder } from 'kysely';
import type { ReadDatabase } from '../../schema/read/tables.ts';
import { bind, type Param, type ShapeCompiler } from '../db/compiled-query.ts';
import { ActiveFilters, nameFilterSql } from '../db/name-filters.ts';
import { keyedRow, keysetBefore, keysetValues, withLastValueSql } from '../db/keyset.ts';
import type { ReadConnection } from '../db/read-db-source.ts';
import type { CursorKey } from '../http/cursor.ts';
import { lowerInstant, upperInstant } from '../http/filter-values.ts';
import type { NewsListQuery } from './news.schema.ts';

/**
 * Page order, newest first: the items with a known publication date by it, then those whose date is
 * unknown (`date_known` 0, served under their first observation) by that, so an old story first seen
 * today never lists as today's news. An article linked to two companies is two rows; news id and CIK
 * make the key unique. The key is the table's primary key, walked in order.
 */
export const NEWS_KEY = ['date_known', 'published_at', 'news_id', 'cik'] as const;
/** Cursor namespace of this endpoint: a cursor it issued is refused elsewhere. */
export const NEWS_ENDPOINT = 'news';

type NewsQb = SelectQueryBuilder<ReadDatabase, 'api_news', any>;

const FILTERS: Record<string, (qb: NewsQb, p: Param) => NewsQb> = {
  ...nameFilterSql<'api_news'>(),
  // A lower bound on the publication time: an undated item, published at some unknown time before
  // it was first seen, is never known to be after it. (Before an upper bound it is: see the schema.)
  published_at_from: (qb, p) => qb.where('date_known', '=', sql.lit(1)).where('published_at', '>=', p('published_at_from')),
  published_at_to: (qb, p) => qb.where('published_at', '<=', p('published_at_to')),
  provider: (qb, p) => qb.where('provider', '=', p('provider')),
  source_name: (qb, p) => qb.where('source_name', '=', p('source_name')),
  after: (qb, p) => qb.where(keysetBefore(NEWS_KEY, p)),
};

export function createNewsQueries(compiler: ShapeCompiler) {
  const db = compiler.builder;
  return {
    /** `limit + 1` keyed rows: published_at, news_id, cik, newsJson; content only when asked for. */
    list(conn: ReadConnection, query: NewsListQuery, after: CursorKey | null, limit: number): string[] {
      const withContent = query.include?.includes('content') ?? false;
      const filters = new ActiveFilters(limit);
      filters.useNameFilters(query);
      const use = filters.use.bind(filters);
      if (query.published_at_from !== undefined) {
        use('published_at_from', { published_at_from: lowerInstant('published_at_from', query.published_at_from) });
      }
      if (query.published_at_to !== undefined) {
        use('published_at_to', { published_at_to: upperInstant('published_at_to', query.published_at_to) });
      }
      if (query.provider !== undefined) use('provider', { provider: query.provider });
      if (query.source_name !== undefined) use('source_name', { source_name: query.source_name });
      if (after !== null) use('after', keysetValues(after));

      const shape = compiler.shape(`news|${filters.names.join(',')}|${withContent}`, (param) => {
        // The stored item ends with `"content":null`, served as is unless include=content asks for the body.
        const item = withContent ? withLastValueSql('json', 'content_json') : 'json';
        let qb: NewsQb = db.selectFrom('api_news').select(keyedRow(NEWS_KEY, item).as('row'));
        for (const name of filters.names) qb = FILTERS[name](qb, param);
        return newestFirst(qb).limit(param('limit'));
      });
      return conn.values(shape.sql).all(...bind(shape, filters.values)) as string[];
    },
  };
}

/** NEWS_KEY descending: the news list's order, and that of a company detail's embedded news. */
export function newestFirst<Q extends SelectQueryBuilder<ReadDatabase, 'api_news', any>>(qb: Q): Q {
  return NEWS_KEY.reduce((ordered, column) => ordered.orderBy(column, 'desc') as Q, qb);
}
