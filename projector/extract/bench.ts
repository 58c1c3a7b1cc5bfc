/**
 * Reader throughput over the real sample prospectuses, in MB of HTML per second on one core, and
 * the time and memory of one full read (`readDocumentTerms`) of each kind of generated hostile
 * document. `npm run bench` calls these; the target on real documents is ≥ 30 MB/s per core (issue 21).
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { readDocumentTerms } from './document.read.ts';
import * as hostile from './hostile-inputs.ts';
import { readProspectus } from './prospectus-reader.ts';
import { readDocumentFile, SAMPLE_PROSPECTUS_DIR, sampleProspectusPath } from './labelled-samples.ts';
import { extractTerms } from './terms.extract.ts';

export interface BenchResult {
  documents: number;
  megabytes: number;
  readerMBps: number;
  readAndExtractMBps: number;
  /** The same two figures in the process's CPU time: what one core does when other work shares the machine. */
  readerCpuMBps: number;
  readAndExtractCpuMBps: number;
}

/** The process's CPU time (user and system) in ms. */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export function benchProspectusReader(opts: { rounds?: number; now?: () => number; cpu?: () => number } = {}): BenchResult {
  const rounds = opts.rounds ?? 5;
  const now = opts.now ?? (() => performance.now());
  const cpu = opts.cpu ?? cpuMs;
  const texts = sampleTexts();
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  // Warm the JIT of both loops before timing (the terms extractor was left cold, and timed while compiling).
  for (const t of texts) extractTerms(readProspectus(t));
  let t0 = now();
  let c0 = cpu();
  for (let r = 0; r < rounds; r++) for (const t of texts) readProspectus(t);
  const readerMs = now() - t0;
  const readerCpuMs = cpu() - c0;
  t0 = now();
  c0 = cpu();
  for (let r = 0; r < rounds; r++) for (const t of texts) extractTerms(readProspectus(t));
  const bothMs = now() - t0;
  const bothCpuMs = cpu() - c0;
  const mb = (bytes * rounds) / 1e6;
  return {
    documents: texts.length,
    megabytes: bytes / 1e6,
    readerMBps: mb / (readerMs / 1000),
    readAndExtractMBps: mb / (bothMs / 1000),
    readerCpuMBps: mb / (readerCpuMs / 1000),
    readAndExtractCpuMBps: mb / (bothCpuMs / 1000),
  };
}

export interface HostileBench {
  kind: string;
  /** Size of the document in MB (10^6 UTF-16 characters, as the reader sees it). */
  megabytes: number;
  ms: number;
  mbps: number;
  /** `read`, `read, cut by maxDepth, …`, or `unreadable: <reason>`. */
  outcome: string;
  /** Growth of the JS heap over the read (its result and garbage not yet collected), in MB. */
  heapGrowthMB: number;
  /** The process's peak RSS less its RSS before the read, in MB: an upper bound of what the read took at its peak. */
  peakRssGrowthMB: number;
}

/**
 * One full read of each hostile kind; `scale` shrinks the generated sizes (1 = the sizes the
 * README quotes: 200k-deep nests, about 10 MB of each flat kind, a 50 MB document).
 */
export function benchHostileInputs(opts: { scale?: number; now?: () => number } = {}): HostileBench[] {
  const scale = opts.scale ?? 1;
  const now = opts.now ?? (() => performance.now());
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  const twilio = readDocumentFile(sampleProspectusPath('S-1_2016-10-07_twilio-followon.htm.gz'));
  const kinds: Array<[string, () => string]> = [
    ['real S-1 cut in half mid-document', () => twilio.slice(0, Math.floor(twilio.length / 2))],
    ['200k unclosed nested tables', () => hostile.unclosedTables(n(200_000))],
    ['200k nested divs', () => hostile.nestedDivs(n(200_000))],
    ['250k-row table', () => hostile.hugeTable(n(250_000))],
    ['1M rejoined sentence fragments', () => hostile.brokenSentences(n(1_000_000))],
    ['1M stray close tags', () => hostile.strayCloseTags(n(1_000_000))],
    ['10 MB of random bytes', () => hostile.randomBytes(n(10_000_000))],
    ['10 MB of NUL runs', () => hostile.nulRuns(n(10_000_000))],
    ['50 MB: a real S-1 repeated', () => hostile.repeatedDocument(twilio, n(50_000_000))],
  ];
  for (const t of sampleTexts()) readProspectus(t); // warm the JIT before timing
  return kinds.map(([kind, generate]) => {
    let doc: string | null = generate();
    const megabytes = doc.length / 1e6;
    const before = process.memoryUsage();
    const t0 = now();
    const result = readDocumentTerms(doc, { cik: '0000000000', accessionNumber: '0000000000-00-000000' }, null, '2026-01-01T00:00:00.000Z');
    const ms = now() - t0;
    const after = process.memoryUsage();
    const peakRss = process.resourceUsage().maxRSS * 1024;
    doc = null;
    const outcome =
      result === null ? 'not a prospectus form' : 'unreadable' in result ? `unreadable: ${result.unreadable}` : ['read', ...result.limits.map((l) => `cut by ${l}`)].join(', ');
    return {
      kind,
      megabytes,
      ms,
      mbps: megabytes / (ms / 1000),
      outcome,
      heapGrowthMB: Math.max(0, after.heapUsed - before.heapUsed) / 1e6,
      peakRssGrowthMB: Math.max(0, peakRss - before.rss) / 1e6,
    };
  });
}

export function formatExtractionBench(reader: BenchResult, hostileReads: HostileBench[]): string {
  const lines = [
    `\nprospectus extraction: ${reader.documents} documents, ${reader.megabytes.toFixed(1)} MB; ` +
      `reader ${reader.readerMBps.toFixed(1)} MB/s, reader + terms ${reader.readAndExtractMBps.toFixed(1)} MB/s (one core; ` +
      `in CPU time ${reader.readerCpuMBps.toFixed(1)} and ${reader.readAndExtractCpuMBps.toFixed(1)} MB/s; load average ${loadAverage()})`,
    'hostile documents, one full read each (reader and every extractor):',
  ];
  for (const h of hostileReads) {
    lines.push(
      `  ${h.kind.padEnd(36)} ${h.megabytes.toFixed(1).padStart(5)} MB ${h.ms.toFixed(0).padStart(6)} ms ${h.mbps.toFixed(1).padStart(7)} MB/s` +
        `  heap +${h.heapGrowthMB.toFixed(0).padStart(3)} MB, peak RSS ≤ +${h.peakRssGrowthMB.toFixed(0).padStart(3)} MB  ${h.outcome}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The 1-minute load average: the wall-clock figures mean little when it is above the cores. */
function loadAverage(): string {
  return loadavg()[0].toFixed(2);
}

function sampleTexts(): string[] {
  return readdirSync(SAMPLE_PROSPECTUS_DIR)
    .filter((f) => /\.(?:htm|html|txt)(?:\.gz)?$/.test(f))
    .map((f) => readDocumentFile(sampleProspectusPath(f)));
}
