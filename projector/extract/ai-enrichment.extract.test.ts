import { describe, expect, it } from 'vitest';
import { sampleDoc } from './test-docs.ts';
import { extractTerms } from './terms.extract.ts';
import { deriveAiEnrichment, riskFlags, riskHeadings } from './ai-enrichment.extract.ts';
import { RISK_TAXONOMY } from './risk-taxonomy.ts';

describe('extractive aiEnrichment on real prospectuses', () => {
  it('Unicycive: narrative copied from the cover and overview; going-concern, regulatory and COVID risks flagged', () => {
    const doc = sampleDoc('unicycive');
    const e = deriveAiEnrichment({ doc, terms: extractTerms(doc).terms, changes: ['price range set at $5.00–$6.00'] });
    expect(e.narrativeSummary).toContain('This is an initial public offering of units of securities');
    expect(e.narrativeSummary).toContain('We are a biotechnology company dedicated to developing treatments');
    expect(e.riskFlags).toEqual(expect.arrayContaining(['going_concern', 'net_losses', 'regulatory_approval', 'covid19', 'dilution', 'emerging_growth_company']));
    expect(e.riskFlags).not.toContain('vie_structure');
    expect(e.materialChanges).toEqual(['price range set at $5.00–$6.00']);
    expect(e.confidence).toBeGreaterThan(0.8);
  });

  it('every narrative sentence is in the document text (extractive, not generated)', () => {
    for (const name of ['unicycive', 'aaoi', 'pandora', 'twilio', 'flushing'] as const) {
      const doc = sampleDoc(name);
      const all = doc.blocks.map((b) => b.text).join('\n');
      const narrative = deriveAiEnrichment({ doc }).narrativeSummary!;
      expect(narrative).not.toBeNull();
      const first = narrative.split(/(?<=\.) (?=[A-Z])/)[0];
      expect(all).toContain(first);
    }
  });

  it('AAOI follow-on: the loan-covenant heading raises indebtedness; Twilio: dual-class control', () => {
    expect(riskHeadings(sampleDoc('aaoi'))).toContain('Our loan agreements contain restrictive covenants that may adversely affect our ability to conduct our business.');
    expect(riskFlags(sampleDoc('aaoi'))).toContain('indebtedness');
    const twilio = sampleDoc('twilio');
    expect(riskFlags(twilio, extractTerms(twilio).terms)).toContain('dual_class_control');
  });

  it('flags come only from the documented taxonomy, in taxonomy order', () => {
    const order = RISK_TAXONOMY.map((c) => c.flag);
    const flags = riskFlags(sampleDoc('pandora'));
    expect(flags.length).toBeGreaterThan(0);
    expect([...flags].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(flags);
  });
});
