import { sql, type Kysely, type Migration } from 'kysely';

export const eventLogMigrations: Record<string, Migration> = {
  '0001_event_log': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE blobs (
        sha256 TEXT PRIMARY KEY,
        encoding TEXT NOT NULL,
        byte_length INTEGER NOT NULL,
        data BLOB NOT NULL
      ) WITHOUT ROWID`.execute(db);
      await sql`CREATE TABLE events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL,
        source TEXT NOT NULL,
        subject TEXT NOT NULL,
        observed_at TEXT NOT NULL,
        payload TEXT,
        blob_sha256 TEXT REFERENCES blobs(sha256),
        meta TEXT NOT NULL DEFAULT '{}'
      )`.execute(db);
      await sql`CREATE INDEX events_type_subject ON events(type, subject, seq)`.execute(db);
      // The log is append-only: the database itself refuses edits, not just the code.
      for (const table of ['events', 'blobs']) {
        for (const op of ['UPDATE', 'DELETE']) {
          await sql
            .raw(`CREATE TRIGGER ${table}_no_${op.toLowerCase()} BEFORE ${op} ON ${table}
                  BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END`)
            .execute(db);
        }
      }
    },
  },
  '0002_source_polls': {
    async up(db: Kysely<any>) {
      // Ingest bookkeeping beside the log, not part of it: the projector never reads it.
      await sql`CREATE TABLE source_polls (
        job TEXT PRIMARY KEY,
        last_success_at TEXT NOT NULL,
        last_appended INTEGER NOT NULL,
        successes INTEGER NOT NULL
      )`.execute(db);
    },
  },
};
