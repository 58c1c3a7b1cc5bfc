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

/** A served company row as the migrations' views read it: its identity, its offerings and the consensus and terms beside them. */
export interface CompanyFixture {
  sortDate: string;
  cik: string;
  name: string;
  ticker: string;
  offeringStatus?: string;
  dealType?: string;
  offerings: unknown[];
  consensus?: unknown;
  latestTerms?: unknown;
}

/** Inserts one companies row (market us, an IPO-family company, an empty API object). */
export function insertCompany(db: SqliteHandle, c: CompanyFixture): void {
  db.prepare(
    `INSERT INTO companies (sort_date, cik, name, name_lower, ticker, offering_status, deal_type, market, is_ipo, json, offerings_json, consensus_json, latest_terms_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'us', 1, '{}', ?, ?, ?)`,
  ).run(c.sortDate, c.cik, c.name, c.name.toLowerCase(), c.ticker, c.offeringStatus ?? 'listed', c.dealType ?? 'ipo', JSON.stringify(c.offerings), JSON.stringify(c.consensus ?? null), JSON.stringify(c.latestTerms ?? null));
}
