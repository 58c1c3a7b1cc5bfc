// `npm run build`: compiles the TypeScript sources to dist/ (tsconfig.build.json), after removing the
// previous build so no output of a deleted or renamed source can linger. `--no-check` emits without
// type checking (the test suite's setup: `npm run typecheck` checks types).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
const check = process.argv.includes('--no-check') ? ['--noCheck'] : [];
const { status, error } = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', ...check], { cwd: root, stdio: 'inherit' });
if (error) throw error;
process.exitCode = status ?? 1;
