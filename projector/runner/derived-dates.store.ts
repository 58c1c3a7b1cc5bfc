import type { SqliteHandle } from '../../schema/sqlite.ts';

/** What a run needs of the as-of date each company was last derived under (RunTarget.derivedOn). */
export interface DerivedOn {
  get(id: string): string | undefined;
  has(id: string): boolean;
  set(id: string, today: string): unknown;
}

/**
 * DerivedOn for a rebuild, in a TEMP table (SQLite's own file beside the generation, gone with the
 * connection) rather than in memory: a rebuild derives about every company of the log, a million
 * at 25 years of EDGAR. A live run derives what its batches touch and keeps a Map.
 */
export class DerivedDates implements DerivedOn {
  private readonly select;
  private readonly upsert;

  constructor(db: SqliteHandle) {
    db.exec('CREATE TEMP TABLE IF NOT EXISTS derived_on (id TEXT PRIMARY KEY, today TEXT NOT NULL) WITHOUT ROWID');
    db.exec('DELETE FROM temp.derived_on');
    this.select = db.prepare('SELECT today FROM temp.derived_on WHERE id = ?').pluck();
    this.upsert = db.prepare('INSERT INTO temp.derived_on (id, today) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET today = excluded.today');
  }

  get(id: string): string | undefined {
    return this.select.get(id) as string | undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  set(id: string, today: string): void {
    this.upsert.run(id, today);
  }
}
