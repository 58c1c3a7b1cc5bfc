/** `{ items: [ApiArticleFeedItem] }` from item JSON texts. */
export function articleFeedBody(items: string[]): string {
  return `{"items":[${items.join(',')}]}`;
}
