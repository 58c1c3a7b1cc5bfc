import { describe, expect, it } from 'vitest';
import { extractFinancialSnapshot, readSummaryFinancials, type SummaryFinancials } from './financial-snapshot.extract.ts';
import { sampleDoc } from '../test-docs.ts';

// Filing metadata as recorded in data/sample/SOURCES.md.
const UNICYCIVE = { accessionNumber: '0001213900-21-035033', filingDate: '2021-06-30', formType: 'S-1/A', extractedAt: '2026-01-05T12:00:00Z' };
const PANDORA = { accessionNumber: '0001193125-11-032963', filingDate: '2011-02-11', formType: 'S-1', extractedAt: null };
const AAOI = { accessionNumber: '0001047469-14-002425', filingDate: '2014-03-14', formType: 'S-1/A', extractedAt: null };

const labels = (r: SummaryFinancials) => Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, v!.label]));

describe('extractFinancialSnapshot on real prospectuses', () => {
  it('Unicycive S-1/A: Q1 2021 against Q1 2020, and the Actual balance sheet at March 31, 2021', () => {
    expect(extractFinancialSnapshot(sampleDoc('unicycive'), UNICYCIVE)).toEqual({
      cashAndCashEquivalents: 147_000, // "Cash | $147 | $147 | $22,740" (in thousands; Actual first)
      cashAndMarketableSecurities: null,
      workingCapital: -3_402_000, // "Working capital (deficit) | (3,402) | (612) | 21,981"
      totalAssets: 513_000, // "Total assets | 513 | 513 | 23,106"
      totalLiabilities: 3_915_000, // "Total liabilities | (3,915) | (1,125) | (1,125)": printed as a deduction, a balance is positive
      accumulatedDeficit: -6_886_000, // "Accumulated deficit | (6,886) | (7,764) | (7,764)"
      netLossLatestPeriod: -964_000, // "Net loss | $(2,165) | $(2,264) | $(344) | $(964)": three months ended March 31, 2021
      netLossPriorPeriod: -344_000, // three months ended March 31, 2020
      source: UNICYCIVE,
    });
  });

  it('Pandora S-1: nine months ended October 31, 2010 beat the fiscal years; blank pro forma cells are skipped', () => {
    expect(extractFinancialSnapshot(sampleDoc('pandora'), PANDORA)).toEqual({
      cashAndCashEquivalents: 40_782_000, // "Cash and cash equivalents | $40,782" (the Pro Forma, as Adjusted cell is blank)
      cashAndMarketableSecurities: null,
      workingCapital: 37_198_000, // "Working capital | 37,198"
      totalAssets: 83_708_000, // "Total assets | 83,708"
      totalLiabilities: null, // the table gives no total liabilities
      accumulatedDeficit: null, // only "Total stockholders’ equity (deficit) | (83,879)", which is not the accumulated deficit
      // "Net loss | $(13,988) | $(28,228) | $(16,753) | $(18,637) | $(328)" under
      // "Fiscal Year Ended January 31, 2008 2009 2010 | Nine Months Ended October 31, 2009 2010"
      netLossLatestPeriod: -328_000,
      netLossPriorPeriod: -18_637_000,
      source: PANDORA,
    });
    // The plain "Net loss" row wins over "Net loss attributable to common stockholders | ... | $(7,131)".
    expect(readSummaryFinancials(sampleDoc('pandora')).values.netLossLatestPeriod?.label).toBe('Net loss');
  });

  it('AAOI S-1/A: annual columns only, and cash combined with short-term investments', () => {
    expect(extractFinancialSnapshot(sampleDoc('aaoi'), AAOI)).toEqual({
      cashAndCashEquivalents: null,
      cashAndMarketableSecurities: 30_751_000, // "Total cash, cash equivalents and short-term investments | $30,751 | $61,717"
      workingCapital: 38_879_000, // "Working capital (1) | 38,879 | 69,845"
      totalAssets: 111_057_000, // "Total assets | 111,057 | 142,023"
      totalLiabilities: null,
      accumulatedDeficit: null,
      netLossLatestPeriod: -1_406_000, // "Net loss | $(5,328) | $(945) | $(1,406)" for 2011, 2012, 2013
      netLossPriorPeriod: -945_000,
      source: AAOI,
    });
  });

  it('Twilio S-1: six months ended June 30, 2016, and "$" standing alone for a blank As Adjusted cell', () => {
    const r = readSummaryFinancials(sampleDoc('twilio'));
    expect(r.section?.kind).toBe('summary');
    expect(Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, v!.value]))).toEqual({
      cashAndCashEquivalents: 261_386_000, // "Cash and cash equivalents | $261,386 | $" under "(Unaudited, in thousands)"
      workingCapital: 241_599_000, // "Working capital | 241,599"
      totalAssets: 336_551_000, // "Total assets | 336,551"
      // "Net loss | (26,854) | (26,758) | (35,504) | (18,236) | (17,462)" for 2013-2015 and six months 2015, 2016
      netLossLatestPeriod: -17_462_000,
      netLossPriorPeriod: -18_236_000,
    });
    // Not "Net loss attributable to common stockholders", which adds the 2015 deemed dividend.
    expect(labels(r).netLossLatestPeriod).toBe('Net loss');
  });

  it('records where each value came from', () => {
    const r = readSummaryFinancials(sampleDoc('unicycive'));
    const doc = sampleDoc('unicycive');
    expect(doc.blocks[r.section!.heading].text).toBe('SUMMARY FINANCIAL DATA');
    const wc = r.values.workingCapital!;
    const table = doc.blocks[wc.block];
    expect(table.kind === 'table' && table.rows[wc.row]).toEqual(['Working capital (deficit)', '(3,402)', '(612)', '21,981']);
    expect([wc.column, wc.scale]).toEqual([0, 1000]);
    expect(labels(r)).toMatchObject({ cashAndCashEquivalents: 'Cash', totalLiabilities: 'Total liabilities', accumulatedDeficit: 'Accumulated deficit' });
  });

  it('returns null for prospectuses without summary financial data (Acurx resale S-1, Flushing 424B5 bank supplement)', () => {
    const meta = { accessionNumber: '0001104659-23-076317', filingDate: '2023-06-29', formType: 'S-1', extractedAt: null };
    expect(extractFinancialSnapshot(sampleDoc('acurx'), meta)).toBeNull();
    // Flushing incorporates its financials by reference; its only balance in a table is the
    // capitalization table's cash, and capitalization is not summary financial data.
    expect(readSummaryFinancials(sampleDoc('flushing'))).toEqual({ section: null, values: {} });
  });
});
