import type { CursorCodec } from '../http/cursor.ts';
import { listPageBody } from '../http/list-page.ts';
import { OUTCOME_KEY } from './outcomes.query.ts';

export const OUTCOMES_ENDPOINT = 'outcomes';

/** Outcome list envelope from [trading_start_date, cik, ticker, outcomeJson] keyed rows. */
export function outcomePageBody(rows: string[], limit: number, cursors: CursorCodec): string {
  return listPageBody(rows, limit, OUTCOME_KEY.length, cursors, OUTCOMES_ENDPOINT);
}
