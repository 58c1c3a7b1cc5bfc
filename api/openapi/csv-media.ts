import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { csvColumns, includeTokenOf } from '../http/csv-columns.ts';
import { CSV_TYPE } from '../http/csv-negotiation.ts';
import { csvDocument } from '../http/csv-record.ts';
import type { ServedExample } from './examples.ts';

const names = (columns: Array<{ name: string }>) => columns.map((column) => `\`${column.name}\``).join(', ');

/** The columns of a list's CSV, in order, and those each include token adds, from the item schema the app writes with. */
export function describeCsvColumns(item: JsonSchema): string {
  const always = csvColumns(item);
  const required = new Set(item.required as string[]);
  const gated = Object.keys(item.properties as object)
    .filter((name) => !required.has(name))
    .map((name) => {
      const token = includeTokenOf(name);
      const added = csvColumns(item, [token]).filter((column) => !always.some((other) => other.name === column.name));
      return ` \`include=${token}\` adds ${names(added)}.`;
    });
  return `Columns, in schema order (an include token's columns at its property's place): ${names(always)}.${gated.join('')}`;
}

/**
 * The `text/csv` media type of a list response: what the CSV holds, and as its example the JSON
 * example of the same response (a page the bundled sample served) written by the app's own writer.
 */
export function csvMedia(item: JsonSchema, served: ServedExample | undefined): Record<string, JsonSchema> {
  const media: JsonSchema = {
    schema: {
      type: 'string',
      description: `\`${CSV_TYPE}\` (RFC 4180): a header row, then one record per item, the items of the JSON page in the same order (see CSV in the API description). ${describeCsvColumns(item)}`,
    },
  };
  if (served !== undefined) {
    const url = new URL(served.request.replace(/^GET /, ''), 'http://example.test');
    const body = served.value as { data?: unknown[]; items?: unknown[] };
    const items = (body.data ?? body.items ?? []).map((value) => JSON.stringify(value));
    const columns = csvColumns(item, url.searchParams.get('include')?.split(',') ?? []);
    media.examples = { served: { summary: `${served.request} with Accept: text/csv`, value: csvDocument(columns, items) } };
  }
  return { 'text/csv': media };
}
