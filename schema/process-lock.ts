import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Another live process holds the lock file. */
export class ProcessLockBusyError extends Error {
  constructor(readonly owner: number, readonly path: string) {
    super(`pid ${owner} holds ${path}`);
  }
}

/**
 * Takes a single-process lock (an O_EXCL file holding the owner's pid) and returns its release
 * function. A lock left by a process that no longer exists (kill -9) is taken over. Throws
 * `ProcessLockBusyError` while its owner lives.
 */
export function acquireProcessLock(path: string): () => void {
  mkdirSync(dirname(path), { recursive: true });
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
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) throw new ProcessLockBusyError(owner, path);
      rmSync(path, { force: true });
    }
  }
  throw new ProcessLockBusyError(0, path);
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
