import { readFileSync } from 'node:fs';
import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { packagePath } from '../../schema/package-files.ts';

/** A value the service served, and the request that got it. */
export interface ServedExample {
  request: string;
  value: unknown;
}

/**
 * Examples of the document: response bodies and parameter values the service served from the
 * bundled real sample. `examples.json` is written by `npm run openapi:examples` (after a change of
 * the sample or of a response shape); test/api-reference.browser.int.test.ts checks that the
 * sample still serves them. Never edit it by hand.
 */
export interface DocumentExamples {
  /** Response component name → its body. */
  responses: Record<string, ServedExample>;
  /** Parameter component name → a value of it found in a served body. */
  parameters: Record<string, ServedExample>;
}

export const EXAMPLES_FILE = packagePath('api/openapi/examples.json');

let examples: DocumentExamples | undefined;

export function documentExamples(): DocumentExamples {
  examples ??= JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8')) as DocumentExamples;
  return examples;
}

/** The document with the served examples on its response and parameter components. */
export function withExamples(doc: JsonSchema, served: DocumentExamples = documentExamples()): JsonSchema {
  const components = doc.components as Record<string, Record<string, JsonSchema>>;
  for (const [name, example] of Object.entries(served.responses)) {
    const content = components.responses[name]?.content as Record<string, JsonSchema> | undefined;
    const media = content && Object.keys(content).find((type) => type === 'application/json' || type.endsWith('+json'));
    if (!media) throw new Error(`examples.json: no JSON response component ${name}`);
    content[media].examples = { served: { summary: example.request, value: example.value } };
  }
  for (const [name, example] of Object.entries(served.parameters)) {
    const parameter = components.parameters[name];
    if (!parameter) throw new Error(`examples.json: no parameter component ${name}`);
    parameter.example = example.value;
  }
  return doc;
}
