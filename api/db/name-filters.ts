import { sql, type SelectQueryBuilder } from 'kysely';
import type { ReadDatabase } from '../../schema/read/tables.ts';
import { companyKey } from '../../schema/cik.ts';
import { likeContains, lowerName, nasdaqUnitSpellings, PREFIX_END, tickerSpellings } from '../http/filter-values.ts';
import type { Param } from './compiled-query.ts';

/** The filters every list endpoint shares (spec §4.0). */
export interface NameFilterQuery {
  cik?: string;
  company_name?: string;
  name_prefix?: string;
  ticker?: string;
}

/** Tables that carry `cik` and `name_lower`: the name filters apply to each the same way. */
type NamedTable = 'companies' | 'api_filings' | 'api_news' | 'outcomes' | 'calendar_entries';
type NamedQb<T extends NamedTable> = SelectQueryBuilder<ReadDatabase, T, any>;
export type FilterSql<T extends NamedTable> = Record<string, (qb: NamedQb<T>, p: Param) => NamedQb<T>>;

/**
 * The spellings a ticker filter matches: the request's (tickerSpellings), else, when no company holds
 * any of them, the units a Nasdaq-style unit symbol names (nasdaqUnitSpellings: TPGHU for TPG Pace's
 * TPGH-U), as the detail resolves them.
 */
const tickerValues = (p: Param) =>
  sql`(SELECT value FROM json_each(CASE WHEN EXISTS (SELECT 1 FROM company_tickers WHERE ticker IN (SELECT value FROM json_each(${p('ticker')})))
    THEN ${p('ticker')} ELSE ${p('unit_ticker')} END))`;

export function nameFilterSql<T extends NamedTable>(): FilterSql<T> {
  // Kysely cannot narrow the column names of a table union; the tables all have these columns.
  type Qb = NamedQb<'api_filings'>;
  const filters: FilterSql<'api_filings'> = {
    cik: (qb: Qb, p) => qb.where('cik', '=', p('cik')),
    company_name: (qb: Qb, p) => qb.where(sql<boolean>`name_lower LIKE ${p('company_name')} ESCAPE '\\'`),
    name_prefix: (qb: Qb, p) => qb.where('name_lower', '>=', p('name_prefix')).where('name_lower', '<', p('name_prefix_end')),
    ticker: (qb: Qb, p) =>
      qb.where('cik', 'in', (eb) => eb.selectFrom('company_tickers').select('cik').where(sql<boolean>`ticker IN ${tickerValues(p)}`)),
  };
  return filters as unknown as FilterSql<T>;
}

/** Tables whose rows carry a ticker of their own (the one an outcome traded under, an entry's company's primary one). */
type TickeredTable = 'outcomes' | 'calendar_entries';

/**
 * The ticker filter of a table whose rows carry a ticker: the row's own ticker, or any ticker of
 * its company (company_tickers), in any of the spellings the request's ticker stands for.
 */
export function rowTickerFilterSql<T extends TickeredTable>(): FilterSql<T>['ticker'] {
  type Qb = NamedQb<'outcomes'>;
  const filter = (qb: Qb, p: Param) =>
    qb.where((eb) =>
      eb.or([
        sql<boolean>`ticker IN ${tickerValues(p)}`,
        eb('cik', 'in', eb.selectFrom('company_tickers').select('cik').where(sql<boolean>`ticker IN ${tickerValues(p)}`)),
      ]),
    );
  return filter as unknown as FilterSql<T>['ticker'];
}

/**
 * The filters of one request: their names, in a fixed order, select the compiled query shape;
 * their values are the statement's parameters.
 */
export class ActiveFilters {
  readonly names: string[] = [];
  readonly values: Record<string, unknown>;

  constructor(limit: number) {
    this.values = { limit: limit + 1 };
  }

  use(name: string, values: Record<string, unknown>): void {
    this.names.push(name);
    Object.assign(this.values, values);
  }

  /** Adds the shared cik / company_name / name_prefix / ticker filters present in `query`. */
  useNameFilters(query: NameFilterQuery): void {
    if (query.cik !== undefined) this.use('cik', { cik: companyKey(query.cik) ?? query.cik });
    if (query.company_name !== undefined) this.use('company_name', { company_name: likeContains(query.company_name) });
    if (query.name_prefix !== undefined) {
      const prefix = lowerName(query.name_prefix);
      this.use('name_prefix', { name_prefix: prefix, name_prefix_end: prefix + PREFIX_END });
    }
    if (query.ticker !== undefined) {
      this.use('ticker', { ticker: JSON.stringify(tickerSpellings(query.ticker)), unit_ticker: JSON.stringify(nasdaqUnitSpellings(query.ticker)) });
    }
  }

  shapeKey(prefix: string): string {
    return `${prefix}|${this.names.join(',')}`;
  }
}
