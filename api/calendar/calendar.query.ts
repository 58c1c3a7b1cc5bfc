import type { SelectQueryBuilder } from 'kysely';
import type { ReadDatabase } from '../../schema/read/tables.ts';
import { bind, type Param, type ShapeCompiler } from '../db/compiled-query.ts';
import { keyedRow, keyOf, keysetAfter, keysetValues } from '../db/keyset.ts';
import { ActiveFilters, nameFilterSql, rowTickerFilterSql } from '../db/name-filters.ts';
import type { ReadConnection } from '../db/read-db-source.ts';
import type { CursorKey } from '../http/cursor.ts';
import type { CalendarFilterQuery } from './calendar.schema.ts';

/** Rows read per statement while a feed collects every entry its filters select. */
const FEED_BATCH = 500;

/** Page order: expiry date, earliest first (a calendar reads forward); the entry id makes the key unique. */
export const CALENDAR_KEY = ['expiry_date', 'entry_id'] as const;
/** Cursor namespace of this endpoint: a cursor it issued is refused elsewhere. */
export const CALENDAR_ENDPOINT = 'calendar';

type CalendarQb = SelectQueryBuilder<ReadDatabase, 'calendar_entries', any>;

const FILTERS: Record<string, (qb: CalendarQb, p: Param) => CalendarQb> = {
  ...nameFilterSql<'calendar_entries'>(),
  ticker: rowTickerFilterSql<'calendar_entries'>(),
  kind: (qb, p) => qb.where('kind', '=', p('kind')),
  expiry_date_from: (qb, p) => qb.where('expiry_date', '>=', p('expiry_date_from')),
  expiry_date_to: (qb, p) => qb.where('expiry_date', '<=', p('expiry_date_to')),
  after: (qb, p) => qb.where(keysetAfter(CALENDAR_KEY, p)),
};

export function createCalendarQueries(compiler: ShapeCompiler) {
  const db = compiler.builder;
  const queries = {
    /** `limit + 1` keyed rows (expiry_date, entry_id, entry JSON) after the cursor position. */
    list(conn: ReadConnection, query: CalendarFilterQuery, after: CursorKey | null, limit: number): string[] {
      const filters = new ActiveFilters(limit);
      filters.useNameFilters(query);
      const use = filters.use.bind(filters);
      if (query.kind !== undefined) use('kind', { kind: query.kind });
      if (query.expiry_date_from !== undefined) use('expiry_date_from', { expiry_date_from: query.expiry_date_from });
      if (query.expiry_date_to !== undefined) use('expiry_date_to', { expiry_date_to: query.expiry_date_to });
      if (after !== null) use('after', keysetValues(after));

      const shape = compiler.shape(filters.shapeKey('calendar'), (param) => {
        let qb: CalendarQb = db.selectFrom('calendar_entries').select(keyedRow(CALENDAR_KEY, 'json').as('row'));
        for (const name of filters.names) qb = FILTERS[name](qb, param);
        return qb.orderBy('expiry_date', 'asc').orderBy('entry_id', 'asc').limit(param('limit'));
      });
      return conn.values(shape.sql).all(...bind(shape, filters.values)) as string[];
    },

    /** Every keyed row the filters select, in page order (the feeds): the list, batch after batch. */
    all(conn: ReadConnection, query: CalendarFilterQuery): string[] {
      const rows: string[] = [];
      let after: CursorKey | null = null;
      for (;;) {
        const batch = queries.list(conn, query, after, FEED_BATCH);
        rows.push(...batch.slice(0, FEED_BATCH));
        if (batch.length <= FEED_BATCH) return rows;
        after = keyOf(batch[FEED_BATCH - 1], CALENDAR_KEY.length);
      }
    },

    /** The projection's as-of instant (read_meta), which dates the feeds. */
    asOf(conn: ReadConnection): string {
      const shape = compiler.shape('read-meta-value', (param) => db.selectFrom('read_meta').select('value').where('key', '=', param('key')));
      return (conn.values(shape.sql).get(...bind(shape, { key: 'as_of' })) as string | undefined) ?? '1970-01-01T00:00:00.000Z';
    },
  };
  return queries;
}
