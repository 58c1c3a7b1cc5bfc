import { sql, type SelectQueryBuilder } from 'kysely';
import type { ReadDatabase } from '../../schema/read/tables.ts';
import { companyKey } from '../../schema/cik.ts';
import { bind, type Param, type ShapeCompiler } from '../db/compiled-query.ts';
import type { ReadConnection } from '../db/read-db-source.ts';
import { tickerSpellings } from '../http/filter-values.ts';
import type { EventStreamQuery } from './events.schema.ts';

/** A change-log row as the query returns it: id, type, key, cik, ticker, occurred_on, recorded_at, replayed, data_json. */
export type DealEventRow = [number, string, string, string | null, string | null, string | null, string, number, string];

/** What one JSON page of the log is built from. */
export interface EventPageRows {
  rows: DealEventRow[];
  /** The newest id of the change log when the page was read (0 when it is empty). */
  newest: number;
}

/** The filters of one stream (or webhook endpoint) as statement parameters: JSON arrays, null when absent. */
export interface EventFilter {
  types: string | null;
  ciks: string | null;
  tickers: string | null;
}

export function eventFilter(query: EventStreamQuery): EventFilter {
  const list = (values: readonly string[] | undefined) => (values === undefined || values.length === 0 ? null : JSON.stringify([...new Set(values)]));
  return {
    types: list(query.type),
    ciks: list(query.cik?.map((cik) => companyKey(cik) ?? cik)),
    tickers: list(query.ticker?.flatMap(tickerSpellings)),
  };
}

type EventQb = SelectQueryBuilder<ReadDatabase, 'deal_events', any>;

const FILTERS: Record<keyof EventFilter, (qb: EventQb, p: Param) => EventQb> = {
  types: (qb, p) => qb.where(sql<boolean>`type IN (SELECT value FROM json_each(${p('types')}))`),
  ciks: (qb, p) => qb.where(sql<boolean>`cik IN (SELECT value FROM json_each(${p('ciks')}))`),
  // Matched when sent, like the lists' ticker filter: every ticker the company is known by now.
  tickers: (qb, p) =>
    qb.where('cik', 'in', (eb) => eb.selectFrom('company_tickers').select('cik').where(sql<boolean>`ticker IN (SELECT value FROM json_each(${p('tickers')}))`)),
};

const FILTER_NAMES = Object.keys(FILTERS) as Array<keyof EventFilter>;

export function createEventQueries(compiler: ShapeCompiler) {
  const db = compiler.builder;
  const queries = {
    /** Up to `limit` events with `after < id <= upto` that pass the filter, oldest first. */
    between(conn: ReadConnection, filter: EventFilter, after: number, upto: number, limit: number): DealEventRow[] {
      const active = FILTER_NAMES.filter((name) => filter[name] !== null);
      const shape = compiler.shape(`events|${active.join(',')}`, (param) => {
        let qb: EventQb = db
          .selectFrom('deal_events')
          .select(['id', 'type', 'key', 'cik', 'ticker', 'occurred_on', 'recorded_at', 'replayed', 'data_json'])
          .where('id', '>', param('after'))
          .where('id', '<=', param('upto'));
        for (const name of active) qb = FILTERS[name](qb, param);
        return qb.orderBy('id').limit(param('limit'));
      });
      return conn.rows(shape.sql).all(...bind(shape, { ...filter, after, upto, limit })) as DealEventRow[];
    },
    /** How many events with `after < id <= upto` pass the filter: what a webhook endpoint with it would be sent of them. */
    count(conn: ReadConnection, filter: EventFilter, after: number, upto: number): number {
      const active = FILTER_NAMES.filter((name) => filter[name] !== null);
      const shape = compiler.shape(`events-count|${active.join(',')}`, (param) => {
        let qb: EventQb = db
          .selectFrom('deal_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', '>', param('after'))
          .where('id', '<=', param('upto'));
        for (const name of active) qb = FILTERS[name](qb, param);
        return qb;
      });
      return conn.values(shape.sql).get(...bind(shape, { ...filter, after, upto })) as number;
    },
    /** The newest id of the change log (0 when it is empty). */
    lastId(conn: ReadConnection): number {
      return conn.values('SELECT coalesce(max(id), 0) FROM deal_events').get() as number;
    },
    /**
     * One JSON page: up to `limit` events after `after` that pass the filter, and the newest id of
     * the log they were read up to (so a page that is not full says how far it looked).
     */
    page(conn: ReadConnection, filter: EventFilter, after: number, limit: number): EventPageRows {
      const newest = queries.lastId(conn);
      return { rows: queries.between(conn, filter, after, newest, limit), newest };
    },
  };
  return queries;
}

export type EventQueries = ReturnType<typeof createEventQueries>;
