/**
 * `ipo extract <file>` and `ipo extract --score`: offering terms of one prospectus file as JSON,
 * and the per-field accuracy of the extractor over the hand-labelled sample prospectuses.
 */
import { existsSync, statSync } from 'node:fs';
import { readProspectus } from '../projector/extract/prospectus-reader.ts';
import { extractTerms } from '../projector/extract/terms.extract.ts';
import { formatScoreTable, scoreExtractions } from '../projector/extract/score.ts';
import { loadLabels, readDocumentFile, sampleProspectusPath } from '../projector/extract/labelled-samples.ts';

const SUPPORTED = /\.(?:htm|html|txt)(?:\.gz)?$/i;

export class ExtractCliError extends Error {}

export async function runExtract(file: string, out: NodeJS.WritableStream, opts: { formType?: string } = {}): Promise<void> {
  if (!file) throw new ExtractCliError('usage: ipo extract <file.htm|.html|.txt[.gz]> [--form-type S-1]');
  if (!SUPPORTED.test(file)) throw new ExtractCliError(`unsupported file type: ${file} (expected .htm, .html or .txt, optionally .gz)`);
  if (!existsSync(file) || !statSync(file).isFile()) throw new ExtractCliError(`no such file: ${file}`);
  let text: string;
  try {
    text = readDocumentFile(file);
  } catch (err) {
    throw new ExtractCliError(`cannot read ${file}: ${(err as Error).message}`);
  }
  const doc = readProspectus(text, { formType: opts.formType });
  const result = extractTerms(doc, { formType: opts.formType });
  out.write(`${JSON.stringify({ ...result, limits: doc.limits, unreadable: doc.unreadable }, null, 2)}\n`);
}

export function runScore(out: NodeJS.WritableStream): number {
  const pairs = loadLabels().map((label) => {
    const doc = readProspectus(readDocumentFile(sampleProspectusPath(label.file)), { formType: label.formType });
    return { label, terms: extractTerms(doc, { formType: label.formType }).terms };
  });
  const report = scoreExtractions(pairs);
  out.write(`${formatScoreTable(report)}\n`);
  return report.overall.accuracy;
}
