import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { MODULE_LOADER_ARGS, PACKAGE_ROOT, packagePath, siblingModule } from '../../schema/package-files.ts';
import { newReadDbPath, publishReadDb } from '../../schema/read/location.ts';
import { buildBenchReadDb } from './bench-db.ts';

const CONNECTIONS = 50;

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Server CPU (user + system) per request in µs, where /proc tells it; null elsewhere. */
  cpuMicrosPerRequest: number | null;
  /** This scenario's req/s over the reference's req/s of the same round. */
  ratio: number;
  errors: number;
  non2xx: number;
}

interface Server {
  child: ChildProcess;
  key: string | null;
}

function startServer(args: string[]): Promise<Server> {
  const child = spawn(process.execPath, [...MODULE_LOADER_ARGS, fileURLToPath(siblingModule(import.meta.url, 'bench-server')), ...args], {
    cwd: PACKAGE_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let key: string | null = null;
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split('\n')) {
        if (line.startsWith('KEY ')) key = line.slice(4).trim();
        if (line === 'READY') resolve({ child, key });
      }
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** utime + stime of a process in clock ticks (USER_HZ, 100 on Linux), or null without /proc. */
function cpuTicks(pid: number | undefined): number | null {
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

interface Scenario {
  name: string;
  url: string;
  server: Server;
}

type Sample = Omit<LoadResult, 'ratio'>;

async function load(scenario: Scenario, seconds: number, warmSeconds: number): Promise<Sample> {
  const headers: Record<string, string> = scenario.server.key ? { authorization: `Bearer ${scenario.server.key}` } : {};
  // A short warm-up lets the JIT settle (and the page cache fill) before the measured run.
  await autocannon({ url: scenario.url, connections: CONNECTIONS, duration: warmSeconds, headers });
  const before = cpuTicks(scenario.server.child.pid);
  const result = await autocannon({ url: scenario.url, connections: CONNECTIONS, duration: seconds, headers });
  const after = cpuTicks(scenario.server.child.pid);
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMicrosPerRequest: before === null || after === null || result.requests.total === 0 ? null : ((after - before) * 10_000) / result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Medians over rounds; the ratio is the median of each round's ratio to that round's reference. */
function summarise(rounds: Sample[][]): LoadResult[] {
  return rounds[0].map((first, i) => {
    const samples = rounds.map((round) => round[i]);
    const cpu = samples.map((s) => s.cpuMicrosPerRequest);
    return {
      name: first.name,
      requestsPerSecond: median(samples.map((s) => s.requestsPerSecond)),
      p50: median(samples.map((s) => s.p50)),
      p99: median(samples.map((s) => s.p99)),
      cpuMicrosPerRequest: cpu.includes(null) ? null : median(cpu as number[]),
      ratio: median(rounds.map((round) => round[i].requestsPerSecond / round[0].requestsPerSecond)),
      errors: samples.reduce((sum, s) => sum + s.errors, 0),
      non2xx: samples.reduce((sum, s) => sum + s.non2xx, 0),
    };
  });
}

function printTable(out: NodeJS.WritableStream, results: LoadResult[], rounds: number, seconds: number): void {
  out.write(`\n${CONNECTIONS} connections, median of ${rounds} interleaved round(s) of ${seconds} s per scenario\n`);
  out.write(
    `${'scenario'.padEnd(70)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU µs/req'.padStart(12)}${'ratio'.padStart(8)}\n`,
  );
  for (const r of results) {
    const cpu = r.cpuMicrosPerRequest === null ? 'n/a' : r.cpuMicrosPerRequest.toFixed(0);
    const failures = r.errors || r.non2xx ? `  (errors ${r.errors}, non-2xx ${r.non2xx})` : '';
    out.write(
      `${r.name.padEnd(70)}${r.requestsPerSecond.toFixed(0).padStart(8)}${String(r.p50).padStart(8)}${String(r.p99).padStart(8)}` +
        `${cpu.padStart(12)}${`${r.ratio.toFixed(2)}×`.padStart(8)}${failures}\n`,
    );
  }
}

/**
 * The API benchmark of the foundation issue: a 100k-company read.db, the company list (50 rows,
 * with and without includes) and a company detail page under 50 connections from this process,
 * against servers in child processes, with the bare node:http reference measured in the same run.
 *
 * Both servers run side by side (each idle while the other is loaded) and the scenarios are
 * interleaved over several rounds, so a burst of other work on the machine hits the reference and
 * the API alike instead of skewing one ratio. Same page, same read.db, same connection count.
 */
export async function runApiBenchmark(
  out: NodeJS.WritableStream,
  options: { companies?: number; seconds?: number; rounds?: number } = {},
): Promise<LoadResult[]> {
  const companies = options.companies ?? 100_000;
  const seconds = options.seconds ?? 10;
  const rounds = options.rounds ?? 3;
  const dir = mkdtempSync(join(tmpdir(), 'ipo-bench-'));
  const servers: Server[] = [];
  try {
    out.write(`building a read.db of ${companies.toLocaleString('en-US')} companies …\n`);
    const path = newReadDbPath(dir);
    await buildBenchReadDb(path, packagePath('data/sample'), companies);
    publishReadDb(dir, path);
    const port = 39_000 + Math.floor(Math.random() * 1000);

    const reference = await startServer(['reference', dir, String(port), path]);
    servers.push(reference);
    const api = await startServer(['api', dir, String(port + 1)]);
    servers.push(api);
    const base = `http://127.0.0.1:${port + 1}/api/v1`;
    const scenarios: Scenario[] = [
      { name: 'reference: node:http, list 50', url: `http://127.0.0.1:${port}/?limit=50`, server: reference },
      { name: 'api: companies?limit=50', url: `${base}/companies?limit=50`, server: api },
      {
        name: 'api: companies?limit=50&include=latest_terms,classification,consensus',
        url: `${base}/companies?limit=50&include=latest_terms,classification,consensus`,
        server: api,
      },
      {
        name: 'api: companies/{cik} detail',
        url: `${base}/companies/0000320193?include=latest_terms,classification,consensus`,
        server: api,
      },
    ];

    const samples: Sample[][] = [];
    for (let round = 0; round < rounds; round++) {
      const row: Sample[] = [];
      for (const scenario of scenarios) row.push(await load(scenario, seconds, round === 0 ? 2 : 1));
      samples.push(row);
      out.write(`round ${round + 1}/${rounds}: ${row.map((s) => s.requestsPerSecond.toFixed(0)).join(' / ')} req/s\n`);
    }
    const results = summarise(samples);
    printTable(out, results, rounds, seconds);
    return results;
  } finally {
    for (const server of servers) server.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
