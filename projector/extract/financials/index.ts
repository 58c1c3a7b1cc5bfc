export { extractFinancialSnapshot, readFinancialTables, readSummaryFinancials } from './financial-snapshot.extract.ts';
export type { FinancialValue, FinancialValueKey, SnapshotSource, SummaryFinancials } from './financial-snapshot.extract.ts';
export { findFinancialSections } from './summary-section.ts';
export type { FinancialSection, SectionTable } from './summary-section.ts';
export { pickColumns, readSegments } from './table-columns.ts';
export type { ColumnModel, PeriodColumn, TableSegment } from './table-columns.ts';
