/**
 * What each value column of a financial table stands for. EDGAR tables lose their colspans once
 * empty spacer cells are merged away, so the header is rebuilt from its text: period groups
 * ("Years Ended December 31," / "Three Months Ended March 31,"), a row of years that the groups
 * share out in order, and the "Actual / Pro forma / As adjusted" variants of a balance sheet.
 * A table can restart its header part-way ("Balance Sheet Data" under new dates), so it is read
 * as segments, each with its own columns.
 */
import { isNoteCell, normalizeLabel, parseValueCell, scaleNote, type CellValue } from './cells.ts';

export interface PeriodColumn {
  year: number;
  /** Length in months; 0 for a balance-sheet date; null when the header does not say. */
  months: number | null;
  /** 1–12, when the header names the period's end date. */
  endMonth: number | null;
}

export interface ColumnModel {
  periods: PeriodColumn[];
  /** Normalized variant labels ("actual", "pro forma", ...), which head the rightmost columns. */
  variants: string[];
  /** Multiplier announced inside this segment's header ("(in thousands)"), if any. */
  scale: number | null;
}

export interface DataRow {
  rowIndex: number;
  label: string;
  values: CellValue[];
}

export interface TableSegment {
  columns: ColumnModel;
  rows: DataRow[];
}

interface PeriodGroup {
  months: number | null;
  endMonth: number | null;
  years: number[];
}

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH = `(?:${MONTH_NAMES.join('|')})`;
const GROUP_CELL = new RegExp(`\\b(?:ended|ending)\\b|^(?:as of|at)\\s+${MONTH}\\b|^(?:fiscal\\s+)?years?\\b|^${MONTH}\\s+\\d{1,2},?(?:\\s+(?:19|20)\\d{2})?$`, 'i');
const YEAR_CELL = /^(?:(?:fiscal\s+)?(?:19|20)\d{2}(?:\s*\(\d{1,2}\))*\s*)+$/i;
const VARIANT = /^(?:actual|historical|pro forma|as adjusted|pro forma,? as adjusted|as further adjusted|pro forma,? as further adjusted)$/;
const YEAR = /\b(?:19|20)\d{2}\b/g;

export function readSegments(rows: readonly string[][]): TableSegment[] {
  const segments: TableSegment[] = [];
  let header: string[][] = [];
  let current: TableSegment | null = null;
  rows.forEach((row, rowIndex) => {
    const data = dataRow(row, rowIndex);
    if (data) {
      if (!current) {
        current = { columns: columnModel(header), rows: [] };
        segments.push(current);
        header = [];
      }
      current.rows.push(data);
      return;
    }
    const startsHeader = isYearRow(row) || isGroupRow(row) || isVariantRow(row);
    if (current && startsHeader) {
      current = null;
    } else if (current && row.some((c) => scaleNote(c) !== null)) {
      // "Balance Sheet Data (in thousands):" part-way down: same columns, new scale.
      const columns: ColumnModel = { ...current.columns, scale: scaleNote(row.join(' ')) };
      current = { columns, rows: [] };
      segments.push(current);
      return;
    }
    if (!current) header.push(row);
  });
  return segments;
}

function dataRow(row: readonly string[], rowIndex: number): DataRow | null {
  if (row.length < 2 || !/[a-z]/i.test(row[0]) || isGroupRow(row) || isVariantRow(row)) return null;
  // "December 31, 2013 | 2013 | 2012" is a header whose years would otherwise read as amounts.
  if (GROUP_CELL.test(row[0]) && row[0].length <= 80 && isYearRow(row.slice(1))) return null;
  const values = row.slice(1).map(parseValueCell);
  if (values.some((v) => v === undefined) || !values.some((v) => typeof v === 'number')) return null;
  return { rowIndex, label: row[0], values };
}

const meaningful = (row: readonly string[]) => row.filter((c) => c !== '' && !isNoteCell(c));

function isYearRow(row: readonly string[]): boolean {
  const cells = meaningful(row);
  return cells.length > 0 && cells.every((c) => YEAR_CELL.test(c));
}

function isGroupRow(row: readonly string[]): boolean {
  const cells = meaningful(row);
  return cells.length > 0 && cells.every((c) => c.length <= 80 && GROUP_CELL.test(c));
}

function isVariantRow(row: readonly string[]): boolean {
  const raw = meaningful(row);
  if (raw.length === 0 || raw.some((c) => c.length > 60)) return false;
  const cells = raw.map(normalizeLabel);
  return cells.every((c) => VARIANT.test(c)) && cells.some((c) => c === 'actual' || c === 'historical');
}

export function columnModel(header: readonly string[][]): ColumnModel {
  const groups: PeriodGroup[] = [];
  const years: number[] = [];
  let variants: string[] = [];
  let scale: number | null = null;
  for (const row of header) {
    for (const c of row) scale ??= scaleNote(c);
    if (isYearRow(row)) {
      for (const c of meaningful(row)) years.push(...(c.match(YEAR) ?? []).map(Number));
    } else if (isVariantRow(row)) {
      variants = meaningful(row).map(normalizeLabel);
    } else if (isGroupRow(row)) {
      groups.push(...meaningful(row).map(parseGroup));
    }
  }
  return { periods: periodColumns(groups, years), variants, scale };
}

