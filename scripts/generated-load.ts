import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Generated load (the scale bench's event log) is never served as data: its DATA_DIR carries this
 * marker, its events the source below, and `ipo serve` / `ipo start` refuse such a folder.
 */
export const GENERATED_LOAD_MARKER = 'GENERATED-LOAD';
/** `source` of every generated event, and the user agent the bench names in their meta. */
export const GENERATED_LOAD_SOURCE = 'generated-load';

export function markGeneratedLoad(dataDir: string, what: string): void {
  writeFileSync(
    join(dataDir, GENERATED_LOAD_MARKER),
    `This folder holds generated load (${what}), made by \`npm run bench -- --only scale\` to measure the projector.\n` +
      'Its companies, filings and vendor rows are not real; it must never be served as data.\n',
  );
}

export const isGeneratedLoad = (dataDir: string): boolean => existsSync(join(dataDir, GENERATED_LOAD_MARKER));

export class GeneratedLoadError extends Error {}

/** Throws when `dataDir` holds generated load: nothing generated is served as data. */
export function refuseGeneratedLoad(dataDir: string): void {
  if (isGeneratedLoad(dataDir)) {
    throw new GeneratedLoadError(`${dataDir} holds generated load (${GENERATED_LOAD_MARKER}), made by the scale bench: it is never served as data`);
  }
}
