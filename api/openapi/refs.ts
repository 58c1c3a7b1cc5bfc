import type { JsonSchema } from '../../schema/api/json-schema.ts';

/** $refs to the named components of the document. */
export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string): JsonSchema => ({ $ref: `#/components/responses/${name}` });
export const parameterRef = (name: string): JsonSchema => ({ $ref: `#/components/parameters/${name}` });

/** Headers and responses every part of the document shares. */
export interface DocumentKit {
  /** On every response, including errors and those node:http answers before the app. */
  commonHeaders: JsonSchema;
  /** On a 200 tagged with a hash of its bytes. */
  cacheHeaders: JsonSchema;
  errorHeaders: JsonSchema;
  /** What any request can meet before (or instead of) its route: limits, timeouts, other methods, failures. */
  transportErrors: Record<string, JsonSchema>;
}

/** Paths and the named components they use. */
export interface DocumentPart {
  paths: Record<string, JsonSchema>;
  responses: Record<string, JsonSchema>;
  parameters?: Record<string, JsonSchema>;
  schemas?: Record<string, JsonSchema>;
}
