import type { SelectQueryBuilder } from 'kysely';
import { FILING_INCLUDES } from '../../schema/api/params.schema.ts';
import type { ReadDatabase } from '../../schema/read/tables.ts';
import { bind, type Param, type ShapeCompiler } from '../db/compiled-query.ts';
import { ActiveFilters, nameFilterSql } from '../db/name-filters.ts';
import { keyedRow, keysetBefore, keysetValues, withIncludesSql } from '../db/keyset.ts';
import type { ReadConnection } from '../db/read-db-source.ts';
import type { CursorKey } from '../http/cursor.ts';
import type { FilingListQuery } from './filings.schema.ts';

/** Page order: filing date, accession number, then filer CIK (a filing is listed once per filer). */
export const FILING_KEY = ['filing_date', 'accession_number', 'cik'] as const;
/** Cursor namespace of this endpoint: a cursor it issued is refused elsewhere. */
export const FILINGS_ENDPOINT = 'filings';

type FilingQb = SelectQueryBuilder<ReadDatabase, 'api_filings', any>;

const FILTERS: Record<string, (qb: FilingQb, p: Param) => FilingQb> = {
  ...nameFilterSql<'api_filings'>(),
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
      const filters = new ActiveFilters(limit);
      filters.useNameFilters(query);
      const use = filters.use.bind(filters);
      if (query.form_type !== undefined) use('form_type', { form_type: query.form_type.trim().toUpperCase() });
      if (query.filing_date_from !== undefined) use('filing_date_from', { filing_date_from: query.filing_date_from });
      if (query.filing_date_to !== undefined) use('filing_date_to', { filing_date_to: query.filing_date_to });
      if (after !== null) use('after', keysetValues(after));

      const shape = compiler.shape(`filings|${filters.names.join(',')}|${includes.join(',')}`, (param) => {
        let qb: FilingQb = db
          .selectFrom('api_filings')
          .select(keyedRow(FILING_KEY, withIncludesSql('json', includes.map((token) => INCLUDE_FRAGMENTS[token]))).as('row'));
        for (const name of filters.names) qb = FILTERS[name](qb, param);
        return qb
          .orderBy('filing_date', 'desc')
          .orderBy('accession_number', 'desc')
          .orderBy('cik', 'desc')
          .limit(param('limit'));
      });
      return conn.values(shape.sql).all(...bind(shape, filters.values)) as string[];
    },
  };
}
