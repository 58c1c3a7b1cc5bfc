import type { SqliteHandle } from '../../schema/sqlite.ts';

/** Keys held in memory before they are written to the table: a few megabytes at most. */
const HELD_KEYS = 50_000;

/**
 * The companies a rebuild's batches touched and has not derived yet (see ProjectOptions.deriveOnce):
 * their keys only, never their inputs, which the derivation reads from the proj_* state tables when
 * it runs. A 25-year log names about a million filers, so past HELD_KEYS the keys go to a TEMP table
 * (a file of SQLite's own, outside the generation, gone with the connection): memory stays bounded
 * however long the log, and the keys come back in key order, the order a batch derives in.
 */
export class DirtyCompanies {
  private held = new Set<string>();
  private readonly insert;
  private readonly page;
  private readonly any;
  private readonly clearTable;

  constructor(
    db: SqliteHandle,
    private readonly heldKeys = HELD_KEYS,
  ) {
    db.exec('CREATE TEMP TABLE IF NOT EXISTS dirty_companies (id TEXT PRIMARY KEY) WITHOUT ROWID');
    db.exec('DELETE FROM temp.dirty_companies');
    this.insert = db.prepare('INSERT OR IGNORE INTO temp.dirty_companies (id) VALUES (?)');
    this.page = db.prepare('SELECT id FROM temp.dirty_companies WHERE id > ? ORDER BY id LIMIT ?').pluck();
    this.any = db.prepare('SELECT 1 FROM temp.dirty_companies LIMIT 1').pluck();
    this.clearTable = db.prepare('DELETE FROM temp.dirty_companies');
  }

  add(id: string): void {
    this.held.add(id);
    if (this.held.size >= this.heldKeys) this.spill();
  }

  isEmpty(): boolean {
    return this.held.size === 0 && this.any.get() === undefined;
  }

  /** Up to `limit` keys after `after`, in key order (every key added so far, held or written). */
  keysAfter(after: string, limit: number): string[] {
    this.spill();
    return this.page.all(after, limit) as string[];
  }

  clear(): void {
    this.held = new Set();
    this.clearTable.run();
  }

  private spill(): void {
    for (const id of this.held) this.insert.run(id);
    this.held = new Set();
  }
}
