import type { JsonSchema } from '../../schema/api/json-schema.ts';

/** How a column's cells are written: text (guarded against formulas), a JSON number, true/false, or JSON text. */
export type CsvCellKind = 'text' | 'number' | 'boolean' | 'json';

export interface CsvColumn {
  /** The property path joined with dots: `terms.offeringPrice`. */
  name: string;
  path: readonly string[];
  kind: CsvCellKind;
}

/** The include token that adds an optional item property: its name in snake case (`aiEnrichment` → `ai_enrichment`). */
export const includeTokenOf = (property: string): string => property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const typesOf = (schema: JsonSchema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);

function kindOf(schema: JsonSchema): CsvCellKind {
  const types = typesOf(schema);
  if (types.includes('string')) return 'text';
  if (types.includes('number') || types.includes('integer')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  // Arrays, maps without fixed keys and anything untyped: one cell of JSON text.
  return 'json';
}

/** An object with fixed properties becomes one column per leaf; anything else is one column. */
function flatten(schema: JsonSchema, path: string[], columns: CsvColumn[]): void {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (typesOf(schema).includes('object') && properties !== undefined) {
    for (const [name, property] of Object.entries(properties)) flatten(property, [...path, name], columns);
    return;
  }
  columns.push({ name: path.join('.'), path, kind: kindOf(schema) });
}

/**
 * The CSV columns of a list item, in the order of its schema: the columns follow from the
 * endpoint's item schema and the request's `include` tokens, never from the data, so every page of
 * a listing has the same header. An optional property (present only with its include token) is a
 * column only when the request names that token, as it is a JSON property only then.
 */
export function csvColumns(item: JsonSchema, include: readonly string[] = []): CsvColumn[] {
  const properties = item.properties as Record<string, JsonSchema>;
  const required = new Set(item.required as string[]);
  const columns: CsvColumn[] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (!required.has(name) && !include.includes(includeTokenOf(name))) continue;
    flatten(property, [name], columns);
  }
  return columns;
}
