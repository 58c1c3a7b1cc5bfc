import { existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
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

const JOURNAL_SUFFIXES = ['', '-wal', '-shm', '-journal'];

/** Deletes a retired generation and its journal files. Open readers keep their inode until they close. */
export function removeReadDb(path: string): void {
  for (const suffix of JOURNAL_SUFFIXES) rmSync(`${path}${suffix}`, { force: true });
}

/** A generation file or one of its journals: `read-<stamp>-<suffix>.db[-wal|-shm|-journal]`. */
const GENERATION_FILE = /^(read-[^/]+\.db)(-wal|-shm|-journal)?$/;

/**
 * Deletes every generation the `read.db` link does not point at, with its journals: what a rebuild
 * that crashed before the swap, or before it retired the previous generation, left behind. Only
 * the holder of the projector lock may call it, since a running rebuild's file is not linked yet.
 * Returns the generations removed (paths of their main files), sorted.
 */
export function removeLeftoverReadDbs(dataDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  const live = liveReadDbPath(dataDir);
  const liveName = live === null ? null : basename(live);
  const leftovers = new Set<string>();
  for (const name of readdirSync(dataDir)) {
    const match = GENERATION_FILE.exec(name);
    if (match && match[1] !== liveName) leftovers.add(match[1]);
  }
  const removed = [...leftovers].sort().map((name) => join(dataDir, name));
  for (const path of removed) removeReadDb(path);
  return removed;
}
