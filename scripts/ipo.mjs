#!/usr/bin/env node
// The `ipo` command: runs the compiled service in dist/, which `npm install` builds (`npm run build`
// rebuilds it). No TypeScript is loaded at run time; the dev loop runs the sources through tsx.
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/scripts/ipo.js', import.meta.url);
try {
  await import(entry.href);
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(fileURLToPath(entry))) throw error;
  process.stderr.write('ipo: the service is not built (no dist/scripts/ipo.js); run `npm run build`\n');
  process.exitCode = 1;
}
