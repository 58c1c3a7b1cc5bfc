import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { loadConfig } from '../../schema/config.ts';
import { eventsDbPath, opsDbPath } from '../../schema/databases.ts';
import { integrityOf, openSqlite } from '../../schema/sqlite.ts';
import { UsageError, type Command } from '../command.ts';

/**
 * What a backup holds: the event log (every fact the service ever observed) and the operational
 * state (API keys, the cursor secret). read.db is not backed up: it is derived, and
 * `ipo project --rebuild` makes it again from the log.
 */
const BACKED_UP = [
  { name: 'events.db', path: eventsDbPath },
  { name: 'ops.db', path: opsDbPath },
] as const;

export const BACKUP_MANIFEST = 'backup.json';

export interface BackupManifest {
  createdAt: string;
  from: string;
  files: Array<{ name: string; bytes: number; integrity: string }>;
  events: { count: number; lastSeq: number };
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Online backup with SQLite's backup API: a consistent snapshot while workers append and the API
 * reads, copied page by page (a write during the copy restarts it, so the copy is never torn).
 */
export async function backupDataDir(dataDir: string, targetDir: string, progress: (line: string) => void): Promise<BackupManifest> {
  if (!isEmptyDir(targetDir)) throw new UsageError(`${targetDir} is not empty; back up into a new or empty directory`);
  mkdirSync(targetDir, { recursive: true });
  const files: BackupManifest['files'] = [];
  for (const { name, path } of BACKED_UP) {
    const source = path(dataDir);
    if (!existsSync(source)) {
      if (name === 'events.db') throw new UsageError(`no event log at ${source}: nothing to back up (is DATA_DIR right?)`);
      continue;
    }
    const db = openSqlite(source, { readonly: true });
    const target = join(targetDir, name);
    try {
      let lastShown = 0;
      const result = await db.backup(target, {
        progress({ totalPages, remainingPages }) {
          const now = Date.now();
          if (now - lastShown > 1000) {
            progress(`backup: ${name} ${totalPages - remainingPages}/${totalPages} pages`);
            lastShown = now;
          }
          return 1000;
        },
      });
      progress(`backup: ${name} ${result.totalPages} pages`);
    } finally {
      db.close();
    }
    files.push({ name, bytes: readFileSync(target).byteLength, integrity: integrityOf(target) });
  }
  const events = openSqlite(join(targetDir, 'events.db'), { readonly: true });
  const count = events.prepare('SELECT count(*) FROM events').pluck().get() as number;
  const lastSeq = events.prepare('SELECT coalesce(max(seq), 0) FROM events').pluck().get() as number;
  events.close();
  const manifest: BackupManifest = { createdAt: new Date().toISOString(), from: resolve(dataDir), files, events: { count, lastSeq } };
  writeFileSync(join(targetDir, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Copies a backup into an empty data directory after checking each file's integrity. */
export function restoreDataDir(backupDir: string, dataDir: string): BackupManifest {
  const manifestPath = join(backupDir, BACKUP_MANIFEST);
  if (!existsSync(manifestPath)) throw new UsageError(`${backupDir} holds no ${BACKUP_MANIFEST}: not a backup made by \`ipo backup\``);
  if (!isEmptyDir(dataDir)) throw new UsageError(`DATA_DIR ${dataDir} is not empty; restore into a new or empty directory`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BackupManifest;
  for (const file of manifest.files) {
    const integrity = integrityOf(join(backupDir, file.name));
    if (integrity !== 'ok') throw new UsageError(`${file.name} in the backup fails SQLite's integrity check: ${integrity}`);
  }
  mkdirSync(dataDir, { recursive: true });
  for (const file of manifest.files) copyFileSync(join(backupDir, file.name), join(dataDir, basename(file.name)));
  return manifest;
}

export const backupCommand: Command = {
  name: 'backup',
  summary: 'Take an online backup of the event log and the operational state (API keys, cursor secret) into DIR.',
  args: ['DIR'],
  details: `Uses SQLite's online backup API, so workers, the projector and the API keep running. DIR must be
new or empty; it receives events.db, ops.db and backup.json (time, source, sizes, the integrity
check of each copy, the event count and last seq). read.db is not copied: it is derived from the
event log. To restore: \`ipo restore DIR\` into an empty DATA_DIR, then \`ipo project --rebuild\`.`,
  async run({ positionals }, io) {
    const config = loadConfig(io.env);
    const manifest = await backupDataDir(config.dataDir, positionals[0], (line) => io.err.write(`${line}\n`));
    io.out.write(`backup of ${manifest.events.count} events (last seq ${manifest.events.lastSeq}) in ${resolve(positionals[0])}: ${manifest.files.map((f) => `${f.name} ${f.bytes} bytes, ${f.integrity}`).join('; ')}\n`);
    return manifest.files.every((f) => f.integrity === 'ok') ? 0 : 1;
  },
};

export const restoreCommand: Command = {
  name: 'restore',
  summary: 'Restore a backup made by `ipo backup` into an empty DATA_DIR (then run `ipo project --rebuild`).',
  args: ['DIR'],
  details: `Checks each file of the backup with SQLite's integrity check, then copies events.db and ops.db
into DATA_DIR, which must be new or empty. read.db is then rebuilt from the restored event log with
\`ipo project --rebuild\`.`,
  async run({ positionals }, io) {
    const config = loadConfig(io.env);
    const manifest = restoreDataDir(positionals[0], config.dataDir);
    io.out.write(`restored ${manifest.events.count} events (backup of ${manifest.createdAt}) into ${resolve(config.dataDir)}; now run \`ipo project --rebuild\`\n`);
    return 0;
  },
};
