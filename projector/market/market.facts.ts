/** Market facts the projector keeps (proj_ipo_rows, proj_bars), as plain values. */
import type { DailyBar } from './bars.parse.ts';
import type { IpoTableRow } from './ipo-table.parse.ts';

export interface StoredIpoRow {
  row: IpoTableRow;
  observedAt: string;
  /**
   * Rows of other tables describing the same IPO, when company/vendor-company.derive.ts joined them
   * to this one (the row that speaks for the IPO): they add what this row lacks, such as an exchange.
   */
  sameIpo?: readonly StoredIpoRow[];
}

export interface StoredBars {
  ticker: string;
  bars: DailyBar[];
  adjusted: boolean | null;
  observedAt: string;
}
