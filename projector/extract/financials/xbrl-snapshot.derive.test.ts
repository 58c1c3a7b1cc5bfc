import { describe, expect, it } from 'vitest';
import { dedupeFacts, deriveFinancialSnapshot, type XbrlCompanyFacts } from './xbrl-snapshot.derive.ts';
import { readSample } from '../../common/sample.testkit.ts';

const marvell = JSON.parse(readSample('edgar/companyfacts_CIK0001835632_marvell.json.gz')) as XbrlCompanyFacts;

describe('financial snapshot from XBRL company facts (Marvell)', () => {
  it('takes the latest balance sheet and the latest quarter vs the same quarter a year earlier', () => {
    expect(deriveFinancialSnapshot(marvell, '2026-06-01T00:00:00Z')).toEqual({
      cashAndCashEquivalents: 3_843_600_000,
      cashAndMarketableSecurities: null, // no short-term investment concept at that date
      workingCapital: 7_464_000_000 - 2_276_800_000,
      totalAssets: 26_944_500_000,
      totalLiabilities: 8_728_700_000,
      accumulatedDeficit: 1_336_500_000, // positive: retained earnings, not a deficit
      netLossLatestPeriod: 34_500_000, // quarter ended 2026-05-02
      netLossPriorPeriod: 177_900_000, // quarter ended 2025-05-03
      source: { accessionNumber: '0001835632-26-000019', filingDate: '2026-05-28', formType: '10-Q', extractedAt: '2026-06-01T00:00:00Z' },
    });
  });

  it('gives the snapshot as known on a date, preferring the latest-filed value of a period', () => {
    const s = deriveFinancialSnapshot(marvell, null, { filedOnOrBefore: '2022-06-30' })!;
    expect(s.source).toEqual({ accessionNumber: '0001835632-22-000028', filingDate: '2022-05-27', formType: '10-Q', extractedAt: null });
    expect(s.totalAssets).toBe(22_038_700_000);
    expect(s.cashAndCashEquivalents).toBe(465_000_000);
    expect(s.netLossLatestPeriod).toBe(-165_700_000);
    // Q1 FY2022 was first filed as −88,242,000 and re-reported rounded in the FY2023 10-Q.
    expect(s.netLossPriorPeriod).toBe(-88_200_000);
  });

  it('returns null when there is no balance sheet yet (pre-IPO issuers)', () => {
    expect(deriveFinancialSnapshot({ cik: 1, facts: {} }, null)).toBeNull();
    expect(deriveFinancialSnapshot(marvell, null, { filedOnOrBefore: '2021-01-01' })).toBeNull();
  });

  it('dedupes by period, not by fiscal labels', () => {
    const facts = marvell.facts!['us-gaap'].NetIncomeLoss.units!.USD;
    const deduped = dedupeFacts(facts);
    const keys = deduped.map((f) => `${f.start}|${f.end}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(deduped.length).toBeLessThan(facts.length);
  });
});
