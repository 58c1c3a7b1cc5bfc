import { describe, expect, it } from 'vitest';
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import { readDocumentTerms, type DocumentRead, type DocumentReadResult } from './document.read.ts';
import * as hostile from './hostile-inputs.ts';
import { readProspectus } from './prospectus-reader.ts';
import { binaryContent, READ_BUDGET } from './read-budget.ts';
import { SAMPLES, sampleText } from './test-docs.ts';

const META = { cik: '0000000000', accessionNumber: '0000000000-00-000000' };
const read = (html: string, knownForm: string | null = null): DocumentReadResult => readDocumentTerms(html, META, knownForm, '2026-02-01T12:00:00.000Z');

/** Runs `work`, asserting only that it ends well inside a generous bound (a slow, busy 2-core machine included). */
function timed<T>(work: () => T, generousMs = 20_000): T {
  const started = performance.now();
  const result = work();
  expect(performance.now() - started).toBeLessThan(generousMs);
  return result;
}

function asRead(result: DocumentReadResult): DocumentRead {
  if (result === null || 'unreadable' in result) throw new Error(`expected a read, got ${JSON.stringify(result)}`);
  return result;
}

/** The terms that hold a value (not null, not an empty list), apart from the confidence score. */
function foundTerms(result: DocumentRead): string[] {
  return Object.entries(result.terms.terms)
    // A source is never null: with nothing read it says why (no_underwriters, no_cover_table, not_stated).
    .filter(([key, value]) => key !== 'confidence' && !key.endsWith('Source') && value !== null && !(Array.isArray(value) && value.length === 0))
    .map(([key]) => key);
}

describe('the read budget on generated hostile documents', () => {
  it('200,000 unclosed nested tables: structure below the depth budget is flattened, one table cut to the block budget, no terms', () => {
    const doc = timed(() => readProspectus(hostile.unclosedTables()));
    expect(doc.limits).toEqual(['maxBlockChars', 'maxDepth']);
    expect(doc.blocks).toHaveLength(1);
    expect(doc.blocks[0].kind).toBe('table');
    // Every word of the cells, up to the block budget (the cells flattened into the first one).
    expect(doc.blocks[0].text).toMatch(/^cell(?: cell)+$/);
    expect(doc.blocks[0].text.length).toBeGreaterThan(READ_BUDGET.maxBlockChars / 2);
    expect(doc.blocks[0].text.length).toBeLessThanOrEqual(READ_BUDGET.maxBlockChars);
    const result = asRead(timed(() => read(hostile.unclosedTables())));
    expect(result.limits).toEqual(['maxBlockChars', 'maxDepth']);
    expect(foundTerms(result)).toEqual([]);
  });

  it('200,000 nested divs: the one word inside is read', () => {
    const doc = timed(() => readProspectus(hostile.nestedDivs()));
    expect(doc).toEqual({ formType: null, blocks: [{ kind: 'paragraph', text: 'Prospectus' }], limits: ['maxDepth'], unreadable: null, plainText: false });
  });

  it('300,000 rejoined sentence fragments, a 50,000-row table, 200,000 stray close tags: cut to the block budget', () => {
    const fragments = timed(() => readProspectus(hostile.brokenSentences(300_000)));
    expect(fragments.limits).toEqual(['maxBlockChars']);
    expect(fragments.blocks.every((b) => b.kind === 'paragraph' && b.text.length <= READ_BUDGET.maxBlockChars)).toBe(true);
    // Each block rejoins fragments up to the budget, then the next starts: no fragment is lost.
    expect(fragments.blocks.reduce((n, b) => n + b.text.split(' ').length, 0)).toBe(300_000);

    const table = timed(() => readProspectus(hostile.hugeTable(50_000)));
    expect(table.limits).toEqual(['maxBlockChars']);
    expect(table.blocks).toHaveLength(1);
    const rows = table.blocks[0].kind === 'table' ? table.blocks[0].rows : [];
    expect(rows[0]).toEqual(['Net loss', '$(1,234)']);
    // 16 characters of cell text a row ("Net loss" "$" "(1,234" ")"): the budget holds 6,250 rows.
    expect(rows).toHaveLength(READ_BUDGET.maxBlockChars / 16);

    expect(timed(() => readProspectus(hostile.strayCloseTags(200_000)))).toMatchObject({ blocks: [], limits: ['maxDepth'] });
  });

  it('a 50 MB document: the first 32 Mi characters are read, and its first copy of the real prospectus reads as the prospectus does', () => {
    const real = sampleText('twilio');
    const huge = hostile.repeatedDocument(real, 50_000_000);
    expect(huge.length).toBeGreaterThanOrEqual(50_000_000);
    const heapBefore = process.memoryUsage().heapUsed;
    const result = asRead(timed(() => read(huge, 'S-1')));
    // Generous: the heap grew by far less than ten times the document (result and garbage alike).
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(10 * huge.length);
    expect(result.limits).toEqual(['maxInputChars']);
    const whole = asRead(read(real, 'S-1'));
    expect(result.terms.terms).toEqual(whole.terms.terms);
    expect(result.terms.signals).toEqual(whole.terms.signals);
  });

  it('a block budget of one block keeps the first and drops the rest', () => {
    const doc = readProspectus(sampleText('acurx'), { budget: { ...READ_BUDGET, maxBlocks: 1 } });
    expect(doc.blocks).toHaveLength(1);
    expect(doc.limits).toEqual(['maxBlocks']);
  });
});

