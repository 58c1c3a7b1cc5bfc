import { existsSync } from 'node:fs';
import { PROJECTION_NAME, ProjectorBusyError } from '../projector/index.ts';
import type { Config } from '../schema/config.ts';
import { openEventLogDb } from '../schema/databases.ts';
import { liveReadDbPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { project } from './commands/project.ts';
import { linesAbove } from './progress.ts';

/** How long a process waits for a running `ipo projector` to project what it just appended. */
const WAIT_FOR_PROJECTOR_MS = 10 * 60_000;

/** The projector's checkpoint in the live read.db, or null when there is none yet. */
export function projectorCheckpoint(dataDir: string): number | null {
  const path = liveReadDbPath(dataDir);
  if (!path || !existsSync(path)) return null;
  const db = openSqlite(path, { readonly: true });
  try {
    const seq = db.prepare('SELECT last_seq FROM projector_checkpoint WHERE projection = ?').pluck().get(PROJECTION_NAME);
    return typeof seq === 'number' ? seq : 0;
  } catch {
    // A read.db from before the checkpoint table: nothing projected as far as we can tell.
    return 0;
  } finally {
    db.close();
  }
}

/**
 * Brings read.db up to the end of the event log from a process that is not `ipo projector` (the
 * in-process scheduler, `ipo publish`): it projects itself, or, while a projector holds the lock,
 * waits until that one has projected every event appended so far.
 */
export async function catchUpHere(config: Pick<Config, 'dataDir' | 'extraction' | 'progressIntervalMs'>, err: NodeJS.WritableStream, options: { timeoutMs?: number } = {}): Promise<void> {
  try {
    await project(config, false, err);
    return;
  } catch (error) {
    if (!(error instanceof ProjectorBusyError)) throw error;
    linesAbove(err).write(`project: ${error.message}; waiting for it to project what was recorded\n`);
  }
  const events = await openEventLogDb(config.dataDir);
  let target: number;
  try {
    target = events.log.lastSeq();
  } finally {
    await events.close();
  }
  const timeoutMs = options.timeoutMs ?? WAIT_FOR_PROJECTOR_MS;
  const deadline = Date.now() + timeoutMs;
  while ((projectorCheckpoint(config.dataDir) ?? 0) < target) {
    if (Date.now() > deadline) throw new Error(`the running projector did not reach seq ${target} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
