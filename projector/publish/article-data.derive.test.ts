/** What the article mapper takes from the read rows: the issuer's name at the offering and the proceeds basis (real submissions, real Bloomberg rows). */
import { describe, expect, it } from 'vitest';
import { companyIdentity } from '../company/company.derive.ts';
import { deriveRows } from '../company/company-rows.derive.ts';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import type { KnownFiling } from '../offering/filing.facts.ts';
import { loadSubmissions } from '../offering/sample.testkit.ts';
import { proceedsBasisNote } from './aggregate.ts';
import type { ApiOffering } from '../../schema/api/types.ts';
import { nameAtOffering } from './article-data.derive.ts';
import { articleDataOf } from './real-rows.testkit.ts';

const OBSERVED = '2026-01-15T00:00:00.000Z';

describe('articleDataFromRows', () => {
  it('names Solidion\'s SPAC IPO prospectus by the name it went public under, Nubia Brand International Corp.', () => {
    const { company, filings } = loadSubmissions('solidion');
    const known = filings.map((f): KnownFiling => ({ ...f, companyName: null, source: 'submissions' }));
    const facts = { ...company, updatedAt: OBSERVED };
    const nubiu = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).find((r) => r.bloombergTicker === 'NUBIU US')!;
    const rows = deriveRows({
      facts, filings: known, hints: [], identity: companyIdentity(facts, known, []), documents: [], snapshot: null,
      vendorRows: [{ row: nubiu, observedAt: OBSERVED }], bars: new Map(), news: [], today: '2026-01-15',
    })!;
    const data = articleDataOf([rows]);
    const ipoProspectus = data.pricings!.find((p) => p.pricingDate.startsWith('2022-03'))!;
    expect(ipoProspectus.companyName).toBe('Nubia Brand International Corp. (now Solidion Technology Inc.)');
    // A follow-on of the combined company is named as it is now.
    expect(data.pricings!.filter((p) => p.pricingDate >= '2024-02-08').every((p) => p.companyName === 'Solidion Technology Inc.')).toBe(true);
  });
});

describe('proceedsBasisNote', () => {
  it('says when a total mixes a prospectus\'s base deal with a vendor\'s size including the over-allotment', () => {
    expect(proceedsBasisNote(['base_deal', 'including_over_allotment', 'including_over_allotment'])).toMatch(/^Proceeds mix two bases: 1 state the base deal .*, 2 include the over-allotment sold/);
    expect(proceedsBasisNote(['including_over_allotment'])).toMatch(/include the over-allotment sold/);
    expect(proceedsBasisNote([null, undefined])).toBe('');
  });
});

describe('nameAtOffering', () => {
  const offering = (issuerNameAtOffering: string | null) => ({ issuerNameAtOffering }) as ApiOffering;
  it('says a new name (Tesla Motors, 2010), not one that differs in case and punctuation (Acurx\'s index row)', () => {
    expect(nameAtOffering('Tesla, Inc.', offering('TESLA MOTORS INC'))).toBe('TESLA MOTORS INC (now Tesla, Inc.)');
    expect(nameAtOffering('Acurx Pharmaceuticals, Inc.', offering('ACURX PHARMACEUTICALS, INC.'))).toBe('Acurx Pharmaceuticals, Inc.');
    expect(nameAtOffering('Verra Mobility Corp', offering(null))).toBe('Verra Mobility Corp');
  });
});
