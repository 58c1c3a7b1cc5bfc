/**
 * Tiny builders for the JSON Schemas of the API. The schemas are plain JSON (draft-07 subset that
 * both ajv and OpenAPI 3.0 understand once type arrays become `nullable: true`), so one source
 * feeds request validation, response checks in tests and the published OpenAPI document.
 */
export type JsonSchema = { [keyword: string]: unknown };

export const string = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
export const nullableString = (extra: JsonSchema = {}): JsonSchema => ({ type: ['string', 'null'], ...extra });
export const nullableNumber = (extra: JsonSchema = {}): JsonSchema => ({ type: ['number', 'null'], ...extra });
export const nullableInteger = (extra: JsonSchema = {}): JsonSchema => ({ type: ['integer', 'null'], ...extra });
export const nullableBoolean = (extra: JsonSchema = {}): JsonSchema => ({ type: ['boolean', 'null'], ...extra });
export const stringArray = (extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items: { type: 'string' }, ...extra });
export const nullableStringArray = (extra: JsonSchema = {}): JsonSchema => ({
  type: ['array', 'null'],
  items: { type: 'string' },
  ...extra,
});

/** A closed object: every listed property is required unless named in `optional`. */
export function object(properties: Record<string, JsonSchema>, optional: string[] = [], extra: JsonSchema = {}): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    properties,
    ...extra,
  };
}

/** The same schema, also allowing JSON null. */
export function orNull(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  const types = Array.isArray(type) ? type : [type];
  const copy: JsonSchema = { ...schema, type: types.includes('null') ? types : [...types, 'null'] };
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) copy.enum = [...schema.enum, null];
  return copy;
}
