import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface IpoProcess {
  child: ChildProcess;
  /** Standard output so far. */
  out(): string;
  /** Standard error so far. */
  stderr(): string;
}

/**
 * Runs the `ipo` command as its own process, as an operator would, with `env` added to this
 * process's environment; resolves once its standard output satisfies `ready`, rejects if it exits first.
 */
export function spawnIpo(argv: string[], env: NodeJS.ProcessEnv, ready: (out: string) => boolean): Promise<IpoProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/ipo.mjs'), ...argv], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const running: IpoProcess = { child, out: () => out, stderr: () => err };
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (ready(out)) resolve(running);
    });
    child.once('exit', (code) => reject(new Error(`ipo ${argv.join(' ')} exited with ${code}\n${err}`)));
  });
}
