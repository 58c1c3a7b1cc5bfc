/** Co-registrants of one registration on the real 2022-10-03 EDGAR company index (QualTek Services' S-1/A). */
import { describe, expect, it } from 'vitest';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { readSample } from '../common/sample.testkit.ts';
import { coRegisteredIssuer } from './co-registrants.derive.ts';
import { deriveDealType } from './deal-type.derive.ts';

const entries = parseEdgarIndex(readSample('edgar/index/company.20221003.idx.gz'), 'company').entries;

describe('coRegisteredIssuer', () => {
  const qualtek = entries.filter((e) => /qualtek/i.test(e.companyName) && e.formType.startsWith('S-1'));
  const accession = qualtek[0].accessionNumber;
  const filers = entries.filter((e) => e.accessionNumber === accession).map((e) => e.cik).sort();

  it('reads one S-1/A filed under many CIKs, QualTek Services (the lowest CIK) first', () => {
    expect(filers.length).toBeGreaterThan(10);
    expect(entries.find((e) => e.cik === filers[0] && e.accessionNumber === accession)!.companyName).toMatch(/QualTek Services/i);
  });

  it('names the parent as the issuer of each subsidiary\'s filing, and no issuer for the parent\'s own', () => {
    for (const cik of filers.slice(1)) expect(coRegisteredIssuer(cik, { coRegistrants: filers.filter((c) => c !== cik) })).toBe(filers[0]);
    expect(coRegisteredIssuer(filers[0], { coRegistrants: filers.slice(1) })).toBeNull();
    expect(coRegisteredIssuer(filers[0], { coRegistrants: [] })).toBeNull();
  });

  it('types a subsidiary\'s deal co_registrant, the parent\'s by its own evidence', () => {
    const filingOf = (cik: string) => ({ formType: 'S-1', coRegistrants: filers.filter((c) => c !== cik) });
    const company = (cik: string) => ({ cik, name: null, entityType: null, sic: null, sicDescription: null, tickers: [], exchanges: [], formerNames: [], updatedAt: null });
    const deal = (cik: string) => ({ key: '333-265931', baseForm: 'S-1', openedDate: '2022-06-30', filings: [filingOf(cik)] });
    expect(deriveDealType({ deal: deal(filers[1]), company: company(filers[1]) }).dealType).toBe('co_registrant');
    expect(deriveDealType({ deal: deal(filers[0]), company: company(filers[0]) }).dealType).toBe('ipo');
  });
});

describe('coRegisteredIssuer: the listed filer is the issuer, whatever its CIK', () => {
  // Salem Media Group's S-3 of 2022-10-03, filed by it and 28 subsidiaries, some on EDGAR before it.
  const accession = '0001193125-22-256796';
  const filers = entries.filter((e) => e.accessionNumber === accession).map((e) => e.cik).sort();
  const salem = entries.find((e) => e.accessionNumber === accession && /salem media group/i.test(e.companyName))!.cik;
  // The SEC's ticker file lists Salem (SALM) and none of its subsidiaries.
  const tickers = JSON.parse(readSample('edgar/company_tickers.json.gz')) as Record<string, { cik_str: number; ticker: string }>;
  const listed = filers.filter((cik) => Object.values(tickers).some((t) => t.cik_str === Number(cik)));

  it('Salem Media Group, not Bison Media, the lowest CIK, leads its subsidiaries\' S-3', () => {
    expect(filers.length).toBeGreaterThan(20);
    expect(listed).toEqual([salem]);
    expect(filers[0] < salem).toBe(true);
    const others = (cik: string) => filers.filter((c) => c !== cik);
    expect(coRegisteredIssuer(filers[0], { coRegistrants: others(filers[0]), listedFilers: listed })).toBe(salem);
    expect(coRegisteredIssuer(salem, { coRegistrants: others(salem), listedFilers: listed })).toBeNull();
    // Without the ticker file the lowest CIK would lead.
    expect(coRegisteredIssuer(salem, { coRegistrants: others(salem) })).toBe(filers[0]);
  });
});
