import { sql, type Kysely, type Migration } from 'kysely';

export const opsMigrations: Record<string, Migration> = {
  '0001_ops': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        prefix TEXT NOT NULL UNIQUE,
        key_hash TEXT NOT NULL,
        last4 TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      )`.execute(db);
      await sql`CREATE TABLE ingest_cursors (name TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TEXT NOT NULL)`.execute(db);
      await sql`CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`.execute(db);
    },
  },
  '0002_api_key_last_used': {
    async up(db: Kysely<any>) {
      await sql`ALTER TABLE api_keys ADD COLUMN last_used_at TEXT`.execute(db);
    },
  },
};
