import type { SqliteHandle } from '../schema/sqlite.ts';
import { DEAL_EVENT_FACTS_SQL } from './projector-sample-events.ts';

/**
 * Tables left out of the canonical dump, each for a reason: stamps of when a build ran (build_meta),
 * the migration log, and SQLite's and FTS5's own bookkeeping (company_search itself is dumped).
 */
const NOT_DERIVED = /^(build_meta|kysely_migration.*|sqlite_.*|company_search_.+)$/;

/**
 * Every read table of a read.db as text, one JSON line per row in the order of all its columns:
 * what a rebuild and an incremental projection must agree on byte for byte. The change log
 * (deal_events) is dumped as its facts, as test/projector-sample-events.ts's dealEventFacts compares
 * them (each fact's first date and the values its latest event states): its ids, recording times,
 * `replayed` flag, revisions and other data are history (which batch first saw a
 * fact, when it committed, and the company's ticker and data as they stood then: a deal first seen priced and later
 * withdrawn keeps `priced` in the data of an incremental run, `withdrawn` in a rebuild's).
 */
export function canonicalReadDump(db: SqliteHandle): Map<string, string> {
  const tables = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all() as string[]).filter((t) => !NOT_DERIVED.test(t));
  const dump = new Map<string, string>();
  for (const table of tables) {
    const columns = (db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[]).map((c) => `"${c}"`);
    const select =
      table === 'company_search'
        ? 'SELECT rowid, * FROM company_search ORDER BY rowid'
        : table === 'deal_events'
          ? DEAL_EVENT_FACTS_SQL
          : `SELECT * FROM "${table}" ORDER BY ${columns.join(', ')}`;
    const rows = db.prepare(select).raw().all();
    dump.set(table, [`## ${table} (${rows.length})`, ...rows.map((r) => JSON.stringify(r))].join('\n'));
  }
  return dump;
}

/** Per table that differs, its first differing line in each dump; empty when the dumps are identical. */
export function differences(expected: Map<string, string>, actual: Map<string, string>): Array<{ table: string; expected: string; actual: string }> {
  const tables = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  const found: Array<{ table: string; expected: string; actual: string }> = [];
  for (const table of tables) {
    const a = expected.get(table) ?? '';
    const b = actual.get(table) ?? '';
    if (a === b) continue;
    const linesA = a.split('\n');
    const linesB = b.split('\n');
    const i = linesA.findIndex((line, n) => line !== linesB[n]);
    const at = i === -1 ? linesA.length : i;
    found.push({ table, expected: linesA[at] ?? '(no line)', actual: linesB[at] ?? '(no line)' });
  }
  return found;
}
