/** Market facts the projector keeps (proj_ipo_rows, proj_bars), as plain values. */
import type { DailyBar } from './bars.parse.ts';
import type { IpoTableRow } from './ipo-table.parse.ts';

export interface StoredIpoRow {
  row: IpoTableRow;
  observedAt: string;
}

export interface StoredBars {
  ticker: string;
  bars: DailyBar[];
  adjusted: boolean | null;
  observedAt: string;
}
