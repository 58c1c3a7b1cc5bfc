import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MODULE_LOADER_ARGS, packagePath, siblingModule } from '../../schema/package-files.ts';
import { cpuSeconds, GENERATOR_CORE, pinned } from './proc.ts';

/** One load run: `connections` keep-alive connections sending `paths` in turn for `seconds`. */
export interface LoadRequest {
  /** Scheme, host and port, without a trailing slash. */
  origin: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadRun {
  requests: number;
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses with a status of 400 or more. */
  failedResponses: number;
  /** Share of a core the generator itself used (1 = saturated: the figures measure it, not the server); null without /proc. */
  generatorCpu: number | null;
}

export interface LoadGenerator {
  name: string;
  run(request: LoadRequest): Promise<LoadRun>;
}

export type LoadGeneratorName = 'wrk' | 'autocannon';

/** The one named, else wrk when it is installed (it needs a fraction of a core for what autocannon needs one), else autocannon. */
export function loadGenerator(name?: LoadGeneratorName): LoadGenerator {
  if (name === 'autocannon') return autocannonChild;
  if (name === 'wrk' || spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined) return wrk;
  return autocannonChild;
}

const wrk: LoadGenerator = {
  name: 'wrk',
  async run(request) {
    const args = ['-t1', `-c${request.connections}`, `-d${request.seconds}s`, '--timeout', '5s', '-s', packagePath('scripts/bench/wrk-report.lua')];
    for (const [name, value] of Object.entries(request.headers)) args.push('-H', `${name}: ${value}`);
    args.push(`${request.origin}${request.paths[0]}`);
    if (request.paths.length > 1) args.push('--', ...request.paths);
    const { stdout, generatorCpu } = await runPinned('wrk', args);
    const line = /^WRK (\{.*\})$/m.exec(stdout);
    if (!line) throw new Error(`wrk printed no report:\n${stdout}`);
    const r = JSON.parse(line[1]) as Record<'requests' | 'micros' | 'connect' | 'read' | 'write' | 'status' | 'timeout' | 'p50' | 'p99', number>;
    return {
      requests: r.requests,
      requestsPerSecond: r.requests / (r.micros / 1e6),
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
      errors: r.connect + r.read + r.write + r.timeout,
      failedResponses: r.status,
      generatorCpu,
    };
  },
};

const autocannonChild: LoadGenerator = {
  name: 'autocannon',
  async run(request) {
    const { stdout, generatorCpu } = await runPinned(process.execPath, [...MODULE_LOADER_ARGS, fileURLToPath(siblingModule(import.meta.url, 'autocannon-load')), JSON.stringify(request)]);
    const line = /^AUTOCANNON (\{.*\})$/m.exec(stdout);
    if (!line) throw new Error(`autocannon printed no report:\n${stdout}`);
    return { ...(JSON.parse(line[1]) as Omit<LoadRun, 'generatorCpu'>), generatorCpu };
  },
};

/** Runs the generator on its own core, sampling its CPU time until it exits. */
function runPinned(command: string, args: string[]): Promise<{ stdout: string; generatorCpu: number | null }> {
  const [file, argv] = pinned(GENERATOR_CORE, command, args);
  const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
  const started = performance.now();
  let used: number | null = null;
  let usedAt = started;
  const sampler = setInterval(() => {
    const seconds = cpuSeconds(child.pid);
    if (seconds !== null) [used, usedAt] = [seconds, performance.now()];
  }, 200);
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(sampler);
      if (code !== 0) reject(new Error(`${command} exited with ${code}:\n${stdout}`));
      else resolve({ stdout, generatorCpu: used === null ? null : used / ((usedAt - started) / 1000) });
    });
  });
}
