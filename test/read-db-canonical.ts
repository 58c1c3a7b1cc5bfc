import type { SqliteHandle } from '../schema/sqlite.ts';

/**
 * Tables left out of the canonical dump, each for a reason: stamps of when a build ran (build_meta),
 * the migration log, and SQLite's and FTS5's own bookkeeping (company_search itself is dumped). The
 * change log (deal_events) is history, not a derivation: a rebuild holds the final state's facts, an
 * incremental projection also those later evidence revised, so the two are compared as final facts
 * (test/projector-sample-events.ts finalFactDifferences), not line by line.
 */
const NOT_DERIVED = /^(build_meta|deal_events|kysely_migration.*|sqlite_.*|company_search_.+)$/;

/**
 * Every read table of a read.db but the change log as text, one JSON line per row in the order of
 * all its columns: what a rebuild and an incremental projection must agree on byte for byte.
 */
export function canonicalReadDump(db: SqliteHandle): Map<string, string> {
  const tables = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all() as string[]).filter((t) => !NOT_DERIVED.test(t));
  const dump = new Map<string, string>();
  for (const table of tables) {
    const columns = (db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[]).map((c) => `"${c}"`);
    const select = table === 'company_search' ? 'SELECT rowid, * FROM company_search ORDER BY rowid' : `SELECT * FROM "${table}" ORDER BY ${columns.join(', ')}`;
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
