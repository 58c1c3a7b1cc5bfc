import type { CursorCodec } from '../http/cursor.ts';
import { listPageBody } from '../http/list-page.ts';
import { NEWS_KEY } from './news.query.ts';

export const NEWS_ENDPOINT = 'news';

/** News list envelope from [published_at, news_id, cik, newsJson] keyed rows. */
export function newsPageBody(rows: string[], limit: number, cursors: CursorCodec): string {
  return listPageBody(rows, limit, NEWS_KEY.length, cursors, NEWS_ENDPOINT);
}
