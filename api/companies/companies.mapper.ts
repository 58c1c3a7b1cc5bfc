import type { CursorCodec } from '../http/cursor.ts';
import { listPageBody } from '../http/list-page.ts';
import { COMPANY_KEY } from './companies.query.ts';

export const COMPANIES_ENDPOINT = 'companies';

/** Company list envelope from [sort_date, cik, companyJson] keyed rows. */
export function companyPageBody(rows: string[], limit: number, cursors: CursorCodec): string {
  return listPageBody(rows, limit, COMPANY_KEY.length, cursors, COMPANIES_ENDPOINT);
}

/** `{ data: ApiCompanyDetail }` from the open detail head and the requested arrays. */
export function companyDetailBody(head: string, filings: string[] | null, news: string[] | null): string {
  let body = `{"data":${head}`;
  if (filings !== null) body += `,"filings":[${filings.join(',')}]`;
  if (news !== null) body += `,"news":[${news.join(',')}]`;
  return `${body}}}`;
}
