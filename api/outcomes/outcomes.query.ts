import { sql, type SelectQueryBuilder } from 'kysely';
import type { ReadDatabase } from '../../schema/read/tables.ts';
import { bind, type Param, type ShapeCompiler } from '../db/compiled-query.ts';
import { ActiveFilters, nameFilterSql, rowTickerFilterSql } from '../db/name-filters.ts';
import { keyedRow, keysetBefore, keysetValues } from '../db/keyset.ts';
import type { ReadConnection } from '../db/read-db-source.ts';
import type { CursorKey } from '../http/cursor.ts';
import { datePart } from '../http/filter-values.ts';
import type { OutcomeListQuery } from './outcomes.schema.ts';

/** Page order: first trading day, newest first; CIK and ticker make the key unique. */
export const OUTCOME_KEY = ['trading_start_date', 'cik', 'ticker'] as const;
/** Cursor namespace of this endpoint: a cursor it issued is refused elsewhere. */
export const OUTCOMES_ENDPOINT = 'outcomes';

type OutcomeQb = SelectQueryBuilder<ReadDatabase, 'outcomes', any>;

const FILTERS: Record<string, (qb: OutcomeQb, p: Param) => OutcomeQb> = {
  ...nameFilterSql<'outcomes'>(),
  ticker: rowTickerFilterSql<'outcomes'>(),
  status: (qb, p) => qb.where('status', '=', p('status')),
  trading_start_date_from: (qb, p) => qb.where('trading_start_date', '>=', p('trading_start_date_from')),
  trading_start_date_to: (qb, p) => qb.where('trading_start_date', '<=', p('trading_start_date_to')),
  after: (qb, p) => qb.where(keysetBefore(OUTCOME_KEY, p)),
};

export function createOutcomeQueries(compiler: ShapeCompiler) {
  const db = compiler.builder;
  return {
    /** `limit + 1` keyed rows: trading_start_date, cik, ticker, outcomeJson. */
    list(conn: ReadConnection, query: OutcomeListQuery, after: CursorKey | null, limit: number): string[] {
      const filters = new ActiveFilters(limit);
      filters.useNameFilters(query);
      const use = filters.use.bind(filters);
      if (query.status !== undefined) use('status', { status: query.status });
      if (query.trading_start_date_from !== undefined) {
        use('trading_start_date_from', { trading_start_date_from: datePart(query.trading_start_date_from) });
      }
      if (query.trading_start_date_to !== undefined) {
        use('trading_start_date_to', { trading_start_date_to: datePart(query.trading_start_date_to) });
      }
      if (after !== null) use('after', keysetValues(after));

      const shape = compiler.shape(`outcomes|${filters.names.join(',')}`, (param) => {
        let qb: OutcomeQb = db
          .selectFrom('outcomes')
          .select(keyedRow(OUTCOME_KEY, 'json').as('row'))
          // The spec promises only partial and complete rows, whatever else a projector writes.
          .where(sql<boolean>`status IN ('partial', 'complete')`);
        for (const name of filters.names) qb = FILTERS[name](qb, param);
        return qb
          .orderBy('trading_start_date', 'desc')
          .orderBy('cik', 'desc')
          .orderBy('ticker', 'desc')
          .limit(param('limit'));
      });
      return conn.values(shape.sql).all(...bind(shape, filters.values)) as string[];
    },
  };
}
