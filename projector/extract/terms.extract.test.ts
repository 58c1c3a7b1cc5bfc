import { describe, expect, it } from 'vitest';
import { extractTerms, toCompactTerms } from './terms.extract.ts';
import { coverSignals } from './cover-signals.ts';
import { readdirSync } from 'node:fs';
import { loadLabels, readDocumentFile, SAMPLE_PROSPECTUS_DIR, sampleProspectusPath } from './labelled-samples.ts';
import { readProspectus } from './prospectus-reader.ts';
import { scoreExtractions, formatScoreTable, fieldMatches, SCORED_FIELDS } from './score.ts';
import { sampleDoc } from './test-docs.ts';

describe('extractTerms over the hand-labelled real prospectuses', () => {
  const labels = loadLabels();
  const pairs = labels.map((label) => ({
    label,
    terms: extractTerms(readProspectus(readDocumentFile(sampleProspectusPath(label.file)), { formType: label.formType }), { formType: label.formType }).terms,
  }));

  it('has a label for every bundled prospectus and fragment', () => {
    expect(labels.map((l) => l.file).sort()).toEqual(readdirSync(SAMPLE_PROSPECTUS_DIR).sort());
    expect(labels).toHaveLength(21);
    for (const l of labels) expect(Object.keys(l.notes).length).toBeGreaterThan(0);
  });

  it('gets at least 98% of labelled fields right', () => {
    const report = scoreExtractions(pairs);
    expect(report.overall.total).toBe(labels.length * SCORED_FIELDS.length);
    expect(report.overall.accuracy, formatScoreTable(report)).toBeGreaterThanOrEqual(0.98);
  });

  it('reads the fee, expense, counsel and auditor fields right on at least 95% of the documents, each', () => {
    const report = scoreExtractions(pairs);
    const fields = ['underwritingDiscountPerShare', 'underwritingDiscountTotal', 'proceedsToIssuerPerShare', 'proceedsToIssuerTotal', 'proceedsToSellingStockholdersPerShare',
      'proceedsToSellingStockholdersTotal', 'feesSource', 'offeringExpenses', 'offeringExpensesSource', 'issuerCounsel', 'underwritersCounsel', 'auditors'] as const;
    for (const field of fields) {
      const { correct, total } = report.perField[field];
      expect(correct / total, `${field}\n${formatScoreTable(report)}`).toBeGreaterThanOrEqual(0.95);
    }
    // The labels hold figures to find: a priced table, stated expenses, counsel and auditors on most documents.
    expect(labels.filter((l) => l.terms.underwritingDiscountTotal !== null).map((l) => l.file)).toEqual(['424B5_0001493152-25-029712_imunon.htm.gz']);
    expect(labels.filter((l) => l.terms.offeringExpenses !== null)).toHaveLength(13);
    expect(labels.filter((l) => l.terms.auditors !== null)).toHaveLength(19);
  });

  it('cites the cover row, the expenses sentence and the Legal Matters sentence it read (Imunon)', () => {
    const r = extractTerms(sampleDoc('imunon'), { formType: '424B5' });
    expect(r.provenance.underwritingDiscountTotal?.text).toMatch(/Placement Agents’ fees/);
    expect(r.provenance.offeringExpenses?.text).toMatch(/^We estimate that the total expenses of the offering/);
    expect(r.provenance.underwritersCounsel?.text).toMatch(/^The Placement Agents are being represented/);
    expect(r.provenance.auditors?.text).toMatch(/WithumSmith\+Brown, PC/);
  });

  it('keeps the Unicycive midpoint estimate out of gross proceeds and cites its sources', () => {
    const r = extractTerms(sampleDoc('unicycive'));
    // The S-1/A states only a range: $5.50 x 4,550,000 Units is an estimate, not the deal's gross proceeds.
    expect(r.terms.grossProceeds).toBeNull();
    expect(r.estimates).toEqual({ grossProceedsEstimate: 25025000, grossProceedsEstimateBasis: 'midpoint_x_shares' });
    expect(r.provenance.grossProceeds).toBeUndefined();
    expect(r.provenance.priceRangeLow?.text).toMatch(/between \$5\.00 and \$6\.00/);
    expect(r.provenance.tickerHint?.text).toMatch(/under the symbol “UNCY”/);
    expect(r.terms.confidence).toBeGreaterThan(0.5);
    expect(toCompactTerms(r.terms)).not.toHaveProperty('shareClass');
  });

  it('leaves every term of a blank early draft null (Pandora)', () => {
    const t = extractTerms(sampleDoc('pandora')).terms;
    expect([t.offeringPrice, t.priceRangeLow, t.priceRangeHigh, t.totalSharesOffered, t.grossProceeds, t.overAllotmentShares, t.tickerHint, t.exchangeHint]).toEqual([null, null, null, null, null, null, null, null]);
  });

  it('scores a wrong value as wrong', () => {
    expect(fieldMatches('totalSharesOffered', 2700000, 1275235)).toBe(false);
    expect(fieldMatches('underwriters', ['Piper Sandler & Co.', 'Keefe, Bruyette & Woods, Inc.'], ['Keefe, Bruyette & Woods, Inc.', 'Piper Sandler & Co.'])).toBe(false);
    expect(fieldMatches('exchangeHint', 'Nasdaq Capital Market', 'The Nasdaq Capital Market')).toBe(true);
    expect(fieldMatches('tickerHint', null, 'AAOI')).toBe(false);
  });
});

describe('coverSignals', () => {
  it('does not read follow-ons, shelf supplements or resales as IPOs', () => {
    for (const name of ['aaoi', 'twilio', 'flushing', 'acurx'] as const) {
      const s = coverSignals(sampleDoc(name));
      expect(s.initialPublicOffering, name).toBe(false);
      expect(s.noPublicMarket, name).toBe(false);
      expect(s.listedUnderSymbol, name).toBe(true);
    }
    expect(coverSignals(sampleDoc('flushing')).prospectusSupplement).toBe(true);
    const acurx = coverSignals(sampleDoc('acurx'));
    expect([acurx.resale, acurx.issuerReceivesNoProceeds, acurx.underwritten]).toEqual([true, true, false]);
  });

  it('reads the IPO covers as IPOs (Unicycive, Pandora)', () => {
    for (const name of ['unicycive', 'pandora'] as const) {
      const s = coverSignals(sampleDoc(name));
      expect([s.initialPublicOffering, s.noPublicMarket, s.listedUnderSymbol, s.underwritten, s.blankCheck], name).toEqual([true, true, false, true, false]);
    }
    expect(coverSignals(sampleDoc('unicycive')).priceRangeStated).toBe(true);
  });
});
