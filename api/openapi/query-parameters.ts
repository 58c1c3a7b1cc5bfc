import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { parameterRef } from './refs.ts';
import { toOpenApiSchema } from './to-openapi-schema.ts';

const pascal = (name: string) => name.replace(/(^|_)([a-z])/g, (_, _sep, letter: string) => letter.toUpperCase());

function queryParameter(name: string, property: JsonSchema): JsonSchema {
  const { description, ...rest } = property;
  const parameter: JsonSchema = { name, in: 'query', required: false, description, schema: toOpenApiSchema(rest) };
  if (property.type === 'array') {
    parameter.style = 'form';
    parameter.explode = property['x-explode'] !== false;
  }
  return parameter;
}

/**
 * The query parameters of the endpoints (endpoint name → the closed object ajv validates its
 * query with) as named parameter components, and each endpoint's list of $refs to them, in the
 * schema's order. A parameter every endpoint writes alike is named after itself (`limit` →
 * `Limit`); one that differs between endpoints is named per endpoint (`CompanyListInclude`).
 */
export function queryParameterComponents(endpoints: Record<string, JsonSchema>): {
  components: Record<string, JsonSchema>;
  refs: Record<string, JsonSchema[]>;
} {
  const built = Object.entries(endpoints).map(([endpoint, schema]) => ({
    endpoint,
    parameters: Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, property]) => queryParameter(name, property)),
  }));
  const variants = new Map<string, Set<string>>();
  for (const { parameters } of built) {
    for (const p of parameters) {
      const name = p.name as string;
      if (!variants.has(name)) variants.set(name, new Set());
      variants.get(name)!.add(JSON.stringify(p));
    }
  }
  const components: Record<string, JsonSchema> = {};
  const refs: Record<string, JsonSchema[]> = {};
  for (const { endpoint, parameters } of built) {
    refs[endpoint] = parameters.map((p) => {
      const name = p.name as string;
      const component = variants.get(name)!.size === 1 ? pascal(name) : endpoint + pascal(name);
      components[component] = p;
      return parameterRef(component);
    });
  }
  return { components, refs };
}
