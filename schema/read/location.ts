import { existsSync, lstatSync, mkdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * `DATA_DIR/read.db` is a symlink to the live generation file (`read-<stamp>.db`). A rebuild
 * writes a new generation beside it and swaps the link with rename(2), which is atomic. SQLite
 * resolves the link, so each generation keeps its own -wal and -shm files and a reader of the old
 * generation is never confused by the new one's journal.
 */
export function readDbLinkPath(dataDir: string): string {
  return join(dataDir, 'read.db');
}

/** The file the link points at now, or null before the first projection. */
export function liveReadDbPath(dataDir: string): string | null {
  const link = readDbLinkPath(dataDir);
  if (!existsSync(link)) return null;
  if (!lstatSync(link).isSymbolicLink()) return link;
  return join(dataDir, readlinkSync(link));
}

export function newReadDbPath(dataDir: string, now: Date = new Date()): string {
  mkdirSync(dataDir, { recursive: true });
  const stamp = now.toISOString().replace(/[-:.]/g, '').replace('T', '-').replace('Z', '');
  const suffix = Math.random().toString(36).slice(2, 8);
  return join(dataDir, `read-${stamp}-${suffix}.db`);
}

/** Points `read.db` at `generationPath` atomically and returns the previous generation, if any. */
export function publishReadDb(dataDir: string, generationPath: string): string | null {
  const link = readDbLinkPath(dataDir);
  const previous = liveReadDbPath(dataDir);
  const temporary = `${link}.swap-${process.pid}`;
  rmSync(temporary, { force: true });
  symlinkSync(basename(generationPath), temporary);
  renameSync(temporary, link);
  return previous && previous !== generationPath ? previous : null;
}

/** Deletes a retired generation and its journal files. Open readers keep their inode until they close. */
export function removeReadDb(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}
