import { describe, expect, it } from 'vitest';
import { sampleDoc } from '../extract/test-docs.ts';
import { extractTerms } from '../extract/terms.extract.ts';
import { deriveAiEnrichment, riskFlags, riskHeadings } from './ai-enrichment.derive.ts';
import { RISK_TAXONOMY } from './risk-taxonomy.ts';
import { buildLlmRequest, enrichWithLlm, parseLlmResponse, type FetchFn } from './llm-enrichment.ts';

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

describe('llm-enrichment (request building and response parsing only; never calls a real model)', () => {
  const config = { apiUrl: 'http://127.0.0.1:9/v1/', apiKey: 'test-key', model: 'some-model' };
  const extractive = { narrativeSummary: 'x', materialChanges: ['price range set at $5.00–$6.00'], riskFlags: ['going_concern'], confidence: 0.9 };
  const input = { companyName: 'Unicycive Therapeutics, Inc.', formType: 'S-1/A', excerpt: 'This is an initial public offering of units.', extractive };

  it('builds an OpenAI-compatible chat-completions request with the bearer key and the taxonomy', () => {
    const { url, init } = buildLlmRequest(config, input);
    expect(url).toBe('http://127.0.0.1:9/v1/chat/completions');
    expect(init.headers.authorization).toBe('Bearer test-key');
    const body = JSON.parse(init.body);
    expect(body.model).toBe('some-model');
    expect(body.messages[0].content).toContain('going_concern');
    expect(body.messages[1].content).toContain('This is an initial public offering of units.');
  });

  it('parses a reply and drops flags outside the taxonomy', async () => {
    // A CONSTRUCTED response in the chat-completions shape, written for this test: not real model output.
    const constructed = { choices: [{ message: { content: JSON.stringify({ narrativeSummary: 'A summary.', materialChanges: ['a'], riskFlags: ['going_concern', 'made_up_flag'], confidence: 0.7 }) } }] };
    const fetchFn: FetchFn = async () => ({ ok: true, status: 200, json: async () => constructed });
    expect(await enrichWithLlm(config, fetchFn, input)).toEqual({ narrativeSummary: 'A summary.', materialChanges: ['a'], riskFlags: ['going_concern'], confidence: 0.7 });
  });

  it('returns null (caller keeps the extractive result) on HTTP errors, thrown fetches and non-JSON content', async () => {
    expect(await enrichWithLlm(config, async () => ({ ok: false, status: 500, json: async () => ({}) }), input)).toBeNull();
    expect(await enrichWithLlm(config, async () => { throw new Error('connection refused'); }, input)).toBeNull();
    expect(parseLlmResponse({ choices: [{ message: { content: 'not json' } }] }, extractive)).toBeNull();
    expect(parseLlmResponse({}, extractive)).toBeNull();
  });
});
