import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// The compiled module the `ipo` processes run (test/build-once.ts builds it before the tests): a
// process loading it starts in a fraction of the time one compiling the TypeScript with tsx takes.
const databases = join(root, 'dist/schema/databases.js');

// One process opening every database of a data folder, as `ipo worker`, `ipo projector` and
// `ipo serve` each do when they start.
const openAll = `
  const { openEventLogDb, openOpsDb, openReadDbForWrite } = await import(${JSON.stringify(databases)});
  const dir = process.argv[1];
  const opened = [await openEventLogDb(dir), await openOpsDb(dir), await openReadDbForWrite(dir + '/read.db')];
  for (const db of opened) await db.close();
`;

function openInChild(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', openAll, dataDir], { cwd: root });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('several processes starting on a fresh data folder', () => {
  it('migrate each database once: none fails on a table another created', async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'ipo-migrate-race-'));
      dirs.push(dataDir);
      const results = await Promise.all([0, 1, 2, 3].map(() => openInChild(dataDir)));
      for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0 });
    }
  });
});
