import { DEFAULT_PAGE_SIZE } from '../../schema/api/params.schema.ts';
import { bodyOffset, keyOf } from '../db/keyset.ts';
import type { CursorCodec } from './cursor.ts';

/**
 * A page query returns `limit + 1` keyed rows (see `keyedRow`). The extra row only proves there is
 * a next page; the cursor points at the last row served. The envelope is built by concatenation:
 * the items are already JSON, so nothing is parsed or re-serialised.
 */
export function listPageBody(rows: string[], limit: number, keyLength: number, cursors: CursorCodec, endpoint: string): string {
  const hasMore = rows.length > limit;
  const count = hasMore ? limit : rows.length;
  let body = '{"data":[';
  for (let i = 0; i < count; i++) {
    const row = rows[i];
    body += (i === 0 ? '' : ',') + row.slice(bodyOffset(row, keyLength));
  }
  const nextCursor = hasMore ? `"${cursors.encode(endpoint, keyOf(rows[limit - 1], keyLength))}"` : 'null';
  return `${body}],"next_cursor":${nextCursor},"has_more":${hasMore},"meta":{"count":${count}}}`;
}

export const pageSize = (limit: number | undefined) => limit ?? DEFAULT_PAGE_SIZE;
