import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

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
  mkdirSync(dataDir, { recursive: true });
  const path = projectorLockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readOwner(path));
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new ProjectorBusyError(`another projector (pid ${owner}) holds ${path}`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new ProjectorBusyError(`could not take ${path}`);
}

function readOwner(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
