import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { COMPANY_LIST_INCLUDES, FILING_INCLUDES, NEWS_INCLUDES } from '../../schema/api/params.schema.ts';
import {
  ApiArticleFeedItemSchema,
  ApiCalendarEntrySchema,
  ApiCompanySchema,
  ApiFilingSchema,
  ApiNewsSchema,
  ApiOutcomeSchema,
} from '../../schema/api/resources.schema.ts';
import type { CsvColumn } from './csv-columns.ts';

/** Every list endpoint that answers CSV: its path, its 200 response in the OpenAPI document, its item schema and include tokens. */
export const CSV_LISTS: ReadonlyArray<{ path: string; response: string; item: JsonSchema; includes: readonly string[] }> = [
  { path: '/api/v1/companies', response: 'CompanyList', item: ApiCompanySchema, includes: COMPANY_LIST_INCLUDES },
  { path: '/api/v1/filings', response: 'FilingList', item: ApiFilingSchema, includes: FILING_INCLUDES },
  { path: '/api/v1/news', response: 'NewsList', item: ApiNewsSchema, includes: NEWS_INCLUDES },
  { path: '/api/v1/outcomes', response: 'OutcomeList', item: ApiOutcomeSchema, includes: [] },
  { path: '/api/v1/articles', response: 'ArticleFeed', item: ApiArticleFeedItemSchema, includes: [] },
  { path: '/api/v1/calendar', response: 'CalendarList', item: ApiCalendarEntrySchema, includes: [] },
];

/**
 * A strict RFC 4180 reader for the tests, written apart from the writer so a test compares two
 * readings of the format: every record ends with CRLF, a quoted field doubles its quotes, an
 * unquoted field holds no quote, comma, CR or LF. Anything else throws.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let at = 0;
  while (at < text.length) {
    let field = '';
    if (text[at] === '"') {
      let from = at + 1;
      while (true) {
        const quote = text.indexOf('"', from);
        if (quote < 0) throw new Error(`unterminated quoted field from character ${at}`);
        field += text.slice(from, quote);
        if (text[quote + 1] !== '"') {
          at = quote + 1;
          break;
        }
        field += '"';
        from = quote + 2;
      }
    } else {
      const end = text.slice(at).search(/[,\r\n"]/);
      const stop = end < 0 ? text.length : at + end;
      if (text[stop] === '"') throw new Error(`a quote inside an unquoted field at character ${stop}`);
      field = text.slice(at, stop);
      at = stop;
    }
    record.push(field);
    if (text[at] === ',') {
      at++;
      if (at === text.length) throw new Error('a comma ends the document');
    } else if (text.startsWith('\r\n', at)) {
      records.push(record);
      record = [];
      at += 2;
    } else {
      throw new Error(`expected a comma or CRLF at character ${at}`);
    }
  }
  if (record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

/** What a cell says, read back by its column's kind as a CSV client would (null for an empty cell). */
export function cellValue(column: CsvColumn, text: string): unknown {
  if (text === '') return null;
  switch (column.kind) {
    case 'text':
      return text.startsWith("'") ? text.slice(1) : text;
    case 'number':
      return Number(text);
    case 'boolean':
      if (text !== 'true' && text !== 'false') throw new Error(`${column.name}: "${text}" is not a boolean`);
      return text === 'true';
    case 'json':
      return JSON.parse(text);
  }
}

/** The value a column should show for a JSON item: the property at its path, null under a null object, "" as null. */
export function expectedCell(column: CsvColumn, item: unknown): unknown {
  let value = item;
  for (const name of column.path) {
    if (value === null) return null;
    if (typeof value !== 'object' || !(name in value)) throw new Error(`the item has no ${column.name}`);
    value = (value as Record<string, unknown>)[name];
  }
  return value === '' ? null : value;
}

/** Properties of a JSON item no column shows (an object with columns for its properties counts as shown). */
export function propertiesWithoutColumn(item: unknown, columns: readonly CsvColumn[], prefix = ''): string[] {
  const names = new Set(columns.map((column) => column.name));
  const missing: string[] = [];
  for (const [name, value] of Object.entries(item as Record<string, unknown>)) {
    const path = prefix + name;
    if (names.has(path)) continue;
    const nested = columns.some((column) => column.name.startsWith(`${path}.`));
    if (nested && value === null) continue;
    if (nested && typeof value === 'object' && !Array.isArray(value)) missing.push(...propertiesWithoutColumn(value, columns, `${path}.`));
    else missing.push(path);
  }
  return missing;
}

/**
 * Checks that a CSV document shows exactly the JSON items: the header is the columns, every record
 * has one cell per column, each cell reads back as the item's value, and no property is left out.
 */
export function csvShowsItems(csv: string, columns: readonly CsvColumn[], items: readonly unknown[]): void {
  const [header, ...records] = parseCsv(csv);
  const fail = (why: string): never => {
    throw new Error(why);
  };
  if (header === undefined) fail('no header row');
  if (header.join(',') !== columns.map((column) => column.name).join(',')) fail(`header ${header.join(',')} is not the columns`);
  if (records.length !== items.length) fail(`${records.length} records for ${items.length} items`);
  records.forEach((record, i) => {
    if (record.length !== columns.length) fail(`record ${i} has ${record.length} cells for ${columns.length} columns`);
    columns.forEach((column, j) => {
      const shown = JSON.stringify(cellValue(column, record[j]));
      const expected = JSON.stringify(expectedCell(column, items[i]));
      if (shown !== expected) fail(`record ${i}, ${column.name}: shows ${shown}, the item has ${expected}`);
    });
    const left = propertiesWithoutColumn(items[i], columns);
    if (left.length > 0) fail(`record ${i}: no column for ${left.join(', ')}`);
  });
}
