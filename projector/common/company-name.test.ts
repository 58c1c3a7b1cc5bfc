/** Name normalisation on issuer names as the bundled vendor tables and EDGAR write them. */
import { describe, expect, it } from 'vitest';
import { cutVendorNamePrefix, normalizeCompanyName, sameCompanyName, sameExactVendorName, vendorNameKeys } from './company-name.ts';

describe('normalizeCompanyName / sameCompanyName', () => {
  it('drops corporate suffixes and punctuation from the end: Bloomberg\'s and SEC\'s spellings of one name agree', () => {
    expect(normalizeCompanyName('GoPro Inc')).toBe('gopro');
    expect(normalizeCompanyName('GoPro, Inc.')).toBe('gopro');
    expect(normalizeCompanyName('Medicines Co/The')).toBe('medicines');
    expect(normalizeCompanyName('Wright Medical Group N.V.')).toBe('wright medical');
  });

  it("a possessive is one word, and Bloomberg's 'Cos' is 'Companies': the vendor's and EDGAR's names of one issuer agree", () => {
    expect(normalizeCompanyName("Domino's Pizza Inc")).toBe(normalizeCompanyName('DOMINOS PIZZA INC'));
    expect(normalizeCompanyName("Carter's Inc")).toBe(normalizeCompanyName('CARTERS INC'));
    expect(normalizeCompanyName('Albertsons Cos Inc')).toBe(normalizeCompanyName('Albertsons Companies, Inc.'));
    expect(normalizeCompanyName('Rocket Cos Inc')).toBe(normalizeCompanyName('Rocket Companies, Inc.'));
    // Words are not merged across a quote that stands alone, nor is "cos" inside a word.
    expect(normalizeCompanyName("Macy's 'Partners' Costco")).toBe('macys partners costco');
  });

  it('a name ending "/Old" (Bloomberg\'s predecessor marker) is the name without it', () => {
    expect(normalizeCompanyName('Grubhub Inc/old')).toBe('grubhub');
    expect(normalizeCompanyName('NRG Energy Inc/Old')).toBe(normalizeCompanyName('NRG Energy Inc'));
    expect(sameCompanyName('Grubhub Inc/old', 'GrubHub Inc')).toBe(true);
    // Only at the end: a word "old" inside a name stays.
    expect(normalizeCompanyName('Old Dominion Freight Line Inc')).toBe('old dominion freight line');
    expect(normalizeCompanyName('Old Second Bancorp Inc')).toBe('old second bancorp');
  });

  it('one name is the other plus trailing words: the same company (an abbreviated Yahoo name, a state suffix)', () => {
    expect(sameCompanyName('ServiceMaster Global Hldgs Inc', 'ServiceMaster Global Holdings, Inc.')).toBe(true);
    expect(sameCompanyName('Coastal Financial Corp/WA', 'COASTAL FINANCIAL CORP')).toBe(true);
    expect(sameCompanyName('Gores Technology Partners II', 'Gores Technology Partners III')).toBe(false);
  });

  it("a state-of-incorporation suffix EDGAR adds is the name without it: one key for the vendor row's issuer and the SEC's title", () => {
    // company_tickers.json titles CIK 1801170 "CLOVER HEALTH INVESTMENTS, CORP. /DE"; Bloomberg's IPOC/U row names it "Clover Health Investments Corp".
    expect(normalizeCompanyName('CLOVER HEALTH INVESTMENTS, CORP. /DE')).toBe(normalizeCompanyName('Clover Health Investments Corp'));
    expect(normalizeCompanyName('Global Partners LP/MA')).toBe('global partners');
    expect(normalizeCompanyName('WILLIAMS PARTNERS L.P. /DE/')).toBe('williams partners');
    // Only a two-letter marker after a slash, at the end.
    expect(normalizeCompanyName('AC/DC Holdings Inc')).toBe('ac dc');
  });
});

describe('vendor names Bloomberg cut at 30 characters', () => {
  it('match the start of the name EDGAR gives, and are looked up without their last, perhaps partial, word', () => {
    expect(sameExactVendorName('Global Business Travel Group I', 'Global Business Travel Group, Inc.')).toBe(true);
    expect(sameExactVendorName('Alliance Entertainment Holding', 'ALLIANCE ENTERTAINMENT HOLDING CORP')).toBe(true);
    expect(vendorNameKeys('Global Business Travel Group I')).toEqual(['global business travel group i', normalizeCompanyName('Global Business Travel Group, Inc.')]);
    // Shorter names are whole: the legal suffix must agree.
    expect(sameExactVendorName('Blue Owl Capital Inc', 'Blue Owl Capital Corp')).toBe(false);
    expect(sameExactVendorName('Stem Inc', 'Stem Incorporated Holdings')).toBe(false);
    expect(vendorNameKeys('Stem Inc')).toEqual(['stem']);
    // Cut inside its last word: the start of EDGAR's normalized name, looked up as such.
    expect(cutVendorNamePrefix('EpicQuest Education Group Inte')).toBe('epicquest education group inte');
    expect(normalizeCompanyName('EpicQuest Education Group International Ltd').startsWith(cutVendorNamePrefix('EpicQuest Education Group Inte')!)).toBe(true);
    expect(cutVendorNamePrefix('Stem Inc')).toBeNull();
  });
});
