import { sql, type SelectQueryBuilder } from 'kysely';
import { FILING_INCLUDES } from '../../schema/api/params.schema.ts';
import type { ReadDatabase } from '../../schema/read/tables.ts';
import { bind, type Param, type ShapeCompiler } from '../db/compiled-query.ts';
import { closedJsonSql, keyedRow, keysetBefore, keysetValues } from '../db/keyset.ts';
import type { ReadConnection } from '../db/read-db-source.ts';
import type { CursorKey } from '../http/cursor.ts';
import { likeContains, lowerName, padCik, PREFIX_END, upperTicker } from '../http/filter-values.ts';
import type { FilingListQuery } from './filings.schema.ts';

/** Page order: filing date, accession number, then filer CIK (a filing is listed once per filer). */
export const FILING_KEY = ['filing_date', 'accession_number', 'cik'] as const;

type FilingQb = SelectQueryBuilder<ReadDatabase, 'filings', any>;

const FILTERS: Record<string, (qb: FilingQb, p: Param) => FilingQb> = {
  cik: (qb, p) => qb.where('cik', '=', p('cik')),
  company_name: (qb, p) => qb.where(sql<boolean>`name_lower LIKE ${p('company_name')} ESCAPE '\\'`),
  name_prefix: (qb, p) => qb.where('name_lower', '>=', p('name_prefix')).where('name_lower', '<', p('name_prefix_end')),
  ticker: (qb, p) => qb.where('cik', 'in', (eb) => eb.selectFrom('company_tickers').select('cik').where('ticker', '=', p('ticker'))),
  form_type: (qb, p) => qb.where('form_type', '=', p('form_type')),
  filing_date_from: (qb, p) => qb.where('filing_date', '>=', p('filing_date_from')),
  filing_date_to: (qb, p) => qb.where('filing_date', '<=', p('filing_date_to')),
  after: (qb, p) => qb.where(keysetBefore(FILING_KEY, p)),
};

const INCLUDE_FRAGMENTS: Record<string, string> = {
  ai_enrichment: `',"aiEnrichment":' || ai_enrichment_json`,
  terms: `',"terms":' || terms_json`,
};

export function createFilingQueries(compiler: ShapeCompiler) {
  const db = compiler.builder;
  return {
    /** `limit + 1` keyed rows: filing_date, accession_number, cik, filingJson. */
    list(conn: ReadConnection, query: FilingListQuery, after: CursorKey | null, limit: number): string[] {
      const includes = FILING_INCLUDES.filter((token) => query.include?.includes(token));
      const values: Record<string, unknown> = { limit: limit + 1 };
      const active: string[] = [];
      const use = (name: string, extra: Record<string, unknown>) => {
        active.push(name);
        Object.assign(values, extra);
      };
      if (query.cik !== undefined) use('cik', { cik: padCik(query.cik) });
      if (query.company_name !== undefined) use('company_name', { company_name: likeContains(query.company_name) });
      if (query.name_prefix !== undefined) {
        const prefix = lowerName(query.name_prefix);
        use('name_prefix', { name_prefix: prefix, name_prefix_end: prefix + PREFIX_END });
      }
      if (query.ticker !== undefined) use('ticker', { ticker: upperTicker(query.ticker) });
      if (query.form_type !== undefined) use('form_type', { form_type: query.form_type.trim().toUpperCase() });
      if (query.filing_date_from !== undefined) use('filing_date_from', { filing_date_from: query.filing_date_from });
      if (query.filing_date_to !== undefined) use('filing_date_to', { filing_date_to: query.filing_date_to });
      if (after !== null) use('after', keysetValues(after));

      const shape = compiler.shape(`filings|${active.join(',')}|${includes.join(',')}`, (param) => {
        let qb: FilingQb = db
          .selectFrom('filings')
          .select(keyedRow(FILING_KEY, closedJsonSql('json', includes.map((token) => INCLUDE_FRAGMENTS[token]))).as('row'));
        for (const name of active) qb = FILTERS[name](qb, param);
        return qb
          .orderBy('filing_date', 'desc')
          .orderBy('accession_number', 'desc')
          .orderBy('cik', 'desc')
          .limit(param('limit'));
      });
      return conn.values(shape.sql).all(...bind(shape, values)) as string[];
    },
  };
}
