import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MODULE_LOADER_ARGS, siblingModule } from '../../schema/package-files.ts';
import { benchDataDir, benchPort, startBenchServer, type BenchServer, type ServerOptions } from './bench-servers.ts';
import { loadGenerator, type LoadGeneratorName } from './load-generator.ts';
import { GENERATOR_CORE, openGenerations, pinned, residentMemory } from './proc.ts';
import { apiScenarios, formatSample, measure, verdict, type Scenario } from './run-bench.ts';

/** A new generation this often (or as fast as rebuilds go, when slower): a projector rebuilding continuously. */
const REBUILD_EVERY_MS = 5000;

export interface ChurnResult {
  swaps: number;
  requests: number;
  errors: number;
  failedResponses: number;
  idleP99: number;
  churnP99: number;
  /** Resident memory of the API process over the run, in MiB (all, and anonymous: heap and stacks). */
  rss: { min: number; max: number; first: number; last: number };
  anon: { min: number; max: number; first: number; last: number };
  /** Most read.db generations the API held open at one sample (1 between swaps: no leaked handles). */
  maxOpenGenerations: number | null;
  openGenerationsAtEnd: number | null;
}

const range = (values: number[]) => ({ min: Math.min(...values), max: Math.max(...values), first: values[0], last: values[values.length - 1] });

/**
 * Load with churn: the three API scenarios in turn under 50 connections, first idle (the p99 to
 * compare with), then for `seconds` while a child process rebuilds read.db and swaps the link as
 * the projector does, every 5 s (churn-publisher.ts, on the load generator's core at the lowest
 * priority, so it takes no CPU from the server and wrk keeps up the load). Samples the API
 * process's resident memory and open generation files every second. The targets: no errors, p99
 * within 3× idle, memory flat (the last sample within 10% of the first).
 */
export async function runChurnBenchmark(
  out: NodeJS.WritableStream,
  options: { companies?: number; seconds?: number; idleSeconds?: number; load?: LoadGeneratorName } & ServerOptions = {},
): Promise<ChurnResult> {
  const companies = options.companies ?? 100_000;
  const seconds = options.seconds ?? 60;
  const generator = loadGenerator(options.load);
  out.write(`\nchurn: building a read.db of ${companies.toLocaleString('en-US')} companies …\n`);
  const dataDir = await benchDataDir(companies);
  let api: BenchServer | null = null;
  try {
    api = await startBenchServer('api', dataDir, benchPort(), options);
    const mix: Scenario = { name: 'mix', paths: apiScenarios(api).flatMap((s) => s.paths), server: api };
    const idle = await measure(generator, mix, options.idleSeconds ?? 10, 2);
    out.write(`idle (list, list with includes, detail in turn): ${formatSample(idle)}\n`);

    // On the generator's core at the lowest priority: wrk keeps the CPU it needs to keep up the load.
    const publisherArgs = [...MODULE_LOADER_ARGS, fileURLToPath(siblingModule(import.meta.url, 'churn-publisher')), dataDir, String(REBUILD_EVERY_MS)];
    const [file, args] = pinned(GENERATOR_CORE, 'nice', ['-n', '19', process.execPath, ...publisherArgs]);
    const publisher = spawn(file, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const publisherExit = new Promise((resolve) => publisher.once('exit', resolve));
    const rebuildMs: number[] = [];
    publisher.stdout!.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/^SWAP \d+ (\d+)$/gm)) rebuildMs.push(Number(match[1]));
    });
    const pid = api.child.pid;
    const memory: Array<{ rss: number; anon: number }> = [];
    const generations: number[] = [];
    const sample = () => {
      const m = residentMemory(pid);
      if (m) memory.push(m);
      const open = openGenerations(pid);
      if (open !== null) generations.push(open);
    };
    sample();
    const sampler = setInterval(sample, 1000);
    const churn = await measure(generator, { ...mix, name: 'churn' }, seconds, 0);
    clearInterval(sampler);
    publisher.kill('SIGTERM');
    await publisherExit;
    sample();

    const result: ChurnResult = {
      swaps: rebuildMs.length,
      requests: churn.requests,
      errors: churn.errors,
      failedResponses: churn.failedResponses,
      idleP99: idle.p99,
      churnP99: churn.p99,
      rss: range(memory.map((m) => m.rss)),
      anon: range(memory.map((m) => m.anon)),
      maxOpenGenerations: generations.length ? Math.max(...generations) : null,
      openGenerationsAtEnd: generations.length ? generations[generations.length - 1] : null,
    };
    const mib = (r: ChurnResult['rss']) => `${r.min.toFixed(0)}–${r.max.toFixed(0)} MiB (first ${r.first.toFixed(0)}, last ${r.last.toFixed(0)})`;
    const meanRebuild = rebuildMs.length ? rebuildMs.reduce((a, b) => a + b, 0) / rebuildMs.length / 1000 : NaN;
    const swapEvery = seconds / Math.max(1, result.swaps);
    out.write(
      `under churn, ${seconds} s: ${formatSample(churn)}\n` +
        `  ${result.swaps} rebuilds published (a swap every ${swapEvery.toFixed(1)} s, a rebuild taking ${meanRebuild.toFixed(1)} s), ${result.errors} errors, ` +
        `${result.failedResponses} responses ≥ 400\n` +
        `  p99 ${churn.p99.toFixed(2)} ms = ${(churn.p99 / idle.p99).toFixed(2)}× idle p99 (${idle.p99.toFixed(2)} ms)\n` +
        `  API RSS ${mib(result.rss)}, anonymous ${mib(result.anon)}, sampled every second\n` +
        `  read.db generations open in the API: at most ${result.maxOpenGenerations ?? 'n/a'} at a sample, ${result.openGenerationsAtEnd ?? 'n/a'} at the end\n` +
        `  targets: no errors ${verdict(result.errors + result.failedResponses === 0)}, p99 ≤ 3× idle ${verdict(churn.p99 <= 3 * idle.p99)}, ` +
        `memory flat ${verdict(Math.abs(result.rss.last - result.rss.first) <= 0.1 * result.rss.first)}\n`,
    );
    return result;
  } finally {
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
