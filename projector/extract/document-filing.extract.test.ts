import { describe, expect, it } from 'vitest';
import { readProspectus } from './prospectus-reader.ts';
import { sampleDoc } from './test-docs.ts';
import { coverFilingDate, coverFileNumber, coverFormType, coverRegistrantName, documentFiling } from './document-filing.extract.ts';

// Filing dates and forms as data/sample/SOURCES.md records them for each real document.
describe('a filing read off its own registration statement cover', () => {
  it('Pandora: an original S-1 (SGML <TYPE>), filed 2011-02-11, registration number not yet assigned', () => {
    expect(documentFiling(sampleDoc('pandora'), 'ds1.htm')).toEqual({
      formType: 'S-1',
      filingDate: '2011-02-11',
      fileNumber: null,
      primaryDocument: 'ds1.htm',
      registrantName: 'PANDORA MEDIA, INC.',
    });
  });

  it('Acurx: no SGML wrapper, so the form comes from the cover title "FORM S-1"', () => {
    const doc = sampleDoc('acurx');
    expect(doc.formType).toBeNull();
    expect(documentFiling(doc, 'tm2319782d1_s1.htm')).toEqual({
      formType: 'S-1',
      filingDate: '2023-06-29',
      fileNumber: null,
      primaryDocument: 'tm2319782d1_s1.htm',
      registrantName: 'ACURX PHARMACEUTICALS, INC.',
    });
  });

  it('Unicycive: "Amendment No. 3 to:" over "FORM S-1" is an S-1/A, with its 333- number and a trailing full stop on the date', () => {
    const doc = sampleDoc('unicycive');
    expect(doc.formType).toBeNull();
    expect([coverFormType(doc), coverFilingDate(doc), coverFileNumber(doc), coverRegistrantName(doc)]).toEqual([
      'S-1/A', '2021-06-30', '333-256367', 'UNICYCIVE THERAPEUTICS, INC.',
    ]);
  });

  it('AAOI: the name and caption share one block; the SGML type wins', () => {
    const doc = sampleDoc('aaoi');
    expect([coverFormType(doc), coverFilingDate(doc), coverFileNumber(doc), coverRegistrantName(doc)]).toEqual([
      'S-1/A', '2014-03-14', '333-194379', 'Applied Optoelectronics, Inc.',
    ]);
  });

  it('Twilio: a follow-on S-1 filed 2016-10-07', () => {
    expect(documentFiling(sampleDoc('twilio'), null)).toMatchObject({ formType: 'S-1', filingDate: '2016-10-07', registrantName: 'Twilio Inc.' });
  });

  it('a prospectus supplement prints no "As filed" date: no filing rather than a guess', () => {
    const doc = sampleDoc('flushing');
    expect(coverFormType(doc)).toBe('424B5');
    expect(coverFilingDate(doc)).toBeNull();
    expect(documentFiling(doc, null)).toBeNull();
    expect(documentFiling(sampleDoc('coverSnippet'), null)).toBeNull();
  });

  it('an impossible date or a post-effective amendment gives null', () => {
    // The Acurx cover with its date line altered: a typo must not become a date.
    const acurx = sampleDoc('acurx');
    const typo = { ...acurx, blocks: acurx.blocks.map((b, i) => (i === 0 ? { ...b, text: b.text.replace('June 29', 'June 31') } : b)) };
    expect(coverFilingDate(typo)).toBeNull();
    const posAm = readProspectus('<html><body><p>Post-Effective Amendment No. 1 to</p><p>FORM S-1</p></body></html>');
    expect(coverFormType(posAm)).toBeNull();
  });
});
