import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';

const ROOT = join(import.meta.dirname, '..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it holds, failing after `timeoutMs` with `what` in the message. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(25);
  }
}

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A child process with its output kept as text. */
export interface Spawned {
  child: ChildProcess;
  out(): string;
  err(): string;
  exited: Promise<ExitStatus>;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Sends `signal` and waits for the exit (SIGKILL after `timeoutMs`). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ExitStatus>;
}

function spawned(child: ChildProcess): Spawned {
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<ExitStatus>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let done = false;
  void exited.then(() => (done = true));
  return {
    child,
    out: () => out,
    err: () => err,
    exited,
    alive: () => !done,
    async stop(signal = 'SIGTERM', timeoutMs = 20_000) {
      if (done) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Runs `ipo ARGS` as its own process (the way an operator does), with `env` added to this one's. */
export function spawnIpo(args: string[], env: NodeJS.ProcessEnv): Spawned {
  return spawned(spawn(process.execPath, [join(ROOT, 'scripts/ipo.mjs'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
}

/**
 * A Redis server of this test's own, without persistence, that the test may stop and start again
 * on the same port (never the shared one on 6379).
 */
export interface PrivateRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** Kills the server (SIGKILL: a crash, not a shutdown) and waits until it is gone. */
  kill(): Promise<void>;
  running(): boolean;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: Spawned | null = null;
  const pingable = async () => {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };
  const redis: PrivateRedis = {
    url,
    port,
    async start() {
      server = spawned(spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] }));
      await until(pingable, 10_000, `redis-server on port ${port}`);
    },
    async kill() {
      await server?.stop('SIGKILL');
      server = null;
    },
    running: () => server !== null && server.alive(),
  };
  await redis.start();
  return redis;
}

/** The JSON log records (LOG_FORMAT json: what a process not on a terminal writes) among stderr lines. */
export function logRecords(text: string): Array<Record<string, unknown>> {
  return text.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** The records of logger `name` saying `msg`, with every field of `fields`. */
export function logged(text: string, name: string, msg: string, fields: Record<string, unknown> = {}): Array<Record<string, unknown>> {
  return logRecords(text).filter((r) => r.name === name && r.msg === msg && Object.entries(fields).every(([k, v]) => r[k] === v));
}
