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
  /**
   * The four letters before this row's bankruptcy marker Q, when the SEC's ticker file gives them to
   * another company: they are not the symbol this IPO listed under (company/vendor-symbol.derive.ts).
   */
  baseHeldElsewhere?: string;
}

export interface StoredBars {
  ticker: string;
  bars: DailyBar[];
  adjusted: boolean | null;
  observedAt: string;
}
