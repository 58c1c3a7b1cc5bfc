import { rmSync } from 'node:fs';
import { benchDataDir, benchPort, startBenchServer, type BenchServer, type ServerOptions } from './bench-servers.ts';
import { loadGenerator, type LoadGenerator, type LoadGeneratorName, type LoadRequest, type LoadRun } from './load-generator.ts';
import { cpuSeconds, pinning } from './proc.ts';

export const CONNECTIONS = 50;

export interface LoadResult {
  name: string;
  /** Requests answered (summed over rounds in a summary). */
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Server CPU (user + system) per request in µs, where /proc tells it; null elsewhere. */
  cpuMicrosPerRequest: number | null;
  /** Share of its core the server used (near 1: the server is the bottleneck, as it should be). */
  serverCpu: number | null;
  /** Share of its core the load generator used (near 1: the generator is, and the figure is void). */
  generatorCpu: number | null;
  /** This scenario's req/s over the reference's req/s of the same round. */
  ratio: number;
  /**
   * The reference's server CPU per request over this scenario's, in the same round: what the ratio
   * would be with the server alone on its core, and the steadier figure when other work shares it.
   */
  cpuRatio: number | null;
  errors: number;
  failedResponses: number;
}

export interface Scenario {
  name: string;
  paths: string[];
  server: BenchServer;
  /** The least ratio to the reference this scenario should reach. */
  target?: number;
  /** The API as deployed (page cache on): its p99 is held to the reference's. */
  deployed?: boolean;
}

type Sample = Omit<LoadResult, 'ratio' | 'cpuRatio'>;

