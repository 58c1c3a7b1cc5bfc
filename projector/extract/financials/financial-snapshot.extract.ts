/**
 * Financial snapshot of a pre-IPO issuer from its prospectus (domain §1.5: S-1 financial
 * statements are not XBRL-tagged, so company facts are empty until the first 10-Q). Reads the
 * summary financial data tables: net loss for the latest period and its comparable prior period,
 * and the Actual column of the balance-sheet data. Signs follow the XBRL path; see row-labels.ts.
 */
import type { ApiFinancialSnapshot } from '../../../schema/api/types.ts';
import type { ProspectusDoc } from '../prospectus-reader.ts';
import { findFinancialSections, type FinancialSection, type SectionTable } from './summary-section.ts';
import { pickColumns, readSegments } from './table-columns.ts';
import { matchRow, signed, type SnapshotField } from './row-labels.ts';

export interface SnapshotSource {
  accessionNumber: string;
  filingDate: string | null;
  formType: string | null;
  extractedAt: string | null;
}

/** Where a value was read, so a reviewer can find the row in the filing. */
export interface FinancialValue {
  value: number;
  block: number;
  row: number;
  label: string;
  column: number;
  scale: number;
}

export type FinancialValueKey = Exclude<SnapshotField, 'netLoss'> | 'netLossLatestPeriod' | 'netLossPriorPeriod';

export interface SummaryFinancials {
  section: { heading: number; kind: FinancialSection['kind'] } | null;
  values: Partial<Record<FinancialValueKey, FinancialValue>>;
}

/** Values found in the first summary (else selected) financial data section that yields any. */
export function readSummaryFinancials(doc: ProspectusDoc): SummaryFinancials {
  for (const section of findFinancialSections(doc)) {
    const values = readFinancialTables(section.tables);
    if (Object.keys(values).length > 0) return { section: { heading: section.heading, kind: section.kind }, values };
  }
  return { section: null, values: {} };
}

/** Snapshot values from financial tables read in order; the first row of a field wins. */
export function readFinancialTables(tables: readonly SectionTable[]): SummaryFinancials['values'] {
  const values: SummaryFinancials['values'] = {};
  const priority: Partial<Record<SnapshotField, number>> = {};
  for (const table of tables) {
    let tableScale: number | null = null;
    for (const segment of readSegments(table.rows)) {
      tableScale ??= segment.columns.scale;
      const scale = segment.columns.scale ?? tableScale ?? table.captionScale ?? 1;
      for (const row of segment.rows) {
        const match = matchRow(row.label);
        if (!match || (priority[match.field] ?? Infinity) <= match.priority) continue;
        const { latest, prior } = pickColumns(segment.columns, row.values.length);
        const at = (column: number | null): FinancialValue | undefined => {
          const raw = column === null ? null : row.values[column];
          if (typeof raw !== 'number') return undefined;
          const value = signed(raw, row.values, match.sign) * scale;
          return { value: scale === 1 ? value : Math.round(value), block: table.block, row: row.rowIndex, label: row.label, column: column!, scale };
        };
        const found = at(latest);
        if (!found) continue;
        priority[match.field] = match.priority;
        if (match.field === 'netLoss') {
          values.netLossLatestPeriod = found;
          const before = at(prior);
          if (before) values.netLossPriorPeriod = before;
          else delete values.netLossPriorPeriod;
        } else {
          values[match.field] = found;
        }
      }
    }
  }
  return values;
}

/**
 * The API's financialSnapshot from a prospectus, or null when its summary financial data holds
 * none of the fields (resale prospectuses and shelf supplements incorporate them by reference),
 * and for plain-text filings: their tables are laid out with spaces, and their column heads
 * (abbreviated months such as "Feb. 29,", a unit note printed above another table) are not yet
 * read reliably enough to say which column is the latest period or what scale it is in.
 */
export function extractFinancialSnapshot(doc: ProspectusDoc, source: SnapshotSource): ApiFinancialSnapshot | null {
  if (doc.plainText) return null;
  const { values } = readSummaryFinancials(doc);
  if (Object.keys(values).length === 0) return null;
  const v = (k: FinancialValueKey) => values[k]?.value ?? null;
  return {
    cashAndCashEquivalents: v('cashAndCashEquivalents'),
    cashAndMarketableSecurities: v('cashAndMarketableSecurities'),
    workingCapital: v('workingCapital'),
    totalAssets: v('totalAssets'),
    totalLiabilities: v('totalLiabilities'),
    accumulatedDeficit: v('accumulatedDeficit'),
    netLossLatestPeriod: v('netLossLatestPeriod'),
    netLossPriorPeriod: v('netLossPriorPeriod'),
    source: {
      accessionNumber: source.accessionNumber,
      filingDate: source.filingDate,
      formType: source.formType,
      extractedAt: source.extractedAt,
    },
  };
}
