/**
 * Reader throughput over the real sample prospectuses, in MB of HTML per second on one core.
 * `npm run bench` calls `benchProspectusReader`; the target is ≥ 10 MB/s.
 */
import { readdirSync } from 'node:fs';
import { readProspectus } from './prospectus-reader.ts';
import { readDocumentFile, SAMPLE_PROSPECTUS_DIR, sampleProspectusPath } from './labelled-samples.ts';
import { extractTerms } from './terms.extract.ts';

export interface BenchResult {
  documents: number;
  megabytes: number;
  readerMBps: number;
  readAndExtractMBps: number;
}

export function benchProspectusReader(opts: { rounds?: number; now?: () => number } = {}): BenchResult {
  const rounds = opts.rounds ?? 5;
  const now = opts.now ?? (() => performance.now());
  const texts = readdirSync(SAMPLE_PROSPECTUS_DIR)
    .filter((f) => /\.(?:htm|html|txt)(?:\.gz)?$/.test(f))
    .map((f) => readDocumentFile(sampleProspectusPath(f)));
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  for (const t of texts) readProspectus(t); // warm the JIT before timing
  let t0 = now();
  for (let r = 0; r < rounds; r++) for (const t of texts) readProspectus(t);
  const readerMs = now() - t0;
  t0 = now();
  for (let r = 0; r < rounds; r++) for (const t of texts) extractTerms(readProspectus(t));
  const bothMs = now() - t0;
  const mb = (bytes * rounds) / 1e6;
  return {
    documents: texts.length,
    megabytes: bytes / 1e6,
    readerMBps: mb / (readerMs / 1000),
    readAndExtractMBps: mb / (bothMs / 1000),
  };
}
