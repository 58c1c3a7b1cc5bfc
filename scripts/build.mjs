// `npm run build`: compiles the TypeScript sources to dist/ (tsconfig.build.json), then writes the
// typed client's declarations beside its JavaScript (api/client/tsconfig.json), after removing the
// previous build so no output of a deleted or renamed source can linger. `--no-check` emits without
// type checking (the test suite's setup: `npm run typecheck` checks types). `--prepare` (npm install's
// hook) leaves dist/ alone when TypeScript is absent, as after `npm ci --omit=dev` on a built copy.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  const built = existsSync(new URL('../dist/scripts/ipo.js', import.meta.url));
  process.stderr.write(`build: typescript is not installed (dev dependencies omitted?); ${built ? 'keeping the existing dist/' : 'no dist/ to run'}\n`);
  process.exit(process.argv.includes('--prepare') && built ? 0 : 1);
}
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
const check = process.argv.includes('--no-check') ? ['--noCheck'] : [];
// Then the typed client's declarations (api/client/tsconfig.json), which another project imports with it.
for (const project of ['tsconfig.build.json', 'api/client/tsconfig.json']) {
  const { status, error } = spawnSync(process.execPath, [tsc, '-p', project, ...check], { cwd: root, stdio: 'inherit' });
  if (error) throw error;
  process.exitCode = status ?? 1;
  if (status !== 0) break;
}
