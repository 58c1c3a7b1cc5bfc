// Counsel from "Legal Matters" and auditors from "Experts", on the real bundled documents. Where no
// bundled document shows a wording (one sentence naming both parties' counsel, a foreign office's
// parenthesised place, a national audit firm with no legal form), the case is a constructed sentence
// in the usual wording, marked as such.
import { describe, expect, it } from 'vitest';
import { makeContext } from '../extract-context.ts';
import { readProspectus } from '../prospectus-reader.ts';
import { sampleDoc } from '../test-docs.ts';
import { extractAuditors } from './auditors.extract.ts';
import { counselIn, extractCounsel, LEGAL_MATTERS } from './counsel.extract.ts';
import { canonicalFirmName, canonicalFirms, firmKey } from './firm-names.ts';
import { namedFirms } from './named-firms.ts';
import { titledSections } from './titled-sections.ts';

const counsel = (name: Parameters<typeof sampleDoc>[0]) => {
  const found = extractCounsel(makeContext(sampleDoc(name)));
  return { issuer: found.issuer?.value ?? null, underwriters: found.underwriters?.value ?? null };
};
const auditors = (name: Parameters<typeof sampleDoc>[0]) => extractAuditors(makeContext(sampleDoc(name)))?.value ?? null;
const legalMatters = (...sentences: string[]) =>
  makeContext(readProspectus(`<p>Filed Pursuant to Rule 424(b)(4)</p><h2>PROSPECTUS SUMMARY</h2><h2>LEGAL MATTERS</h2>${sentences.map((s) => `<p>${s}</p>`).join('')}<h2>EXPERTS</h2>`));