function parseGroup(cell: string): PeriodGroup {
  const t = cell.toLowerCase();
  let months: number | null;
  if (/^(?:as of|at)\b/.test(t) || !/\b(?:ended|ending|years?|months?|weeks?|quarters?)\b/.test(t)) months = 0;
  else if (/\b(?:three|3)[\s-]+months?\b|\bquarters?\b|\b(?:thirteen|13)[\s-]+weeks?\b/.test(t)) months = 3;
  else if (/\b(?:six|6)[\s-]+months?\b|\b(?:twenty-six|26)[\s-]+weeks?\b/.test(t)) months = 6;
  else if (/\b(?:nine|9)[\s-]+months?\b|\b(?:thirty-nine|39)[\s-]+weeks?\b/.test(t)) months = 9;
  else if (/\byears?\b|\b(?:twelve|12)[\s-]+months?\b|\b(?:fifty-two|fifty-three|52|53)[\s-]+weeks?\b/.test(t)) months = 12;
  else months = null;
  const m = new RegExp(`\\b(${MONTH})\\s+\\d{1,2}\\b`).exec(t);
  const endMonth = m ? MONTH_NAMES.indexOf(m[1]) + 1 : null;
  return { months, endMonth, years: (t.match(YEAR) ?? []).map(Number) };
}

/**
 * Shares the year row out among the groups, left to right. Groups that name their own year
 * ("As of October 31, 2010") take only that; the rest split the year row at each break in its
 * order ("2008 2009 2010 | 2009 2010", "2013 2012 2011 | 2013 2012"). Returns [] when the header
 * cannot be read unambiguously, so the caller leaves values null instead of guessing a column.
 */
export function periodColumns(groups: readonly PeriodGroup[], years: readonly number[]): PeriodColumn[] {
  const col = (g: Pick<PeriodGroup, 'months' | 'endMonth'>, year: number): PeriodColumn => ({ year, months: g.months, endMonth: g.endMonth });
  if (groups.length === 0) return years.map((y) => col({ months: null, endMonth: null }, y));
  const free = groups.filter((g) => g.years.length === 0);
  if (free.length === 0) {
    if (years.length === 0) return groups.flatMap((g) => g.years.map((y) => col(g, y)));
    // One dated group over a year row ("December 31, 2013" above "2013 2012"): the row names the columns.
    return groups.length === 1 ? years.map((y) => col(groups[0], y)) : [];
  }
  const shares = shareYears(years, free.length);
  if (!shares) return [];
  const out: PeriodColumn[] = [];
  let f = 0;
  for (const g of groups) {
    const ys = g.years.length > 0 ? g.years : shares[f++];
    out.push(...ys.map((y) => col(g, y)));
  }
  return out;
}

function shareYears(years: readonly number[], groups: number): number[][] | null {
  if (groups === 1) return [years.slice()];
  const runs: number[][] = [];
  let dir = 0;
  for (const y of years) {
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    const step = prev === undefined ? 0 : Math.sign(y - prev);
    if (!run || step === 0 || (dir !== 0 && step !== dir)) {
      runs.push([y]);
      dir = 0;
    } else {
      run.push(y);
      dir = step;
    }
  }
  if (runs.length === groups) return runs;
  // Unbroken order but more groups than runs ("2019 2020 2021" under a year group and an
  // interim group): interim groups come in comparative pairs at the right.
  if (runs.length === 1 && years.length >= 2 * (groups - 1) + 1) {
    const head = years.length - 2 * (groups - 1);
    const out = [years.slice(0, head)];
    for (let i = head; i < years.length; i += 2) out.push(years.slice(i, i + 2));
    return out;
  }
  return null;
}

const periodKey = (c: PeriodColumn) => c.year * 100 + (c.endMonth ?? (c.months !== null && c.months > 0 && c.months < 12 ? 6 : 12));
const lengthOf = (c: PeriodColumn) => (c.months === null || c.months === 0 ? 12 : c.months);

/**
 * Indices into a row's values of the latest period (or the Actual balance sheet) and of the
 * comparable earlier period. The latest period is the one ending last, the shortest when several
 * end together (an interim quarter beats the year to date), as the XBRL path reads NetIncomeLoss.
 */
export function pickColumns(columns: ColumnModel, valueCount: number): { latest: number | null; prior: number | null } {
  const none = { latest: null, prior: null };
  const actual = columns.variants.findIndex((v) => v === 'actual' || v === 'historical');
  if (actual >= 0) {
    const k = columns.variants.length;
    if (valueCount >= k) return { latest: valueCount - k + actual, prior: null };
    // Blank pro forma cells vanish when spacer cells are merged, so a short row still starts
    // with its Actual value when Actual is the leftmost column.
    return actual === 0 && valueCount > 0 && columns.periods.length <= 1 ? { latest: 0, prior: null } : none;
  }
  const p = columns.periods;
  if (p.length === 0) return valueCount === 1 ? { latest: 0, prior: null } : none;
  if (p.length !== valueCount) return none;
  let latest = 0;
  for (let i = 1; i < p.length; i++) {
    const d = periodKey(p[i]) - periodKey(p[latest]);
    if (d > 0 || (d === 0 && lengthOf(p[i]) < lengthOf(p[latest]))) latest = i;
  }
  const l = p[latest];
  const earlier = p.map((_, i) => i).filter((i) => i !== latest && p[i].months === l.months && periodKey(p[i]) < periodKey(l));
  const yearAgo = earlier.find((i) => p[i].year === l.year - 1 && p[i].endMonth === l.endMonth);
  const closest = earlier.reduce<number | null>((best, i) => (best === null || periodKey(p[i]) > periodKey(p[best]) ? i : best), null);
  return { latest, prior: yearAgo ?? closest };
}
