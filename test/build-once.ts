import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Vitest global setup: the tests import the TypeScript sources, but those that run `ipo` as its own
 * process (scripts/ipo.mjs) run the compiled service in dist/. It is rebuilt from the current sources
 * before every run (types are `npm run typecheck`'s job), so a stale dist/ can never answer for them.
 */
export default function buildOnce(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { status, error } = spawnSync(process.execPath, ['scripts/build.mjs', '--no-check'], { cwd: root, stdio: 'inherit' });
  if (error) throw error;
  if (status !== 0) throw new Error(`the build before the tests failed (exit ${status})`);
}
