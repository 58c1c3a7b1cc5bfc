import { Migrator } from 'kysely';
import { readMigrations } from '../schema/read/migrations.ts';
import { kyselyFor, openSqlite, type SqliteHandle } from '../schema/sqlite.ts';

/**
 * A read.db generation in memory, migrated up to `name` as an earlier release left it; `toLatest`
 * then runs the migrations since, as a newer release does when it opens that generation.
 */
export async function generationAt(name: string): Promise<{ db: SqliteHandle; toLatest(): Promise<void> }> {
  const db = openSqlite(':memory:');
  const migrator = new Migrator({ db: kyselyFor(db), provider: { getMigrations: async () => readMigrations } });
  const at = await migrator.migrateTo(name);
  if (at.error) {
    db.close();
    throw at.error;
  }
  return {
    db,
    async toLatest() {
      const latest = await migrator.migrateToLatest();
      if (latest.error) throw latest.error;
    },
  };
}
