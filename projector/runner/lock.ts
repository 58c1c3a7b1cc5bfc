import { join } from 'node:path';
import { acquireProcessLock, ProcessLockBusyError } from '../../schema/process-lock.ts';

/** Another projector holds the data directory: there is exactly one writer of read.db. */
export class ProjectorBusyError extends Error {}

export function projectorLockPath(dataDir: string): string {
  return join(dataDir, 'projector.lock');
}

/**
 * Takes the single-writer lock (an O_EXCL lock file holding the owner's pid) and returns its
 * release function. A lock left by a process that no longer exists is taken over.
 */
export function acquireProjectorLock(dataDir: string): () => void {
  try {
    return acquireProcessLock(projectorLockPath(dataDir));
  } catch (error) {
    if (!(error instanceof ProcessLockBusyError)) throw error;
    throw new ProjectorBusyError(error.owner > 0 ? `another projector (pid ${error.owner}) holds ${error.path}` : `could not take ${error.path}`);
  }
}
