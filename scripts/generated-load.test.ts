import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../schema/config.ts';
import { startApiServer } from './api-server.ts';
import { GeneratedLoadError, isGeneratedLoad, markGeneratedLoad } from './generated-load.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('generated load is never served', () => {
  it('the API process refuses a DATA_DIR marked as generated load, before opening anything', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'generated-load-'));
    dirs.push(dataDir);
    expect(isGeneratedLoad(dataDir)).toBe(false);
    markGeneratedLoad(dataDir, 'a test');
    expect(isGeneratedLoad(dataDir)).toBe(true);
    await expect(startApiServer(loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(GeneratedLoadError);
  });
});
