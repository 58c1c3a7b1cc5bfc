/** The newest items of a detail array and the list URL that continues after them (null: all shown). */
export interface EmbeddedItems {
  items: string[];
  next: string | null;
}

/** `{ data: ApiCompanyDetail }` from the open detail head and the requested arrays. */
export function companyDetailBody(head: string, filings: EmbeddedItems | null, news: EmbeddedItems | null): string {
  let body = `{"data":${head}`;
  if (filings !== null) body += `,"filings":[${filings.items.join(',')}],"filingsNext":${urlJson(filings.next)}`;
  if (news !== null) body += `,"news":[${news.items.join(',')}],"newsNext":${urlJson(news.next)}`;
  return `${body}}}`;
}

// The URLs are built from percent-encoded parts and base64url cursors: nothing in them needs escaping.
const urlJson = (url: string | null) => (url === null ? 'null' : `"${url}"`);