describe('binary content', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['random bytes', hostile.randomBytes(), /^binary content \(\d+ of \d+ characters are control characters or undecodable bytes\)$/],
    ['a PNG file', hostile.signedFile('png'), /^binary content \(PNG signature\)$/],
    ['a ZIP file', hostile.signedFile('zip'), /^binary content \(ZIP signature\)$/],
    ['a PDF file', hostile.signedFile('pdf'), /^binary content \(PDF signature\)$/],
    ['runs of NUL between HTML', hostile.nulRuns(), /^binary content \(\d+ of \d+ characters/],
  ];
  for (const [name, body, reason] of cases) {
    it(`${name} is unreadable, with the reason`, () => {
      const result = timed(() => read(body));
      expect(result).toEqual({ unreadable: expect.stringMatching(reason) });
      expect(readProspectus(body)).toMatchObject({ blocks: [], unreadable: expect.stringMatching(reason) });
    });
  }

  it('names the exact count of odd characters, whether searched for or counted by the loop past the first thousand', () => {
    const oddByLoop = (body: string) => [...body].filter((ch) => /[\x00-\x08\x0b\x0e-\x1f\x7f\ufffd]/.test(ch)).length;
    for (const body of [hostile.randomBytes(50_000), hostile.nulRuns(50_000), 'x\u0001'.repeat(999) + 'x', '\ufffd\u007f'.repeat(600)]) {
      expect(binaryContent(body)).toBe(`binary content (${oddByLoop(body)} of ${body.length} characters are control characters or undecodable bytes)`);
    }
    // One odd character short of a tenth is text.
    expect(binaryContent('\u0001' + 'x'.repeat(9))).toBeNull();
  });

  it('a real prospectus is text, even with a few stray control characters in it', () => {
    for (const file of Object.keys(SAMPLES) as Array<keyof typeof SAMPLES>) expect(binaryContent(sampleText(file)), file).toBeNull();
    const html = sampleText('acurx');
    const spotted = html.slice(0, 20_000) + '\u0000\u0001\ufffd'.repeat(100) + html.slice(20_000);
    expect(foundTerms(asRead(read(spotted)))).toEqual(foundTerms(asRead(read(html))));
  });
});

/**
 * The terms read from the cover: all but the syndicate, which the underwriting section names, the
 * confidence that counts it, and the expenses, counsel and auditors, which later sections state.
 */
function coverTerms(terms: ApiTermsExtended): Partial<ApiTermsExtended> {
  const syndicate = [
    'underwriters', 'underwritersAsPrinted', 'underwriterRoles', 'bookrunners', 'coManagers', 'leadLeftBookrunner', 'leadLeftBookrunnerSource', 'confidence',
    'offeringExpenses', 'offeringExpensesSource', 'issuerCounsel', 'underwritersCounsel', 'auditors',
  ];
  return Object.fromEntries(Object.entries(terms).filter(([key]) => !syndicate.includes(key)));
}

describe('truncated real prospectuses', () => {
  /** Cut points: fractions of the document, and just inside a tag, a table, a cell and an entity. */
  function cuts(html: string): number[] {
    const inside = (needle: string) => html.indexOf(needle, html.length * 0.05) + Math.min(3, needle.length - 1);
    return [0.01, 0.1, 0.25, 0.5, 0.9].map((f) => Math.floor(html.length * f)).concat(['<table', '<td', '<p ', '&#', '&amp;'].map(inside));
  }

  for (const name of ['unicycive', 'pandora', 'flushing', 'anterix'] as const) {
    it(`${SAMPLES[name]} cut at ten points reads without a throw, what it holds past the cover as the whole does`, () => {
      const html = sampleText(name);
      const whole = asRead(read(html));
      for (const at of cuts(html)) {
        const part = asRead(timed(() => read(html.slice(0, at))));
        expect(part.limits, `cut at ${at}`).toEqual([]);
        expect(read(html.slice(0, at)), `cut at ${at}`).toEqual(part);
        if (at < html.length / 4) continue;
        // Past the cover the cover's terms are all there; the underwriting section may be cut off.
        expect(coverTerms(part.terms.terms), `cut at ${at}`).toEqual(coverTerms(whole.terms.terms));
      }
    });
  }
});

describe('readDocumentTerms never throws', () => {
  it('an error of the extractors makes the document unreadable, with the error', () => {
    expect(read(undefined as unknown as string)).toEqual({ unreadable: expect.stringMatching(/^extraction error: /) });
  });
});
