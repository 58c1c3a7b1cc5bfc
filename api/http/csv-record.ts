import type { CsvColumn } from './csv-columns.ts';

/** RFC 4180 line end, after every record including the last. */
const CRLF = '\r\n';

/**
 * Text a spreadsheet would read as a formula (OWASP CSV injection: = + - @ tab CR, and LF), or
 * that starts with the quote this guard adds, so that dropping one leading `'` always restores it.
 */
const NEEDS_GUARD = /^[=+\-@\t\r\n']/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A field as RFC 4180 writes it: in double quotes, quotes doubled, when it holds a comma, quote, CR or LF. */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A text cell: a leading `'` keeps a spreadsheet from evaluating it. */
export function guardedText(text: string): string {
  return NEEDS_GUARD.test(text) ? `'${text}` : text;
}

/** Null is an empty cell, numbers and booleans their JSON text, arrays and maps their JSON text. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return csvField(guardedText(value));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return csvField(JSON.stringify(value));
}

/** The value at a column's path; a null object on the way leaves all its columns empty. */
function valueAt(item: unknown, path: readonly string[]): unknown {
  let value = item;
  for (const name of path) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

export function csvHeader(columns: readonly CsvColumn[]): string {
  return columns.map((column) => csvField(column.name)).join(',') + CRLF;
}

/** One CSV record (with its CRLF) of an item's JSON text as served. */
export function csvRecord(columns: readonly CsvColumn[], itemJson: string): string {
  const item: unknown = JSON.parse(itemJson);
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    if (i > 0) line += ',';
    line += cell(valueAt(item, columns[i].path));
  }
  return line + CRLF;
}

/** A CSV document: the header row, then one record per item (only the header for no items). */
export function csvDocument(columns: readonly CsvColumn[], items: readonly string[]): string {
  let text = csvHeader(columns);
  for (const item of items) text += csvRecord(columns, item);
  return text;
}
