/**
 * The hand-labelled real prospectuses (labels/*.json beside this file, documents under
 * data/sample/prospectuses/). File I/O lives here so the scorer and extractor stay pure.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { packagePath } from '../../schema/package-files.ts';
import type { TermsLabel } from './score.ts';

export const LABELS_DIR = packagePath('projector/extract/labels');
export const SAMPLE_PROSPECTUS_DIR = packagePath('data/sample/prospectuses');

export function loadLabels(dir = LABELS_DIR): TermsLabel[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as TermsLabel);
}

/** Reads a prospectus file as text, gunzipping `.gz`. */
export function readDocumentFile(path: string): string {
  const buf = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8');
}

export function sampleProspectusPath(file: string): string {
  return join(SAMPLE_PROSPECTUS_DIR, file);
}
