/**
 * `npm run client:generate`: rewrites the typed client's types (api/client/) from the OpenAPI
 * document the service publishes, built in-process exactly as GET /api/v1/openapi.json builds it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../api/index.ts';
import { CLIENT_TYPES_FILE, clientTypesSource } from './client-types.ts';

const root = join(import.meta.dirname, '..');
writeFileSync(join(root, CLIENT_TYPES_FILE), await clientTypesSource(buildOpenApiDocument()));
process.stdout.write(`wrote ${CLIENT_TYPES_FILE}\n`);
