import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createApiKeyStore } from '../../api/index.ts';
import { createLiveFeed, startReplayServer, type LiveFeed, type ReplayServer } from '../../ingest/index.ts';
import { SETTING_NAMES, SETTINGS } from '../../schema/config.ts';
import { openOpsDb } from '../../schema/databases.ts';
import { isEdgarOpen } from '../../schema/edgar/edgar-day.ts';
import { PACKAGE_ROOT, packagePath } from '../../schema/package-files.ts';
import { DEMO_USER_AGENT, IPO_SUBMISSIONS, replayManifests, sampleSubmissions } from '../demo.ts';

/**
 * The README's deployment (`ipo worker`, `ipo scheduler`, `ipo projector`, `ipo serve`, each a
 * process of its own, on Redis) pointed at an EDGAR stand-in whose latest-filings feed gains
 * real filings while it runs (ingest/replay/live-feed.ts) and whose other answers are the
 * recordings. Every setting keeps its default, under a REDIS_PREFIX of its own.
 */


export const PROCESS_NAMES = ['projector', 'serve', 'worker', 'scheduler'] as const;
export type ProcessName = (typeof PROCESS_NAMES)[number];

export interface RunningProcess {
  child: ChildProcess;
  err(): string;
}

export interface LiveDeployment {
  feed: LiveFeed;
  replay: ReplayServer;
  dataDir: string;
  /** The environment every process runs with (for `ipo status`). */
  env: Record<string, string>;
  /** Settings given other than by default, with why (the run says so). */
  changed: string[];
  api: { origin: string; keys: string[] };
  processes: Record<ProcessName, RunningProcess>;
  /** Starts `ipo NAME` again (after it exited or was killed), in place of the old one. */
  restart(name: ProcessName): RunningProcess;
  /** Another `ipo …` process of the deployment (a second API, the webhook sender), with settings of its own; stopped with the rest. */
  launchExtra(args: string[], settings?: Record<string, string>): RunningProcess;
  /** Resolves once a latest-filings poll was answered: the pipeline is live. */
  firstPoll(): Promise<void>;
  stop(): Promise<void>;
}

export interface LiveDeploymentOptions {
  redisUrl: string;
  /** Sample submissions files (default IPO_SUBMISSIONS). */
  companies?: string[];
  /** API keys to create: a watcher asking often spreads its requests over them (each key's limit is per minute). */
  keys?: number;
  /** Settings to give explicitly, on top of the defaults (tests only). */
  settings?: Record<string, string>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}


const until = async (what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number, failed: () => string | null = () => null) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    const failure = failed();
    if (failure) throw new Error(`${what}: ${failure}`);
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Outside EDGAR's hours the default period is FEED_POLL_CLOSED_SECONDS: the run then sets it to
 * FEED_POLL_SECONDS's default, so what it measures is the in-hours default wherever it runs.
 */
function hoursSettings(now: Date): { settings: Record<string, string>; changed: string[] } {
  if (isEdgarOpen(now)) return { settings: {}, changed: [] };
  const open = SETTINGS.FEED_POLL_SECONDS.default;
  return { settings: { FEED_POLL_CLOSED_SECONDS: open }, changed: [`FEED_POLL_CLOSED_SECONDS=${open} (EDGAR is closed now: the in-hours default period)`] };
}

export async function startLiveDeployment(options: LiveDeploymentOptions): Promise<LiveDeployment> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ipo-live-'));
  const feed = createLiveFeed({ submissions: (options.companies ?? IPO_SUBMISSIONS).map(sampleSubmissions) });
  // EDGAR's own threshold: more than 10 requests in a second answers 403.
  const replay = await startReplayServer({ manifestPath: replayManifests(), overlays: [feed], rateLimitPerSecond: 10 });
  const prefix = `live-${randomUUID().slice(0, 8)}`;
  const port = await freePort();
  const hours = hoursSettings(new Date());
  // The processes see only what is given here: no setting of the calling shell leaks in.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name, value]) => value !== undefined && !(SETTING_NAMES as string[]).includes(name))) as Record<string, string>;
  const env: Record<string, string> = {
    ...inherited,
    DATA_DIR: dataDir,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: prefix,
    EDGAR_USER_AGENT: DEMO_USER_AGENT,
    EDGAR_WWW_URL: replay.urls.www,
    EDGAR_DATA_URL: replay.urls.data,
    PORT: String(port),
    LOG_FORMAT: 'json',
    ...hours.settings,
    ...options.settings,
  };
  const keys = await createKeys(dataDir, options.keys ?? 1);
  const processes = {} as Record<ProcessName, RunningProcess>;
  const extras: RunningProcess[] = [];
  const stop = async () => {
    await Promise.all([...Object.values(processes), ...extras].map((p) => stopProcess(p.child)));
    await replay.close();
    await deleteKeys(options.redisUrl, prefix);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const name of PROCESS_NAMES) processes[name] = launch([name], env);
    const exited = () => Object.entries(processes).find(([, p]) => p.child.exitCode !== null)?.[0] ?? null;
    const dead = () => (exited() ? `ipo ${exited()} exited:\n${processes[exited() as ProcessName].err().slice(-2000)}` : null);
    const origin = `http://127.0.0.1:${port}`;
    // Served once the projector has built read.db and `ipo serve` answers.
    await until('the API', async () => (await fetch(`${origin}/api/v1/companies?limit=1`, { headers: { authorization: `Bearer ${keys[0]}` } }).catch(() => null))?.status === 200, 120_000, dead);
    await until('the worker and the scheduler', () => ['worker', 'scheduler'].every((n) => /"msg":"running"/.test(processes[n as ProcessName].err())), 60_000, dead);
    const firstPoll = () => until('the first feed poll', () => replay.requestLog.some((r) => r.query?.startsWith('action=getcurrent') && r.status === 200), 120_000, dead);
    const changed = [...hours.changed, ...Object.entries(options.settings ?? {}).map(([k, v]) => `${k}=${v}`)];
    const restart = (name: ProcessName) => (processes[name] = launch([name], env));
    const launchExtra = (args: string[], settings: Record<string, string> = {}) => {
      const extra = launch(args, { ...env, ...settings });
      extras.push(extra);
      return extra;
    };
    return { feed, replay, dataDir, env, changed, api: { origin, keys }, processes, restart, launchExtra, firstPoll, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function launch(args: string[], env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, [packagePath('scripts/ipo.mjs'), ...args], { cwd: PACKAGE_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { child, err: () => err };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

async function createKeys(dataDir: string, count: number): Promise<string[]> {
  const ops = await openOpsDb(dataDir);
  try {
    const store = createApiKeyStore(ops);
    const keys: string[] = [];
    for (let i = 0; i < count; i++) keys.push((await store.create(`freshness-watcher-${i + 1}`)).key);
    return keys;
  } finally {
    await ops.close();
  }
}

/** Every key the run wrote under its prefix. */
async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  } finally {
    redis.disconnect();
  }
}