/** Loads one scenario for `seconds` after a `warmSeconds` warm-up (JIT, page cache), measuring the server's CPU. */
export async function measure(generator: LoadGenerator, scenario: Scenario, seconds: number, warmSeconds: number): Promise<Sample> {
  const { server } = scenario;
  const request: Omit<LoadRequest, 'seconds'> = {
    origin: server.origin,
    paths: scenario.paths,
    headers: server.key ? { authorization: `Bearer ${server.key}` } : {},
    connections: CONNECTIONS,
  };
  if (warmSeconds > 0) await generator.run({ ...request, seconds: warmSeconds });
  const before = cpuSeconds(server.child.pid);
  const started = performance.now();
  const run: LoadRun = await generator.run({ ...request, seconds });
  const wall = (performance.now() - started) / 1000;
  const after = cpuSeconds(server.child.pid);
  const used = before === null || after === null ? null : after - before;
  return {
    name: scenario.name,
    requests: run.requests,
    requestsPerSecond: run.requestsPerSecond,
    p50: run.p50,
    p99: run.p99,
    cpuMicrosPerRequest: used === null || run.requests === 0 ? null : (used * 1e6) / run.requests,
    serverCpu: used === null ? null : used / wall,
    generatorCpu: run.generatorCpu,
    errors: run.errors,
    failedResponses: run.failedResponses,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const medianOrNull = (values: Array<number | null>) => (values.includes(null) ? null : median(values as number[]));

/** Medians over rounds; the ratio is the median of each round's ratio to that round's reference. */
function summarise(rounds: Sample[][]): LoadResult[] {
  return rounds[0].map((first, i) => {
    const samples = rounds.map((round) => round[i]);
    return {
      name: first.name,
      requests: samples.reduce((sum, s) => sum + s.requests, 0),
      requestsPerSecond: median(samples.map((s) => s.requestsPerSecond)),
      p50: median(samples.map((s) => s.p50)),
      p99: median(samples.map((s) => s.p99)),
      cpuMicrosPerRequest: medianOrNull(samples.map((s) => s.cpuMicrosPerRequest)),
      serverCpu: medianOrNull(samples.map((s) => s.serverCpu)),
      generatorCpu: medianOrNull(samples.map((s) => s.generatorCpu)),
      ratio: median(rounds.map((round) => round[i].requestsPerSecond / round[0].requestsPerSecond)),
      cpuRatio: medianOrNull(rounds.map((round) => cpuShare(round[0].cpuMicrosPerRequest, round[i].cpuMicrosPerRequest))),
      errors: samples.reduce((sum, s) => sum + s.errors, 0),
      failedResponses: samples.reduce((sum, s) => sum + s.failedResponses, 0),
    };
  });
}

const cpuShare = (reference: number | null, scenario: number | null) => (reference === null || scenario === null ? null : reference / scenario);
const percent = (share: number | null) => (share === null ? 'n/a' : `${Math.round(share * 100)}%`);

/** One scenario as a line: what the ratios rest on, printed as soon as it is measured. */
export function formatSample(s: Sample): string {
  const failures = s.errors || s.failedResponses ? `, ERRORS ${s.errors}, status ≥ 400: ${s.failedResponses}` : '';
  return (
    `${s.requestsPerSecond.toFixed(0)} req/s, p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, ` +
    `server core ${percent(s.serverCpu)}, generator core ${percent(s.generatorCpu)}${failures}`
  );
}

function printTable(out: NodeJS.WritableStream, results: LoadResult[], rounds: number, seconds: number, generator: string): void {
  out.write(
    `\n${generator}, ${CONNECTIONS} connections, ${pinning()}; median of ${rounds} interleaved round(s) of ${seconds} s per scenario.\n` +
      'server, load: share of its core the server and the load generator used; ratio: req/s over the reference\'s;\n' +
      'CPU ratio: the reference\'s server CPU per request over this one\'s (the ratio the server alone on its core would give)\n',
  );
  const width = Math.max(...results.map((r) => r.name.length)) + 2;
  out.write(
    `${'scenario'.padEnd(width)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU µs/req'.padStart(12)}` +
      `${'server'.padStart(8)}${'load'.padStart(8)}${'ratio'.padStart(8)}${'CPU ratio'.padStart(11)}\n`,
  );
  for (const r of results) {
    const cpu = r.cpuMicrosPerRequest === null ? 'n/a' : r.cpuMicrosPerRequest.toFixed(0);
    const failures = r.errors || r.failedResponses ? `  (errors ${r.errors}, status ≥ 400: ${r.failedResponses})` : '';
    out.write(
      `${r.name.padEnd(width)}${r.requestsPerSecond.toFixed(0).padStart(8)}${r.p50.toFixed(2).padStart(8)}${r.p99.toFixed(2).padStart(8)}` +
        `${cpu.padStart(12)}${percent(r.serverCpu).padStart(8)}${percent(r.generatorCpu).padStart(8)}${`${r.ratio.toFixed(2)}×`.padStart(8)}` +
        `${(r.cpuRatio === null ? 'n/a' : `${r.cpuRatio.toFixed(2)}×`).padStart(11)}${failures}\n`,
    );
  }
}

export const LIST_INCLUDES = 'latest_terms,classification,consensus';

export const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

/**
 * Each scenario's ratio against its target (issue 21: the query path, page cache off, at 0.8× on
 * the list, 0.6× with three includes, 0.8× on a detail page; the deployed API, cache on, at 1.0×),
 * and the deployed API's p99 against the reference's p99 of the same run: at 50 connections on two
 * cores p99 is bound by throughput, so the reference's own p99 is the yardstick, not a fixed figure.
 */
function printTargets(out: NodeJS.WritableStream, scenarios: Scenario[], results: LoadResult[]): void {
  const lines = results.flatMap((r, i) => {
    const target = scenarios[i].target;
    if (target === undefined) return [];
    // The CPU ratio is the same comparison with other tenants' work on the server core taken out.
    const cpu = r.cpuRatio === null ? '' : ` (CPU ratio ${r.cpuRatio.toFixed(2)})`;
    return [`  ${r.name}: ratio ${r.ratio.toFixed(2)} ≥ ${target} ${verdict(r.ratio >= target)}${cpu}`];
  });
  const reference = results[0];
  const deployed = results.filter((_, i) => scenarios[i].deployed);
  const worst = deployed.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  lines.push(
    `  deployed API p99 ≤ the reference's p99 (${reference.p99.toFixed(1)} ms): worst ${worst.p99.toFixed(1)} ms (${worst.name}) ` +
      verdict(worst.p99 <= reference.p99),
  );
  out.write(`targets:\n${lines.join('\n')}\n`);
}

/** Least ratios to the reference: the deployed API (page cache on) and the query path (cache off). */
const CACHED_TARGETS = [1.0, 1.0, 1.0];
const UNCACHED_TARGETS = [0.8, 0.6, 0.8];

/** The API scenarios of the benchmark, on the API server given, with the targets given (none when absent). */
export function apiScenarios(api: BenchServer, label = 'api', targets?: readonly number[], deployed = false): Scenario[] {
  const scenarios: Array<Pick<Scenario, 'name' | 'paths'>> = [
    { name: `${label}: companies?limit=50`, paths: ['/api/v1/companies?limit=50'] },
    { name: `${label}: companies?limit=50&include=${LIST_INCLUDES}`, paths: [`/api/v1/companies?limit=50&include=${LIST_INCLUDES}`] },
    { name: `${label}: companies/{cik} detail with includes`, paths: [`/api/v1/companies/0000320193?include=${LIST_INCLUDES}`] },
  ];
  return scenarios.map((scenario, i) => ({ ...scenario, server: api, target: targets?.[i], deployed }));
}

/**
 * The API benchmark: a 100k-company read.db, the company list (50 rows, with and without
 * includes) and a company detail page under 50 connections, each measured against the bare
 * node:http reference serving the same page from the same read.db in the same run. The API
 * serves as deployed, its page cache on, and again with the cache off (PAGE_CACHE_MB=0): the query
 * path that clients walking cursors and filters hit, each with its target (see `printTargets`).
 *
 * The server runs pinned to one core and the load generator (wrk, else autocannon) to the other,
 * each a process of its own; the reference is measured first in each round and printed at once,
 * with how busy each core was, so a saturated generator shows before any ratio is read. Both
 * servers run side by side (each idle while the other is loaded) and the scenarios are
 * interleaved over rounds, so a burst of other work on the machine hits the reference and the API
 * alike instead of skewing one ratio.
 */
export async function runApiBenchmark(
  out: NodeJS.WritableStream,
  options: { companies?: number; seconds?: number; rounds?: number; load?: LoadGeneratorName } & ServerOptions = {},
): Promise<LoadResult[]> {
  const companies = options.companies ?? 100_000;
  const seconds = options.seconds ?? 10;
  const rounds = options.rounds ?? 3;
  const generator = loadGenerator(options.load);
  out.write(`building a read.db of ${companies.toLocaleString('en-US')} companies …\n`);
  const dataDir = await benchDataDir(companies);
  const servers: BenchServer[] = [];
  try {
    const port = benchPort();
    const reference = await startBenchServer('reference', dataDir, port, options);
    servers.push(reference);
    const api = await startBenchServer('api', dataDir, port + 1, options);
    servers.push(api);
    const uncached = await startBenchServer('api-uncached', dataDir, port + 2, options);
    servers.push(uncached);
    const scenarios: Scenario[] = [
      { name: 'reference: node:http, list 50', paths: ['/?limit=50'], server: reference },
      ...apiScenarios(api, 'api', CACHED_TARGETS, true),
      ...apiScenarios(uncached, 'api, PAGE_CACHE_MB=0', UNCACHED_TARGETS),
    ];
    out.write(`load: ${generator.name}, ${CONNECTIONS} connections, ${pinning()}\n`);

    const samples: Sample[][] = [];
    for (let round = 0; round < rounds; round++) {
      const row: Sample[] = [];
      for (const scenario of scenarios) {
        const sample = await measure(generator, scenario, seconds, round === 0 ? 2 : 1);
        row.push(sample);
        out.write(`round ${round + 1}/${rounds} ${scenario.name}: ${formatSample(sample)}\n`);
      }
      samples.push(row);
    }
    const results = summarise(samples);
    printTable(out, results, rounds, seconds, generator.name);
    printTargets(out, scenarios, results);
    return results;
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