describe('counsel from Legal Matters', () => {
  it('reads "passed upon for us by" and "for the underwriters by", with the firm\'s city left out (AAOI, Unicycive, Southern National, Flushing)', () => {
    expect(counsel('aaoi')).toEqual({ issuer: ['DLA Piper'], underwriters: ['Wilson Sonsini Goodrich & Rosati'] });
    expect(counsel('unicycive')).toEqual({ issuer: ['Sheppard, Mullin, Richter & Hampton'], underwriters: ['ArentFox Schiff'] });
    expect(counsel('southernNational')).toEqual({ issuer: ['Bracewell'], underwriters: ['Alston & Bird'] });
    expect(counsel('flushing')).toEqual({ issuer: ['Hughes Hubbard & Reed'], underwriters: ['Luse Gorman'] });
  });

  it('reads a firm that opens its sentence and "the underwriters have been represented by" (Dropbox, Twitter, Twilio)', () => {
    expect(counsel('dropbox')).toEqual({ issuer: ['Wilson Sonsini Goodrich & Rosati'], underwriters: ['Simpson Thacher & Bartlett'] });
    expect(counsel('twilio')).toEqual({ issuer: ['Goodwin Procter'], underwriters: ['Latham & Watkins'] });
    // Twitter's section also says a fund of its counsel owns shares: no role in that.
    expect(counsel('twitter')).toEqual({ issuer: ['Wilson Sonsini Goodrich & Rosati'], underwriters: ['Davis Polk & Wardwell'] });
  });

  it('reads "is representing the underwriters", "will provide Vastera an opinion" and a placement agents\' counsel (Pandora, Vastera, Imunon)', () => {
    expect(counsel('pandora')).toEqual({ issuer: ['Davis Polk & Wardwell'], underwriters: ['Wilson Sonsini Goodrich & Rosati'] });
    expect(counsel('vastera')).toEqual({ issuer: ['Brobeck, Phleger & Harrison'], underwriters: ['Ropes & Gray'] });
    expect(counsel('imunon')).toEqual({ issuer: ['Covington & Burling'], underwriters: ['Sullivan & Worcester'] });
  });

  it('reads firms of 2000 that print no legal form, and the renamed ones under today\'s name (Oplink, Riverstone, Mykrolis)', () => {
    // "Cooley Godward LLP holds an option to purchase 150,000 shares": a holding, not a role.
    expect(counsel('oplink')).toEqual({ issuer: ['Cooley'], underwriters: ['Latham & Watkins'] });
    expect(counsel('riverstone')).toEqual({ issuer: ['Ropes & Gray'], underwriters: ['Wilson Sonsini Goodrich & Rosati'] });
    expect(counsel('mykrolis')).toEqual({ issuer: ['Ropes & Gray'], underwriters: ['Wilmer Cutler Pickering Hale and Dorr'] });
  });

  it('reads co-counsel and "for any underwriters, dealers or agents" under "Legal Opinions", not who relies on whom (NextEra)', () => {
    expect(counsel('nextera')).toEqual({ issuer: ['Morgan, Lewis & Bockius', 'Squire Patton Boggs'], underwriters: ['Hunton Andrews Kurth'] });
  });

  it('names no underwriters\' counsel where none is named: resales, a shelf\'s "counsel that we will name" (Cempra, Acurx, Anterix, AeroVironment)', () => {
    expect(counsel('cempra')).toEqual({ issuer: ['Wyrick Robbins Yates & Ponton'], underwriters: null });
    expect(counsel('acurx')).toEqual({ issuer: ['Mintz, Levin, Cohn, Ferris, Glovsky and Popeo'], underwriters: null });
    expect(counsel('anterix')).toEqual({ issuer: ['Gunderson Dettmer Stough Villeneuve Franklin & Hachigian'], underwriters: null });
    // "… on behalf of AeroVironment, Inc. Additional legal matters may be passed upon for us or any underwriters …": two clauses.
    expect(counsel('aerovironment')).toEqual({ issuer: ['Latham & Watkins'], underwriters: null });
    expect(counsel('tellium')).toEqual({ issuer: null, underwriters: null });
  });

  it('reads a base prospectus\'s own section apart from its supplement\'s (Flushing\'s "Validity of Securities", Imunon\'s base prospectus)', () => {
    const flushing = makeContext(sampleDoc('flushing'));
    const sections = titledSections(flushing.doc, LEGAL_MATTERS, flushing.regions.cover.end);
    expect(sections).toHaveLength(2);
    // "… for us by Hughes Hubbard & Reed LLP, or by counsel named in the applicable prospectus supplement, and for any underwriters or agents by counsel selected by such underwriters": no underwriters' firm.
    const base = counselIn(flushing, sections[1]);
    expect([base.issuer?.value, base.underwriters]).toEqual([['Hughes Hubbard & Reed'], null]);
    const imunon = makeContext(sampleDoc('imunon'));
    const imunonBase = counselIn(imunon, titledSections(imunon.doc, LEGAL_MATTERS, imunon.regions.cover.end)[1]);
    expect([imunonBase.issuer?.value, imunonBase.underwriters]).toEqual([['Covington & Burling'], null]);
  });

  it('splits one sentence that names both parties\' counsel, and reads foreign counsel (constructed, in the usual wording)', () => {
    const found = extractCounsel(legalMatters(
      'Certain legal matters will be passed upon for us by Cooley LLP, New York, New York, and for the underwriters by Skadden, Arps, Slate, Meagher & Flom LLP.',
      'Certain legal matters as to Cayman Islands law will be passed upon for us by Maples and Calder (Hong Kong) LLP. Legal matters as to PRC law will be passed upon for us by Han Kun Law Offices and for the underwriters by JunHe LLP.',
      'Latham & Watkins LLP is acting as counsel for the underwriters in connection with this offering.',
    ));
    expect(found.issuer?.value).toEqual(['Cooley', 'Maples and Calder', 'Han Kun Law Offices']);
    expect(found.underwriters?.value).toEqual(['Skadden, Arps, Slate, Meagher & Flom', 'JunHe', 'Latham & Watkins']);
  });
});

