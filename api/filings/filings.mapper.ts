import type { CursorCodec } from '../http/cursor.ts';
import { listPageBody } from '../http/list-page.ts';
import { FILING_KEY } from './filings.query.ts';

export const FILINGS_ENDPOINT = 'filings';

/** Filing list envelope from [filing_date, accession_number, cik, filingJson] keyed rows. */
export function filingPageBody(rows: string[], limit: number, cursors: CursorCodec): string {
  return listPageBody(rows, limit, FILING_KEY.length, cursors, FILINGS_ENDPOINT);
}
