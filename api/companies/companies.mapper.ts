/** `{ data: ApiCompanyDetail }` from the open detail head and the requested arrays. */
export function companyDetailBody(head: string, filings: string[] | null, news: string[] | null): string {
  let body = `{"data":${head}`;
  if (filings !== null) body += `,"filings":[${filings.join(',')}]`;
  if (news !== null) body += `,"news":[${news.join(',')}]`;
  return `${body}}}`;
}
