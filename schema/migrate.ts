import { Kysely, Migrator, type Migration } from 'kysely';

/**
 * Runs in-code migrations in name order. Migrations live beside the tables they create, so a
 * clone never depends on a migrations folder layout.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, migrations: Record<string, Migration>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
