import { describe, expect, it } from 'vitest';
import { pickColumns, readSegments } from './table-columns.ts';
import { readFinancialTables } from './financial-snapshot.extract.ts';
import { type SectionTable } from './summary-section.ts';
import { parseValueCell, scaleNote } from './cells.ts';
import { matchRow, signed } from './row-labels.ts';
import { sampleDoc } from '../test-docs.ts';
import type { SAMPLES } from '../test-docs.ts';

/** The first table of a real sample whose rows include each of `rows` (matched by their cells' start). */
function table(name: keyof typeof SAMPLES, ...rows: string[][]): SectionTable {
  const doc = sampleDoc(name);
  const has = (rs: string[][], want: string[]) => rs.some((r) => want.every((w, i) => r[i] === w));
  const block = doc.blocks.findIndex((b) => b.kind === 'table' && rows.every((w) => has(b.rows, w)));
  const b = doc.blocks[block];
  if (!b || b.kind !== 'table') throw new Error(`no such table in ${name}`);
  const caption = doc.blocks[block - 1];
  return { block, rows: b.rows, captionScale: caption.kind === 'table' ? null : scaleNote(caption.text) };
}

describe('column headers of real financial tables', () => {
  it('shares "2008 2009 2010 2009 2010" between the fiscal-year and nine-month groups (Pandora summary)', () => {
    const [ops] = readSegments(table('pandora', ['2008', '2009', '2010', '2009', '2010'], ['Net loss']).rows);
    expect(ops.columns.periods).toEqual([
      { year: 2008, months: 12, endMonth: 1 },
      { year: 2009, months: 12, endMonth: 1 },
      { year: 2010, months: 12, endMonth: 1 },
      { year: 2009, months: 9, endMonth: 10 },
      { year: 2010, months: 9, endMonth: 10 },
    ]);
    expect(ops.columns.scale).toBe(1000);
    expect(pickColumns(ops.columns, 5)).toEqual({ latest: 4, prior: 3 });
    // "Basic and diluted (unaudited) | $(0.15) | $0.00": two values under five columns cannot be placed.
    expect(pickColumns(ops.columns, 2)).toEqual({ latest: null, prior: null });
  });

  it('gives a group that names its own year one column ("As of January 31," 2007-2010 | "As of October 31, 2010")', () => {
    const [bs] = readSegments(table('pandora', ['As of January 31,', 'As of October 31, 2010']).rows);
    expect(bs.columns.periods.map((p) => `${p.year}-${p.endMonth}`)).toEqual(['2007-1', '2008-1', '2009-1', '2010-1', '2010-10']);
    expect(pickColumns(bs.columns, 5).latest).toBe(4);
  });

  it('reads three dated groups without a year row (Twilio selected balance sheet)', () => {
    const [bs] = readSegments(table('twilio', ['As of December 31, 2014', 'As of December 31, 2015', 'As of June 30, 2016']).rows);
    expect(bs.columns.periods).toEqual([
      { year: 2014, months: 0, endMonth: 12 },
      { year: 2015, months: 0, endMonth: 12 },
      { year: 2016, months: 0, endMonth: 6 },
    ]);
    expect(pickColumns(bs.columns, 3).latest).toBe(2);
  });

  it('takes Actual from "Actual | Pro Forma(1) | Pro Forma, As Adjusted(2)(3)" (Unicycive)', () => {
    const [bs] = readSegments(table('unicycive', ['Actual', 'Pro Forma(1)'], ['Cash', '$147']).rows);
    expect(bs.columns.variants).toEqual(['actual', 'pro forma', 'pro forma, as adjusted']);
    expect(pickColumns(bs.columns, 3).latest).toBe(0);
  });

  it('reads newest-first columns of audited statements (AAOI balance sheet and statement of operations)', () => {
    const bs = table('aaoi', ['December 31,'], ['2013', '2012'], ['TOTAL ASSETS']);
    const ops = table('aaoi', ['Year ended December 31,'], ['2013', '2012', '2011'], ['Revenue, net'], ['Net loss']);
    // Captions: "... CONSOLIDATED BALANCE SHEETS (in thousands, except per share data)".
    expect([bs.captionScale, ops.captionScale]).toEqual([1000, 1000]);
    expect(readSegments(ops.rows)[0].columns.periods.map((p) => p.year)).toEqual([2013, 2012, 2011]);
    const values = readFinancialTables([bs, ops]);
    expect(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [v!.value, v!.column]]))).toEqual({
      cashAndCashEquivalents: [22_006_000, 0], // "Cash and cash equivalents | $22,006 | $10,723" (2013, 2012)
      totalAssets: [111_057_000, 0], // "TOTAL ASSETS | $111,057 | $65,748"
      totalLiabilities: [47_980_000, 0], // "TOTAL LIABILITIES | 47,980 | 34,740"
      accumulatedDeficit: [-83_323_000, 0], // "Accumulated deficit | (83,323) | (81,917)"
      netLossLatestPeriod: [-1_406_000, 0], // "Net loss | $(1,406) | $(945) | $(5,328)" (2013, 2012, 2011)
      netLossPriorPeriod: [-945_000, 1],
    });
  });

  it('does not take "Total deficit" (stockholders’ deficit) for the accumulated deficit (AAOI selected data)', () => {
    const values = readFinancialTables([table('aaoi', ['Consolidated balance sheet data:'], ['Total deficit'])]);
    expect(values.accumulatedDeficit).toBeUndefined();
    expect(values.cashAndMarketableSecurities?.value).toBe(30_751_000); // "Cash, cash equivalents and short-term investments | ... | $30,751"
  });
});

describe('cells and row labels', () => {
  it('reads the cells as printed in these tables', () => {
    expect(['$(2,165)', '(3,402)', '$40,782', '—', '$', '(unaudited)', '28.0%'].map(parseValueCell)).toEqual([-2165, -3402, 40782, 0, null, undefined, undefined]);
  });

  it('matches the rows a snapshot needs and no look-alikes', () => {
    const field = (l: string) => matchRow(l)?.field ?? null;
    expect(['Net loss', 'Net loss attributable to common stockholders', 'Working capital (1)', 'Total cash, cash equivalents and short-term investments', 'Cash'].map(field))
      .toEqual(['netLoss', 'netLoss', 'workingCapital', 'cashAndMarketableSecurities', 'cashAndCashEquivalents']);
    expect(['Total liabilities and stockholders’ equity', 'Total stockholders’ equity (deficit)', 'Net loss per common share – basic and diluted(1)', 'Total deficit', 'Restricted cash'].map(field))
      .toEqual([null, null, null, null, null]);
    expect(matchRow('Net loss')!.priority).toBeLessThan(matchRow('Net loss attributable to common stockholders')!.priority);
  });

  it('keeps XBRL signs whichever way a row prints them', () => {
    // A "Net loss" row printed without parentheses states the size of each loss.
    expect(signed(964, [2165, 964], 'loss_row')).toBe(-964);
    expect(signed(-964, [-2165, -964], 'loss_row')).toBe(-964);
    // A row with both signs prints its own (a profitable period beside a loss).
    expect(signed(819, [-14676, 819], 'loss_row')).toBe(819);
    expect(signed(6886, [6886], matchRow('Accumulated deficit')!.sign)).toBe(-6886);
    expect(signed(-3915, [-3915], matchRow('Total liabilities')!.sign)).toBe(3915);
    expect(Object.is(signed(0, [0], 'negative'), 0)).toBe(true);
  });
});
