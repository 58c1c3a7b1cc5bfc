import { sql, type RawBuilder } from 'kysely';
import type { Param } from './compiled-query.ts';

/**
 * `(a, b, c) < (?, ?, ?)`: rows after the cursor in a newest-first order. SQLite compares row
 * values lexicographically and walks the clustered primary key for it.
 */
export function keysetBefore(columns: readonly string[], param: Param): RawBuilder<boolean> {
  const placeholders = columns.map((_, i) => param(`k${i}`));
  return sql<boolean>`(${sql.raw(columns.join(', '))}) < (${sql.join(placeholders)})`;
}

/** Parameter values for `keysetBefore` from a decoded cursor. */
export function keysetValues(key: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  key.forEach((part, i) => (values[`k${i}`] = part));
  return values;
}

/**
 * SQL of the stored object in `column` with the requested include fragments spliced in before its
 * closing brace; the column itself when none is asked.
 */
export function withIncludesSql(column: string, fragments: readonly string[]): string {
  return fragments.length === 0 ? column : [openObjectSql(column), ...fragments, `'}'`].join(' || ');
}

/**
 * SQL of the stored object in `column` whose last member is `null` (a news item's
 * `"content":null}`), with that value replaced by `valueSql`.
 */
export function withLastValueSql(column: string, valueSql: string): string {
  return [cutTailSql(column, 'null}'), valueSql, `'}'`].join(' || ');
}

/** SQL of the stored object in `column` without its closing brace, for a head that goes on. */
export function openObjectSql(column: string): string {
  return cutTailSql(column, '}');
}

/**
 * `column` less its last bytes, which the caller knows to be `tail` (ASCII). Cut as a BLOB: its
 * length is known without reading it, where a text's length in characters means decoding it all
 * (measured: the blob cut costs about what appending to an unclosed head did, the text cut twice that).
 */
function cutTailSql(column: string, tail: string): string {
  const bytes = `CAST(${column} AS BLOB)`;
  return `substr(${bytes}, 1, length(${bytes}) - ${tail.length})`;
}

/**
 * Separates the key parts and the item JSON in a keyed row. The key columns are dates, CIKs,
 * accession numbers, tickers and ids the projector writes, none of which holds a control character.
 */
export const KEY_SEPARATOR = '\u001f';

/**
 * `k0 || char(31) || k1 || char(31) || body` as one text column. The driver then builds one JS
 * string per row rather than an array of values, about half the cost of a page's row conversion;
 * only the last served row's key is ever split out (for the cursor). Key columns are NOT NULL.
 */
export function keyedRow(columns: readonly string[], bodySql: string): RawBuilder<string> {
  return sql<string>`${sql.raw([...columns, bodySql].join(' || char(31) || '))}`;
}

/** Offset of the item JSON in a keyed row with `keyLength` key parts. */
export function bodyOffset(row: string, keyLength: number): number {
  let at = 0;
  for (let i = 0; i < keyLength; i++) at = row.indexOf(KEY_SEPARATOR, at) + 1;
  return at;
}

/** The key parts of a keyed row. */
export function keyOf(row: string, keyLength: number): string[] {
  return row.slice(0, bodyOffset(row, keyLength) - 1).split(KEY_SEPARATOR);
}

/** `(a, b) > (?, ?)`: rows after the cursor in an earliest-first order (the expiry calendar reads forward). */
export function keysetAfter(columns: readonly string[], param: Param): RawBuilder<boolean> {
  const placeholders = columns.map((_, i) => param(`k${i}`));
  return sql<boolean>`(${sql.raw(columns.join(', '))}) > (${sql.join(placeholders)})`;
}
