import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';

export const benchCommand: Command = {
  name: 'bench',
  summary: 'Benchmarks: API throughput against a bare node:http reference, and prospectus extraction throughput.',
  details: `Builds a 100k-company read.db in a temporary folder, serves it from a child process, and loads it
with autocannon (50 connections) from this process: the company list (50 rows, with and without
include=latest_terms,classification,consensus) and a company detail page, then the reference server
(node:http, one cached prepared statement, precomputed JSON) in the same run. Prints req/s, p50, p99
and each figure's ratio to the reference. Then replays a recorded EDGAR day through the pipeline (EDGAR
client at 10 requests/s against the replay server, the event log, \`ipo projector\` in its own
process) and prints p50 and p95 of fetch → API and discovery → API. Then measures prospectus
reading and extraction in MB/s, on the real sample prospectuses and on each kind of generated
hostile document (time, MB/s and memory of one full read).`,
  options: {
    seconds: { type: 'string', description: 'Measured seconds per scenario (default 10).' },
    companies: { type: 'string', description: 'Companies in the benchmark read.db (default 100000).' },
    only: { type: 'string', description: 'api, extract or pipeline: run one part only.' },
  },
  async run({ values }, io) {
    const seconds = values.seconds === undefined ? 10 : Number(values.seconds);
    const companies = values.companies === undefined ? 100_000 : Number(values.companies);
    if (!(seconds > 0) || !Number.isInteger(companies) || companies < 100) throw new UsageError('--seconds > 0 and --companies ≥ 100');
    if (values.only !== undefined && !['api', 'extract', 'pipeline'].includes(String(values.only))) throw new UsageError('--only is api, extract or pipeline');
    if (values.only === undefined || values.only === 'api') {
      const { runApiBenchmark } = await import('../bench/run-bench.ts');
      await runApiBenchmark(io.out, { seconds, companies });
    }
    if (values.only === undefined || values.only === 'pipeline') {
      const { runFreshnessBenchmark } = await import('../bench/pipeline-bench.ts');
      await runFreshnessBenchmark(io.out);
    }
    if (values.only === undefined || values.only === 'extract') {
      const { benchHostileInputs, benchProspectusReader, formatExtractionBench } = await import('../../projector/extract/bench.ts');
      io.out.write(formatExtractionBench(benchProspectusReader({}), benchHostileInputs({})));
    }
    return 0;
  },
};
