import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODULE_LOADER_ARGS, PACKAGE_ROOT, packagePath, siblingModule } from '../../schema/package-files.ts';
import { newReadDbPath, publishReadDb } from '../../schema/read/location.ts';
import { buildBenchReadDb } from './bench-db.ts';
import { pinned, SERVER_CORE } from './proc.ts';

/** The bare reference, the API as deployed, or the API with its page cache off. */
export type BenchServerMode = 'reference' | 'api' | 'api-uncached';

export interface BenchServer {
  child: ChildProcess;
  /** The API key to send (null for the reference, which has no auth). */
  key: string | null;
  origin: string;
  stop(): Promise<void>;
}

/** A temporary DATA_DIR whose read.db link names a fresh benchmark generation of `companies` companies. */
export async function benchDataDir(companies: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ipo-bench-'));
  const readDbPath = newReadDbPath(dataDir);
  await buildBenchReadDb(readDbPath, packagePath('data/sample'), companies);
  publishReadDb(dataDir, readDbPath);
  return dataDir;
}

export interface ServerOptions {
  /** Write a V8 CPU profile of the server (`node --cpu-prof`) into this folder when it stops. */
  profileDir?: string;
}

/**
 * Starts bench-server.ts (see `BenchServerMode`) in a child process pinned to the server core, and
 * resolves once it listens. `stop` ends it with SIGINT, so a CPU profile gets written.
 */
export function startBenchServer(mode: BenchServerMode, dataDir: string, port: number, options: ServerOptions = {}): Promise<BenchServer> {
  const profile = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir, '--cpu-prof-name', `${mode}-${process.pid}.cpuprofile`] : [];
  const [file, args] = pinned(SERVER_CORE, process.execPath, [
    ...profile,
    ...MODULE_LOADER_ARGS,
    fileURLToPath(siblingModule(import.meta.url, 'bench-server')),
    mode,
    dataDir,
    String(port),
  ]);
  const child = spawn(file, args, { cwd: PACKAGE_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let key: string | null = null;
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split('\n')) {
        if (line.startsWith('KEY ')) key = line.slice(4).trim();
        if (line === 'READY') {
          resolve({
            child,
            key,
            origin: `http://127.0.0.1:${port}`,
            stop: async () => {
              if (child.exitCode === null) child.kill('SIGINT');
              await exited;
            },
          });
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`bench server (${mode}) exited with ${code}`)));
  });
}

export const benchPort = () => 39_000 + Math.floor(Math.random() * 1000);
