import { DEFAULT_PAGE_SIZE } from '../../schema/api/params.schema.ts';
import { bodyOffset, keyOf } from '../db/keyset.ts';
import type { CursorCodec } from './cursor.ts';

/** A page's items (JSON texts) and the cursor after its last item, null on the last page. */
export interface Page {
  items: string[];
  nextCursor: string | null;
}

/**
 * A page query returns `limit + 1` keyed rows (see `keyedRow`). The extra row only proves there is
 * a next page; the cursor points at the last row served.
 */
export function pageOf(rows: string[], limit: number, keyLength: number, cursors: CursorCodec, endpoint: string): Page {
  const hasMore = rows.length > limit;
  const count = hasMore ? limit : rows.length;
  const items = new Array<string>(count);
  for (let i = 0; i < count; i++) items[i] = rows[i].slice(bodyOffset(rows[i], keyLength));
  return { items, nextCursor: hasMore ? cursors.encode(endpoint, keyOf(rows[limit - 1], keyLength)) : null };
}

/**
 * The list envelope of a page, built by concatenation: the items are already JSON, so nothing is
 * parsed or re-serialised. One join writes the whole text, head and tail riding on the first and
 * last items, so it comes out flat: encoding it copies it once, where a join wrapped in a template
 * is flattened again first (measured: a quarter less time on a 44 KB page).
 */
export function listEnvelope({ items, nextCursor }: Page): string {
  const cursorJson = nextCursor === null ? 'null' : `"${nextCursor}"`;
  const head = '{"data":[';
  const tail = `],"next_cursor":${cursorJson},"has_more":${nextCursor !== null},"meta":{"count":${items.length}}}`;
  const count = items.length;
  if (count === 0) return head + tail;
  const parts = items.slice();
  parts[0] = head + parts[0];
  parts[count - 1] += tail;
  return parts.join(',');
}

export const pageSize = (limit: number | undefined) => limit ?? DEFAULT_PAGE_SIZE;
