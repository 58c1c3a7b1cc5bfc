import type { SqliteHandle } from '../../schema/sqlite.ts';

/**
 * Indexes of the served tables that only readers use (the API's filters and sorts, the change log
 * by company): the projector never searches through them, it only keeps them in step with every
 * row it writes. A rebuild writes every row of a fresh generation that nobody reads before it is
 * published, so it builds these once, after the bulk load (a sort, instead of an insert into each
 * index for every row, in random order).
 */
const READER_ONLY_INDEXES = [
  'api_filings_by_date',
  'api_filings_by_form',
  'api_filings_by_accession',
  'companies_by_name',
  'companies_by_updated',
  'calendar_entries_by_kind',
  'deal_events_by_cik',
] as const;

/** Drops the reader-only indexes; returns the statements that create them again, as the migrations wrote them. */
export function dropReaderIndexes(db: SqliteHandle): string[] {
  const definition = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`).pluck();
  const created: string[] = [];
  for (const name of READER_ONLY_INDEXES) {
    const sql = definition.get(name) as string | undefined;
    if (sql === undefined) continue;
    db.exec(`DROP INDEX "${name}"`);
    created.push(sql);
  }
  return created;
}

export function createIndexes(db: SqliteHandle, statements: readonly string[]): void {
  for (const sql of statements) db.exec(sql);
}
