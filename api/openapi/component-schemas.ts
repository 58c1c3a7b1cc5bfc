import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { schemaRef } from './refs.ts';
import { toOpenApiSchema } from './to-openapi-schema.ts';

/**
 * The named schemas as OpenAPI components that refer to each other by $ref instead of repeating
 * one another, so every named type is used and generated clients share one type per name.
 *
 * A nested schema is a named one when it is that object, or a copy made by `orNull` or by
 * spreading it (`{ ...orNull(X), description }`), which keeps X's `properties` object. OpenAPI 3.0
 * ignores keywords beside a $ref and `nullable` only widens a schema that states a type, so a
 * nullable use is `oneOf: [X, null]` and a use with its own description wraps the $ref in allOf.
 */
export function componentSchemas(named: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const names = new Map<unknown, string>();
  for (const [name, schema] of Object.entries(named)) {
    names.set(schema, name);
    if (schema.properties) names.set(schema.properties, name);
  }
  const nameOf = (schema: JsonSchema) => names.get(schema) ?? (schema.properties ? names.get(schema.properties) : undefined);

  function nested(schema: JsonSchema): JsonSchema {
    const name = nameOf(schema);
    if (name === undefined) return toOpenApiSchema(schema, nested);
    const ref = schemaRef(name);
    const nullable = Array.isArray(schema.type) && schema.type.includes('null');
    const description = schema.description !== named[name].description ? (schema.description as string | undefined) : undefined;
    const described = description === undefined ? {} : { description };
    if (nullable) return { ...described, oneOf: [ref, { type: 'object', nullable: true, enum: [null] }] };
    return description === undefined ? ref : { ...described, allOf: [ref] };
  }

  return Object.fromEntries(Object.entries(named).map(([name, schema]) => [name, toOpenApiSchema(schema, nested)]));
}
