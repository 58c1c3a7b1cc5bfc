import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type {} from './shared-templates.ts';

/**
 * Vitest global setup: the tests import the TypeScript sources, but those that run `ipo` as its own
 * process (scripts/ipo.mjs) run the compiled service in dist/. It is rebuilt from the current sources
 * before every run (types are `npm run typecheck`'s job), so a stale dist/ can never answer for them.
 */
export default function buildOnce(project: TestProject): () => void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { status, error } = spawnSync(process.execPath, ['scripts/build.mjs', '--no-check'], { cwd: root, stdio: 'inherit' });
  if (error) throw error;
  if (status !== 0) throw new Error(`the build before the tests failed (exit ${status})`);
  // The root of the data directories several files share (test/shared-templates.ts), gone after the run.
  const templatesRoot = mkdtempSync(join(tmpdir(), 'ipo-templates-'));
  project.provide('templatesRoot', templatesRoot);
  return () => rmSync(templatesRoot, { recursive: true, force: true });
}
