/** Superseded preliminary terms on Unicycive's real submissions page (data/sample/edgar/submissions). */
import { describe, expect, it } from 'vitest';
import { byAccession, loadSubmissions } from './sample.testkit.ts';
import { laterUnreadDocuments } from './superseded-terms.derive.ts';
import { ritterExclusions, type RitterEvidence } from './ritter-exclusions.derive.ts';

const { filings } = loadSubmissions('unicycive');
const ipo = filings.filter((f) => f.fileNumber === '333-256367' || f.formType === '424B4');
/** The bundled S-1/A of 2021-06-30: the newest read cover, offering units of one share and four-fifths of a warrant. */
const read = byAccession(filings, '0001213900-21-035033');
/** The real extract of that cover (its security description), what the projector read. */
const unitTerms = { issuerStructureFlags: [], securityDescription: 'Units (Common Stock and Warrants)' };

const evidence = (over: Partial<RitterEvidence>): RitterEvidence => ({
  dealType: 'ipo',
  baseForm: 'S-1',
  sic: '2834',
  names: ['Unicycive Therapeutics, Inc.'],
  terms: unitTerms,
  vendorRow: null,
  offerPrice: 4,
  tickers: ['UNCY'],
  ...over,
});

describe('laterUnreadDocuments', () => {
  it('lists the two S-1/As of 2021-07-12 and the 424B4 of 2021-07-14 filed after the S-1/A read', () => {
    const later = laterUnreadDocuments(ipo, read, (a) => a === read.accessionNumber);
    expect(later.map((f) => `${f.formType} ${f.filingDate}`)).toEqual(['S-1/A 2021-07-12', 'S-1/A 2021-07-12', '424B4 2021-07-14']);
  });

  it('lists none when the final prospectus is the document read, or when every later one was read', () => {
    const final = ipo.find((f) => f.formType === '424B4')!;
    expect(laterUnreadDocuments(ipo, final, () => false)).toEqual([]);
    expect(laterUnreadDocuments(ipo, read, () => true)).toEqual([]);
  });
});

describe('ritterExclusions of a superseded preliminary cover', () => {
  it('serves no unit flag when later documents went unread and the company trades under no unit symbol (UNCY)', () => {
    expect(ritterExclusions(evidence({ preliminaryTerms: true }))).toEqual(['offer_price_under_5']);
  });

  it('keeps the flag when the cover read is the latest, when a unit symbol trades, or when no ticker is known', () => {
    expect(ritterExclusions(evidence({ preliminaryTerms: false }))).toContain('unit_offer');
    expect(ritterExclusions(evidence({ preliminaryTerms: true, tickers: ['UNCY', 'UNCYU'] }))).toContain('unit_offer');
    expect(ritterExclusions(evidence({ preliminaryTerms: true, tickers: [] }))).toContain('unit_offer');
  });
});
