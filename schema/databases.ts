import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { EventLog } from './events/event-log.ts';
import { eventLogMigrations } from './events/migrations.ts';
import type { EventLogDatabase } from './events/tables.ts';
import { migrateToLatest } from './migrate.ts';
import { opsMigrations } from './ops/migrations.ts';
import type { OpsDatabase } from './ops/tables.ts';
import { readMigrations } from './read/migrations.ts';
import type { ReadDatabase } from './read/tables.ts';
import { kyselyFor, openSqlite, type SqliteHandle } from './sqlite.ts';

export interface OpenDatabase<DB> {
  sqlite: SqliteHandle;
  kysely: Kysely<DB>;
  close(): Promise<void>;
}

async function openMigrated<DB>(path: string, migrations: Parameters<typeof migrateToLatest>[2]): Promise<OpenDatabase<DB>> {
  const sqlite = openSqlite(path);
  const kysely = kyselyFor<DB>(sqlite);
  await migrateToLatest(sqlite, kysely, migrations);
  return { sqlite, kysely, close: () => kysely.destroy() };
}

export function eventsDbPath(dataDir: string): string {
  return join(dataDir, 'events.db');
}

export function opsDbPath(dataDir: string): string {
  return join(dataDir, 'ops.db');
}

export async function openEventLogDb(dataDir: string): Promise<OpenDatabase<EventLogDatabase> & { log: EventLog }> {
  mkdirSync(dataDir, { recursive: true });
  const opened = await openMigrated<EventLogDatabase>(eventsDbPath(dataDir), eventLogMigrations);
  return { ...opened, log: new EventLog(opened.sqlite) };
}

export async function openOpsDb(dataDir: string): Promise<OpenDatabase<OpsDatabase>> {
  mkdirSync(dataDir, { recursive: true });
  return openMigrated<OpsDatabase>(opsDbPath(dataDir), opsMigrations);
}

/** Opens (creating and migrating if needed) a read database file for the projector to write. */
export async function openReadDbForWrite(path: string): Promise<OpenDatabase<ReadDatabase>> {
  return openMigrated<ReadDatabase>(path, readMigrations);
}
