import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type {} from './shared-templates.ts';

/**
 * Vitest global setup: the tests import the TypeScript sources, but those that run `ipo` as its own
 * process (scripts/ipo.mjs) run the compiled service in dist/. It is rebuilt from the current sources
 * before the tests (types are `npm run typecheck`'s job) unless dist/ already is what a build would
 * write, as after `npm ci` (whose prepare step builds): a stale dist/ can never answer for them.
 */
export default function buildOnce(project: TestProject): () => void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (!distIsFresh(root)) {
    const { status, error } = spawnSync(process.execPath, ['scripts/build.mjs', '--no-check'], { cwd: root, stdio: 'inherit' });
    if (error) throw error;
    if (status !== 0) throw new Error(`the build before the tests failed (exit ${status})`);
  }
  // The root of the data directories several files share (test/shared-templates.ts), gone after the run.
  const templatesRoot = mkdtempSync(join(tmpdir(), 'ipo-templates-'));
  project.provide('templatesRoot', templatesRoot);
  return () => rmSync(templatesRoot, { recursive: true, force: true });
}

/** Files whose change changes what the build writes, besides the sources. */
const BUILD_SETTINGS = ['tsconfig.json', 'tsconfig.build.json', 'api/client/tsconfig.json', 'scripts/build.mjs', 'node_modules/typescript/package.json'];

/**
 * Whether dist/ holds exactly the outputs of tsconfig.build.json's sources (none missing, none left
 * from a deleted source), each written after its source and after the build's settings last changed.
 */
function distIsFresh(root: string): boolean {
  const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.build.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const { outDir, rootDir } = config?.options ?? {};
  if (!config || config.errors.length > 0 || !outDir || !rootDir) return false;
  const modified = (path: string) => statSync(path, { throwIfNoEntry: false })?.mtimeMs;
  const settingsChanged = Math.max(...BUILD_SETTINGS.map((file) => modified(join(root, file)) ?? Infinity));
  const built = config.fileNames.every((source) => {
    const output = modified(join(outDir, relative(rootDir, source)).replace(/\.ts$/, '.js'));
    return output !== undefined && output > Math.max(modified(source) ?? Infinity, settingsChanged);
  });
  if (!built) return false;
  const outputs = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  return outputs.length === config.fileNames.length;
}