describe('the issuer\'s auditors from Experts', () => {
  it('reads the firm whose report covers the issuer (AAOI, Unicycive, Dropbox, Twitter, Imunon, Flushing, NextEra)', () => {
    expect(auditors('aaoi')).toEqual(['Grant Thornton']);
    expect(auditors('unicycive')).toEqual(['Mayer Hoffman McCann']);
    expect(auditors('dropbox')).toEqual(['Ernst & Young']);
    expect(auditors('twitter')).toEqual(['PricewaterhouseCoopers']);
    expect(auditors('imunon')).toEqual(['WithumSmith+Brown']);
    expect(auditors('flushing')).toEqual(['BDO USA']);
    expect(auditors('nextera')).toEqual(['Deloitte & Touche']);
  });

  it('keeps a prior auditor of the issuer\'s earlier years (Southern National: Crowe Horwath, BDO Seidman; Tellium: Deloitte, Ernst & Young)', () => {
    expect(auditors('southernNational')).toEqual(['Crowe', 'BDO USA']);
    expect(auditors('tellium')).toEqual(['Deloitte & Touche', 'Ernst & Young']);
  });

  it('leaves out the auditors of businesses the issuer bought (Vastera\'s Ford department, Tellium\'s Astarte, AeroVironment\'s BlueHalo)', () => {
    expect(auditors('vastera')).toEqual(['Arthur Andersen']);
    expect(auditors('aerovironment')).toEqual(['Deloitte & Touche']);
    expect(auditors('oplink')).toEqual(['PricewaterhouseCoopers']);
  });

  it('is null where the document has no Experts section (the fragments)', () => {
    expect(auditors('coverSnippet')).toBeNull();
    expect(auditors('divSpans')).toBeNull();
  });

  it('reads a national audit firm that prints no legal form (constructed, in the usual wording)', () => {
    const ctx = makeContext(readProspectus('<p>Filed Pursuant to Rule 424(b)(4)</p><h2>PROSPECTUS SUMMARY</h2><h2>EXPERTS</h2><p>The consolidated financial statements of Example N.V. appearing in this prospectus have been audited by KPMG Accountants N.V., independent registered public accounting firm, as set forth in their report thereon.</p><p>The financial statements of Target GmbH have been audited by KPMG AG Wirtschaftsprüfungsgesellschaft, as stated in their report.</p>'));
    expect(extractAuditors(ctx)?.value).toEqual(['KPMG Accountants']);
  });
});

describe('firm names', () => {
  it('are one name per firm: no legal form, renamed firms under their current name', () => {
    expect(canonicalFirmName('Wilson Sonsini Goodrich & Rosati, Professional Corporation')).toBe('Wilson Sonsini Goodrich & Rosati');
    expect(canonicalFirmName('Wilson Sonsini Goodrich & Rosati, P.C.')).toBe('Wilson Sonsini Goodrich & Rosati');
    expect(canonicalFirmName('DLA Piper LLP (US)')).toBe('DLA Piper');
    expect(canonicalFirmName('Gunderson Dettmer Stough Villeneuve Franklin & Hachigian, LLP')).toBe('Gunderson Dettmer Stough Villeneuve Franklin & Hachigian');
    expect(canonicalFirmName('Cooley Godward LLP')).toBe('Cooley');
    expect(canonicalFirmName('BDO Seidman, LLP')).toBe(canonicalFirmName('BDO USA, P.C.'));
    expect(canonicalFirmName('Hale and Dorr LLP.')).toBe('Wilmer Cutler Pickering Hale and Dorr');
    expect(firmKey('Latham & Watkins')).toBe(firmKey('Latham and Watkins LLP'));
    expect(canonicalFirms(['Ropes & Gray', 'Ropes & Gray LLP', 'KPMG LLP'])).toEqual(['Ropes & Gray', 'KPMG']);
  });

  it('are found by their legal form, and without one only where a firm stands', () => {
    expect(namedFirms('Morgan, Lewis & Bockius LLP, New York, New York and Squire Patton Boggs (US) LLP, co-counsel to NEE and NEE Capital, will pass upon the legality of the Offered Securities for NEE and NEE Capital.'))
      .toEqual(['Morgan, Lewis & Bockius LLP', 'Squire Patton Boggs (US) LLP']);
    expect(namedFirms('Legal matters will be passed upon for the underwriters by Ropes & Gray, Boston, Massachusetts.')).toEqual(['Ropes & Gray']);
    expect(namedFirms('The validity of the shares will be passed upon for Procter & Gamble by its general counsel.')).toEqual([]);
  });
});
