import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { commaList, integerIn, invalid, oneOf, positiveNumber } from '../arguments.ts';
import type { Command } from '../command.ts';
import type { LoadGeneratorName } from '../bench/load-generator.ts';

const PARTS = ['api', 'churn', 'pipeline', 'feed', 'extract', 'scale'] as const;
const LOADS = ['wrk', 'autocannon'] as const satisfies readonly LoadGeneratorName[];

export const benchCommand: Command = {
  name: 'bench',
  summary: 'Benchmarks: API throughput against a bare node:http reference, API under read.db churn, pipeline freshness, feed-to-API freshness, prospectus extraction.',
  details: `api: builds a 100k-company read.db in a temporary folder and serves it from a child process
pinned to core 0 (taskset), loaded by wrk pinned to core 1 (autocannon in a child process when wrk
is missing), 50 connections: the reference server (node:http, one cached prepared statement,
precomputed JSON) first, then the company list (50 rows, with and without
include=latest_terms,classification,consensus) and a company detail page, interleaved over 3 rounds.
Prints req/s, p50, p99, server CPU per request, how busy each core was, each figure's ratio to
the reference of the same round (req/s and CPU per request), and which targets are met.
churn: the same three API pages in turn, idle for 10 s, then for --churn-seconds (default 60)
while a child process rebuilds read.db and swaps the link as the projector does; prints the
swaps, errors, p99 against the idle p99 and the API's resident memory sampled every second.
pipeline: replays a recorded EDGAR day through the pipeline (EDGAR client at 10 requests/s
against the replay server, the event log, \`ipo projector\` in its own process) and prints p50 and
p95 of fetch → API and discovery → API.
feed: starts the README's deployment (ipo worker, scheduler, projector and serve, each its own
process, on Redis: REDIS_URL or 127.0.0.1:6379, under a REDIS_PREFIX of its own) with default
settings against an EDGAR stand-in whose latest-filings feed gains the real IPO filings of six
sample companies (45 filings) one at a time, 1 to 3 s apart; a watcher asks the API every 50 ms.
Prints p50, p95 and max of feed → API (from a filing's appearance on the feed until
/api/v1/filings?cik= lists it and the company detail shows it), split at the poll that read it,
against the targets (p50 ≤ 2 s, p95 ≤ 5 s), and the EDGAR requests a second the feed polls took.
Outside EDGAR's hours it sets FEED_POLL_CLOSED_SECONDS to FEED_POLL_SECONDS's default and says so.
extract: prospectus reading and extraction in MB/s, on the real sample prospectuses and on each
kind of generated hostile document (time, MB/s and memory of one full read).
scale (only with --only scale: hours at the default sizes): generates, in a temporary DATA_DIR marked GENERATED-LOAD (never served: \`ipo serve\` and
\`ipo start\` refuse it), an event log shaped like 25 years of EDGAR (daily-index rows in the forms'
proportions of the bundled real indexes, submissions pages, the bundled prospectuses' bytes as
documents, vendor rows with real Bloomberg figures under generated names), at each of --scale-events
(default 1000000,5000000,30000000). For each size prints the generation time, events/s of a full
rebuild (\`ipo project --rebuild\`, own process), of the same rebuild again (document reads copied from
the document-read cache the first one filled) and of live batches (\`ipo projector\` catching up
with --scale-live-events appended after it, default a tenth of the size up to 100000), each
process's peak RSS, events.db and read.db sizes, the API's p50/p99 over sequential requests (company
list, a detail page) on the result, and the load average before and after.`,
  options: {
    seconds: { type: 'string', description: 'Measured seconds per API scenario (default 10).' },
    'churn-seconds': { type: 'string', description: 'Seconds of load under churn (default 60).' },
    companies: { type: 'string', description: 'Companies in the benchmark read.db (default 100000).' },
    only: { type: 'string', description: `${PARTS.join(', ')}: run one part only.` },
    load: { type: 'string', description: 'Load generator: wrk (the default when installed) or autocannon.' },
    'scale-events': { type: 'string', description: 'scale: comma-separated event counts (default 1000000,5000000,30000000).' },
    'scale-live-events': { type: 'string', description: 'scale: events appended after the rebuild for the live measure (default a tenth of the size, at most 100000).' },
    'scale-keep': { type: 'boolean', description: 'scale: keep each generated DATA_DIR (marked GENERATED-LOAD) instead of deleting it.' },
    profile: { type: 'string', description: 'Folder for V8 CPU profiles of the api and churn servers (node --cpu-prof).' },
  },
  async run({ values }, io) {
    const seconds = positiveNumber(values, 'seconds', 10);
    const churnSeconds = positiveNumber(values, 'churn-seconds', 60);
    const companies = integerIn(values, 'companies', 100, Number.MAX_SAFE_INTEGER, 100_000);
    const only = oneOf(values, 'only', PARTS);
    const load = oneOf(values, 'load', LOADS);
    // Checked before any part runs: a typo must not surface after an hour of the others.
    const sizes = values['scale-events'] === undefined ? undefined : eventCounts(values);
    const liveEvents = values['scale-live-events'] === undefined ? undefined : integerIn(values, 'scale-live-events', 1, Number.MAX_SAFE_INTEGER, 1);
    const profileDir = values.profile === undefined ? undefined : resolve(String(values.profile));
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const runs = (part: (typeof PARTS)[number]) => only === undefined || only === part;
    if (runs('api')) {
      const { runApiBenchmark } = await import('../bench/run-bench.ts');
      await runApiBenchmark(io.out, { seconds, companies, profileDir, load });
    }
    if (runs('churn')) {
      const { runChurnBenchmark } = await import('../bench/churn-bench.ts');
      await runChurnBenchmark(io.out, { seconds: churnSeconds, companies, profileDir, load });
    }
    if (runs('pipeline')) {
      const { runFreshnessBenchmark } = await import('../bench/pipeline-bench.ts');
      await runFreshnessBenchmark(io.out);
    }
    if (runs('feed')) {
      const { runFeedFreshnessBenchmark } = await import('../bench/feed-bench.ts');
      await runFeedFreshnessBenchmark(io.out);
    }
    if (runs('extract')) {
      const { benchHostileInputs, benchProspectusReader, formatExtractionBench } = await import('../../projector/extract/bench.ts');
      io.out.write(formatExtractionBench(benchProspectusReader({}), benchHostileInputs({})));
    }
    // Hours at the default sizes: only when asked for by name.
    if (only === 'scale') {
      const { DEFAULT_SCALE_SIZES, runScaleBenchmark } = await import('../bench/scale-bench.ts');
      await runScaleBenchmark(io.out, { sizes: sizes ?? DEFAULT_SCALE_SIZES, liveEvents, keep: Boolean(values['scale-keep']) });
    }
    return 0;
  },
};

const EVENT_COUNTS = 'positive integers separated by commas, e.g. 100000,1_000_000';

/** `--scale-events 100000,1_000_000` → [100000, 1000000]; refuses anything but positive integers. */
function eventCounts(values: Record<string, unknown>): number[] {
  return (commaList(values, 'scale-events', EVENT_COUNTS) ?? []).map((item) => {
    const n = /^\d[\d_]*$/.test(item) ? Number(item.replace(/_/g, '')) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1) throw invalid('--scale-events', EVENT_COUNTS, item);
    return n;
  });
}
