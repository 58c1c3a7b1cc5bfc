import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { newReadDbPath, publishReadDb } from '../../schema/read/location.ts';
import { buildBenchReadDb } from './bench-db.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function startServer(args: string[]): Promise<{ child: ChildProcess; key: string | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bench/bench-server.ts'), ...args], {
    cwd: ROOT,
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

async function load(name: string, url: string, headers: Record<string, string>, seconds: number): Promise<LoadResult> {
  // A short warm-up lets the JIT settle before the measured run.
  await autocannon({ url, connections: 50, duration: 2, headers });
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * The API benchmark of the foundation issue: a 100k-company read.db, the company list (50 rows,
 * with and without includes) and a company detail page under 50 connections from this process,
 * against servers in child processes, with the bare node:http reference measured in the same run.
 */
export async function runApiBenchmark(out: NodeJS.WritableStream, options: { companies?: number; seconds?: number } = {}) {
  const companies = options.companies ?? 100_000;
  const seconds = options.seconds ?? 10;
  const dir = mkdtempSync(join(tmpdir(), 'ipo-bench-'));
  try {
    out.write(`building a read.db of ${companies.toLocaleString('en-US')} companies …\n`);
    const path = newReadDbPath(dir);
    await buildBenchReadDb(path, join(ROOT, 'data/sample'), companies);
    publishReadDb(dir, path);
    const results: LoadResult[] = [];
    const port = 39_000 + Math.floor(Math.random() * 1000);

    const reference = await startServer(['reference', dir, String(port), path]);
    try {
      results.push(await load('reference: node:http, list 50', `http://127.0.0.1:${port}/?limit=50`, {}, seconds));
    } finally {
      reference.child.kill();
    }

    const api = await startServer(['api', dir, String(port + 1)]);
    const auth = { authorization: `Bearer ${api.key}` };
    const base = `http://127.0.0.1:${port + 1}/api/v1`;
    try {
      results.push(await load('api: companies?limit=50', `${base}/companies?limit=50`, auth, seconds));
      results.push(
        await load('api: companies?limit=50&include=latest_terms,classification,consensus',
          `${base}/companies?limit=50&include=latest_terms,classification,consensus`, auth, seconds),
      );
      results.push(await load('api: companies/{cik} detail', `${base}/companies/0000320193?include=latest_terms,classification,consensus`, auth, seconds));
    } finally {
      api.child.kill();
    }

    const ref = results[0].requestsPerSecond;
    out.write('\nscenario'.padEnd(72) + 'req/s'.padStart(10) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + '  ratio to reference\n');
    for (const r of results) {
      out.write(
        r.name.padEnd(71) + r.requestsPerSecond.toFixed(0).padStart(10) + String(r.p50).padStart(9) + String(r.p99).padStart(9) +
          `  ${(r.requestsPerSecond / ref).toFixed(2)}×${r.errors || r.non2xx ? `  (errors ${r.errors}, non-2xx ${r.non2xx})` : ''}\n`,
      );
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
