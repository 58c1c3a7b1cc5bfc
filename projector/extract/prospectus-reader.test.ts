import { describe, expect, it } from 'vitest';
import { cleanText, mergeCells, readProspectus } from './prospectus-reader.ts';
import { unwrapSgml } from './sgml-unwrap.ts';
import { sampleDoc, sampleText } from './test-docs.ts';

describe('readProspectus on real EDGAR HTML', () => {
  it('merges div/span layouts into paragraphs and glues float-left bullets to their item', () => {
    const doc = sampleDoc('divSpans');
    const texts = doc.blocks.map((b) => b.text);
    expect(texts[0]).toMatch(/^Offers to purchase the securities offered by this prospectus may be solicited/);
    expect(texts).toContain('• commercial and savings banks;');
    expect(texts).toContain('• insurance companies;');
    expect(texts.some((t) => t === '•')).toBe(false);
  });

  it('decodes entities and detects bold headings', () => {
    const doc = sampleDoc('coverSnippet');
    expect(doc.blocks[0]).toEqual({ kind: 'heading', text: 'CERTAIN DOCUMENTS INCORPORATED BY REFERENCE' });
    expect(doc.blocks[1].text).toMatch(/^PG&E Corporation and the Utility have “incorporated by reference”/);
    expect(doc.blocks.every((b) => !/&amp;|&nbsp;|\u00a0/.test(b.text))).toBe(true);
  });

  it('finds the wrapper tags themselves, not a longer tag that begins the same way', () => {
    const raw = '<DOCUMENTS>\n<DOCUMENT>\n<TYPE>S-1\n<TEXTAREA><TEXT>\nbody </TEXTS> </DOCUMENTX> still body\n</TEXT>\n</DOCUMENT>';
    expect(unwrapSgml(raw)).toEqual({ formType: 'S-1', body: '\nbody </TEXTS> </DOCUMENTX> still body\n', isHtml: false });
  });

  it('unwraps the SGML <DOCUMENT> wrapper and reports its form type', () => {
    const raw = sampleText('flushing');
    expect(unwrapSgml(raw).formType).toBe('424B5');
    const doc = sampleDoc('flushing');
    expect(doc.formType).toBe('424B5');
    expect(doc.blocks.some((b) => /<TYPE>|<TEXT>|tm2430436-1_424b5\.htm/.test(b.text))).toBe(false);
  });

  it('drops page numbers and running "S-ii" folios', () => {
    const texts = sampleDoc('flushing').blocks.map((b) => b.text);
    expect(texts).not.toContain('S-i');
    expect(texts).not.toContain('S-ii');
    expect(sampleDoc('aaoi').blocks.map((b) => b.text)).not.toContain('36');
  });

  it('rejoins a sentence split across a page break', () => {
    const texts = sampleDoc('aaoi').blocks.map((b) => b.text);
    expect(texts.some((t) => /We manufacture the majority of the laser chips and optical components that are used in our products\./.test(t))).toBe(true);
  });

  it('reads cover tables as rows of merged cells', () => {
    const table = sampleDoc('aaoi').blocks.find((b) => b.kind === 'table' && /Name/.test(b.text) && /2,700,000/.test(b.text));
    expect(table?.kind === 'table' && table.rows.at(-1)).toEqual(['Total:', '2,700,000']);
    const fee = sampleDoc('aaoi').blocks.find((b) => b.kind === 'table' && /Amount to be Registered/.test(b.text));
    expect(fee?.kind === 'table' && fee.rows[1]).toEqual(['Common Stock, $0.001 par value per share', '3,105,000', '$27.095', '$84,129,975', '$10,835.95']);
  });

  it('picks the document of the requested form type from a multi-document submission', () => {
    // Two real documents in one EDGAR-style submission: the 424B5 and (as an exhibit stand-in) the div/span fragment.
    const submission = `<SEC-DOCUMENT>\n${sampleText('flushing')}</DOCUMENT>\n<DOCUMENT>\n<TYPE>EX-99\n<TEXT>\n${sampleText('divSpans')}</TEXT>\n</DOCUMENT>`;
    expect(unwrapSgml(submission, 'EX-99').body).toContain('commercial and savings banks');
    expect(readProspectus(submission, { formType: '424B5' }).formType).toBe('424B5');
  });

  it('finds the wanted document among 100,000 lower-case wrappers without searching the rest of the file for each', () => {
    // Generated (not a filing): each search for an upper-case </DOCUMENT> that is not there once
    // scanned to the end of the file, quadratic in the number of documents.
    const wrappers = '<document>\n<type>EX-99\n<text>\nexhibit\n</text>\n</document>\n'.repeat(100_000);
    const submission = `${wrappers}<document>\n<type>424B4\n<text>\n${sampleText('divSpans')}</text>\n</document>\n`;
    const started = performance.now();
    const unwrapped = unwrapSgml(submission, '424B4');
    expect(performance.now() - started).toBeLessThan(20_000); // generous: about 0.1 s
    expect(unwrapped.formType).toBe('424B4');
    expect(unwrapped.body).toContain('commercial and savings banks');
  });

  it('reads plain-text filings as paragraphs', () => {
    const doc = readProspectus(sampleDoc('acurx').blocks.slice(44, 47).map((b) => b.text).join('\n\n'));
    expect(doc.blocks).toHaveLength(3);
    expect(doc.blocks[1].text).toMatch(/^The selling stockholder of Acurx/);
  });
});

describe('cell and text helpers', () => {
  it('merges "$" and ")" cells with their amounts, keeping blank amounts apart', () => {
    expect(mergeCells(['Accumulated deficit', '', '(6,886', ')', '$', '147'])).toEqual(['Accumulated deficit', '(6,886)', '$147']);
    expect(mergeCells(['Public offering price', '$', '$'])).toEqual(['Public offering price', '$', '$']);
  });
  it('normalises typographic spaces and drops zero-width marks', () => {
    expect(cleanText('\u200a Filed Pursuant to Rule 424(b)(5)\u200b ')).toBe('Filed Pursuant to Rule 424(b)(5)');
    expect(cleanText('\u2007\u2007Shares')).toBe('Shares');
  });
});
