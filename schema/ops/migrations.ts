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
  // Webhook endpoints the operator registers (`ipo webhooks add`) and every delivery attempt
  // (api/webhooks). The secret signs deliveries, so it is kept as given, unlike API keys.
  '0003_webhooks': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE webhook_endpoints (
        id TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        event_types TEXT,
        secret TEXT NOT NULL,
        cursor INTEGER NOT NULL,
        failures INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        created_at TEXT NOT NULL,
        removed_at TEXT
      )`.execute(db);
      await sql`CREATE TABLE webhook_deliveries (
        id INTEGER PRIMARY KEY,
        endpoint_id TEXT NOT NULL,
        event_id INTEGER NOT NULL,
        attempt INTEGER NOT NULL,
        attempted_at TEXT NOT NULL,
        outcome TEXT NOT NULL,
        http_status INTEGER,
        error TEXT,
        ms INTEGER NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries(endpoint_id, id)`.execute(db);
    },
  },
};
