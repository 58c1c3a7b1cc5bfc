import { DEFAULT_PAGE_SIZE } from '../../schema/api/params.schema.ts';
import type { CursorCodec, CursorKey } from './cursor.ts';

/**
 * A page query returns `limit + 1` rows of [...keyColumns, itemJson]. The extra row only proves
 * there is a next page; the cursor points at the last row served.
 */
export function listPageBody(
  rows: unknown[][],
  limit: number,
  keyLength: number,
  cursors: CursorCodec,
  endpoint: string,
): string {
  const hasMore = rows.length > limit;
  const served = hasMore ? rows.slice(0, limit) : rows;
  let data = '';
  for (let i = 0; i < served.length; i++) data += (i === 0 ? '' : ',') + (served[i][keyLength] as string);
  const nextCursor = hasMore ? `"${cursors.encode(endpoint, served[limit - 1].slice(0, keyLength) as CursorKey)}"` : 'null';
  return `{"data":[${data}],"next_cursor":${nextCursor},"has_more":${hasMore},"meta":{"count":${served.length}}}`;
}

export const pageSize = (limit: number | undefined) => limit ?? DEFAULT_PAGE_SIZE;
