import type { JsonSchema } from '../../schema/api/json-schema.ts';

/**
 * JSON Schema (as ajv reads it) → OpenAPI 3.0 Schema Object: type arrays with "null" become
 * `nullable: true` (a nullable enum keeps null), numeric exclusive bounds become the boolean form,
 * private keywords go. `sub` converts the nested schemas (the caller may turn some into $refs).
 */
export function toOpenApiSchema(schema: JsonSchema, sub: (nested: JsonSchema) => JsonSchema = (nested) => toOpenApiSchema(nested)): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword.startsWith('x-')) continue;
    switch (keyword) {
      case 'type': {
        const types = Array.isArray(value) ? (value as string[]) : [value as string];
        const concrete = types.filter((t) => t !== 'null');
        if (concrete.length !== 1) throw new Error(`cannot express type ${JSON.stringify(value)} in OpenAPI 3.0`);
        out.type = concrete[0];
        if (concrete.length < types.length) out.nullable = true;
        break;
      }
      // OpenAPI 3.0.3: `nullable` does not widen an enum, so a nullable enum lists null itself
      // (otherwise a validator of the document rejects a served null).
      case 'enum':
        out.enum = value;
        break;
      case 'exclusiveMinimum':
        out.minimum = value;
        out.exclusiveMinimum = true;
        break;
      case 'exclusiveMaximum':
        out.maximum = value;
        out.exclusiveMaximum = true;
        break;
      case 'properties':
        out.properties = Object.fromEntries(
          Object.entries(value as Record<string, JsonSchema>).map(([name, nested]) => [name, sub(nested)]),
        );
        break;
      case 'items':
        out.items = sub(value as JsonSchema);
        break;
      case 'additionalProperties':
        out.additionalProperties = typeof value === 'boolean' ? value : sub(value as JsonSchema);
        break;
      case 'anyOf':
      case 'oneOf':
      case 'allOf':
        out[keyword] = (value as JsonSchema[]).map((nested) => sub(nested));
        break;
      default:
        out[keyword] = value;
    }
  }
  return out;
}
