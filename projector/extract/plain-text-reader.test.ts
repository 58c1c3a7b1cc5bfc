// EDGAR plain-text filings (Mykrolis, Oplink, Riverstone, Tellium, Vastera: S-1 and S-1/A of 2000-2001)
// read on the real bundled documents.
import { describe, expect, it } from 'vitest';
import { makeContext } from './extract-context.ts';
import { extractFinancialSnapshot } from './financials/financial-snapshot.extract.ts';
import type { Block } from './prospectus-reader.ts';
import { sampleDoc } from './test-docs.ts';

const tableWith = (blocks: Block[], text: RegExp): string[][] => {
  const t = blocks.find((b) => b.kind === 'table' && text.test(b.text));
  return t?.kind === 'table' ? t.rows : [];
};

describe('EDGAR plain-text filings', () => {
  it('are told from HTML: <TABLE> with <S> and <C> lines is no HTML markup', () => {
    for (const name of ['mykrolis', 'oplink', 'riverstone', 'tellium', 'vastera'] as const) expect(sampleDoc(name).plainText, name).toBe(true);
    for (const name of ['dropbox', 'unicycive', 'coverSnippet'] as const) expect(sampleDoc(name).plainText, name).toBe(false);
  });

  it('read the boxed red-herring legend without its border, so the cover is found (Mykrolis)', () => {
    const doc = sampleDoc('mykrolis');
    const cover = makeContext(doc).regions.cover;
    expect(doc.blocks[cover.start].text).toMatch(/^The information in this prospectus is not complete and may be changed without notice\. We may not sell/);
    expect(doc.blocks.slice(cover.start, cover.start + 8).map((b) => b.text)).toContain('7,000,000 Shares');
  });

  it('read centred lines as headings and "." bullets as list items (Mykrolis)', () => {
    const blocks = sampleDoc('mykrolis').blocks;
    expect(blocks).toContainEqual({ kind: 'heading', text: 'Common Stock' });
    expect(blocks).toContainEqual({ kind: 'heading', text: 'USE OF PROCEEDS' });
    expect(blocks.some((b) => /^• \$75\.0 million for general corporate purposes/.test(b.text))).toBe(true);
  });

  it('read tables as rows of cells split at runs of spaces and dot leaders (Mykrolis cover and underwriting tables)', () => {
    const blocks = sampleDoc('mykrolis').blocks;
    expect(tableWith(blocks, /Offering Price/)).toEqual([
      ['Per Share Total'],
      ['Offering Price', '$', '$'],
      ['Discounts and Commissions to Underwriters', '$', '$'],
      ['Offering Proceeds to Mykrolis Corporation', '$', '$'],
    ]);
    // The head is set over two lines; the leader after "Inc." keeps the abbreviation's period.
    expect(tableWith(blocks, /Salomon Smith Barney Inc\./)).toEqual([
      ['Number of'],
      ['Underwriter', 'Shares'],
      ['Banc of America Securities LLC'],
      ['Salomon Smith Barney Inc.'],
      ['ABN AMRO Rothschild LLC'],
      ['Total', '7,000,000'],
    ]);
  });

  it('join a row whose label or value wraps onto the next lines (Mykrolis "The Offering")', () => {
    const rows = tableWith(sampleDoc('mykrolis').blocks, /Common stock offered by us/);
    expect(rows.slice(0, 3)).toEqual([
      ['Common stock offered by us', '7,000,000 shares'],
      ['Common stock outstanding after the offering', '39,500,000 shares'],
      ['Common stock to be held by Millipore after the offering', '32,500,000 shares'],
    ]);
    expect(rows[4][0]).toBe('Use of proceeds');
    expect(rows[4][1]).toMatch(/^We plan to use the net proceeds from this offering to repay to Millipore .* technologies\. See "Use of Proceeds\."$/);
    expect(rows[5]).toEqual(['New York Stock Exchange symbol', 'MYK']);
  });

  it('keep each caption line a header row, and split amounts one space apart (Riverstone summary data)', () => {
    const rows = tableWith(sampleDoc('riverstone').blocks, /Consolidated Statements of Operations Data/);
    expect(rows.slice(0, 3)).toEqual([
      ['Year Ended', 'Nine Months Ended'],
      ['Feb. 29,', 'Feb. 28,', 'Feb. 28,', 'Feb. 28,', 'Feb. 29,', 'Nov. 30,', 'Dec. 2,'],
      ['1996', '1997', '1998', '1999', '2000', '1999', '2000'],
    ]);
    expect(rows.find((r) => r[0] === 'Net loss')).toEqual(['Net loss', '(6,521)', '(18,509)', '(16,976)', '(184,995)', '(37,431)', '(30,882)', '(59,195)']);
  });

  it('give no financial snapshot: their column heads are not yet read reliably (Riverstone "Feb. 29," periods)', () => {
    const source = { accessionNumber: '0000000000-00-000000', filingDate: null, formType: 'S-1/A', extractedAt: null };
    expect(extractFinancialSnapshot(sampleDoc('riverstone'), source)).toBeNull();
    expect(extractFinancialSnapshot(sampleDoc('unicycive'), source)).not.toBeNull();
  });
});
