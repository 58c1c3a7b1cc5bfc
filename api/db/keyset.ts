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

/** `json || fragment || '}'`: the stored head closed with the requested includes. */
export function closedJson(head: string, fragments: readonly string[]): RawBuilder<string> {
  return sql<string>`${sql.raw([head, ...fragments, `'}'`].join(' || '))}`;
}
