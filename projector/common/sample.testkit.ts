import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/** Test-only access to the bundled real sample (data/sample), gunzipping `.gz` files. */
export const SAMPLE_DIR = fileURLToPath(new URL('../../data/sample/', import.meta.url));

export function readSample(relPath: string): string {
  const bytes = readFileSync(SAMPLE_DIR + relPath);
  return (relPath.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

export function listSample(relDir: string): string[] {
  return readdirSync(SAMPLE_DIR + relDir).sort();
}
