import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { csvColumns, type CsvColumn } from './csv-columns.ts';
import { CSV_TYPE, type ListFormat } from './csv-negotiation.ts';
import { csvDocument } from './csv-record.ts';

/** Writes a list's items as CSV with the columns of its item schema and the request's include tokens. */
export type CsvWriter = (include: readonly string[] | undefined, items: readonly string[]) => string;

/** The CSV writer of one list; the columns of each distinct include set are derived once. */
export function csvWriter(item: JsonSchema): CsvWriter {
  const columnsBySet = new Map<string, CsvColumn[]>();
  return (include = [], items) => {
    // Validated tokens, so the sets are few however the client orders or repeats them.
    const set = [...new Set(include)].sort().join(',');
    let columns = columnsBySet.get(set);
    if (columns === undefined) columnsBySet.set(set, (columns = csvColumns(item, include)));
    return csvDocument(columns, items);
  };
}

/**
 * What a representation tag names besides the request: the JSON page keeps the identity it had
 * before CSV existed, the CSV page adds its type, so the two never share an ETag.
 */
export const formatIdentity = (format: ListFormat, identity: string): string => (format === 'csv' ? `${identity}\n${CSV_TYPE}` : identity);

