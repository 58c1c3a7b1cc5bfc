import { Kysely, Migrator, type Migration } from 'kysely';
import type { SqliteHandle } from './sqlite.ts';

/**
 * Runs in-code migrations in name order. Migrations live beside the tables they create, so a
 * clone never depends on a migrations folder layout.
 *
 * Kysely's SQLite migration lock is a no-op (it assumes one connection), so several `ipo`
 * processes starting on a fresh data folder would each create the same tables. The pending
 * migrations therefore run inside one `BEGIN IMMEDIATE` transaction: SQLite's write lock is the
 * cross-process lock, and a process that waited for it finds nothing left to run.
 */
export async function migrateToLatest<DB>(sqlite: SqliteHandle, db: Kysely<DB>, migrations: Record<string, Migration>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  if (!(await hasPending(migrator))) return;
  sqlite.exec('BEGIN IMMEDIATE');
  try {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    }
    sqlite.exec('COMMIT');
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    throw error;
  }
}

async function hasPending(migrator: Migrator): Promise<boolean> {
  const known = await migrator.getMigrations();
  return known.some((m) => m.executedAt === undefined);
}
