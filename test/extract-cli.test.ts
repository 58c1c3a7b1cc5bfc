import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { runExtract, runScore } from '../scripts/extract-cli.ts';
import { sampleProspectusPath } from '../projector/extract/labelled-samples.ts';
import { benchHostileInputs, benchProspectusReader, formatExtractionBench } from '../projector/extract/bench.ts';

function collect(): { out: PassThrough; text: () => string } {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  return { out, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('extract CLI', () => {
  it('prints terms, provenance, estimates and signals for a gzipped prospectus', async () => {
    const { out, text } = collect();
    await runExtract(sampleProspectusPath('S-1-A_0001047469-14-002425_aaoi-followon.htm.gz'), out);
    const json = JSON.parse(text());
    expect(Object.keys(json).sort()).toEqual(['estimates', 'limits', 'provenance', 'signals', 'terms', 'underwriterRole', 'underwritersAsPrinted', 'unreadable']);
    expect(json.limits).toEqual([]);
    expect(json.unreadable).toBeNull();
    expect(json.terms.tickerHint).toBe('AAOI');
    expect(json.underwriterRole).toBe('underwriters');
    expect([json.terms.leadLeftBookrunner, json.terms.leadLeftBookrunnerSource]).toEqual(['Raymond James & Associates, Inc.', 'cover']);
    expect(json.provenance.leadLeftBookrunner.text).toBe('RAYMOND JAMES | PIPER JAFFRAY');
    expect(json.signals.initialPublicOffering).toBe(false);
  });
  it('rejects unsupported and missing files with a clear message', async () => {
    const { out } = collect();
    await expect(runExtract('prospectus.pdf', out)).rejects.toThrow(/unsupported file type/);
    await expect(runExtract(sampleProspectusPath('missing.htm'), out)).rejects.toThrow(/no such file/);
  });
  it('prints the per-field accuracy table', () => {
    const { out, text } = collect();
    const accuracy = runScore(out);
    expect(accuracy).toBeGreaterThanOrEqual(0.98);
    expect(text()).toMatch(/^field\s+correct\s+accuracy/);
    expect(text()).toMatch(/underwriters\s+\d+\/21/);
    for (const field of ['bookrunners', 'coManagers', 'leadLeftBookrunner']) expect(text()).toMatch(new RegExp(`\\n${field}\\s+\\d+/21`));
    // The fee and adviser fields, each with its precision and recall.
    for (const field of ['underwritingDiscountTotal', 'proceedsToIssuerTotal', 'offeringExpenses', 'issuerCounsel', 'underwritersCounsel', 'auditors']) {
      expect(text()).toMatch(new RegExp(`\\n${field}\\s+\\d+/21\\s+[\\d.]+%\\s+[\\d.]+%\\s+[\\d.]+%`));
    }
  });
  it('bench reports throughput over the sample prospectuses', () => {
    const r = benchProspectusReader({ rounds: 1 });
    expect(r.documents).toBe(21);
    expect(r.megabytes).toBeGreaterThan(9);
    expect(r.readerMBps).toBeGreaterThan(0);
    const hostile = benchHostileInputs({ scale: 0.01 });
    expect(hostile.map((h) => h.outcome)).toEqual([
      'read',
      'read, cut by maxDepth',
      'read, cut by maxDepth',
      'read',
      'read',
      'read, cut by maxDepth',
      expect.stringMatching(/^unreadable: binary content/),
      expect.stringMatching(/^unreadable: binary content/),
      'read',
    ]);
    expect(formatExtractionBench(r, hostile)).toMatch(/200k unclosed nested tables +[\d.]+ MB +\d+ ms +[\d.]+ MB\/s/);
  });
});
