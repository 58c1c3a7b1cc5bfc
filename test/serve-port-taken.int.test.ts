import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnIpo } from './process-harness.ts';
import { SHARED_REDIS_URL } from './redis-harness.ts';

describe('`ipo serve` on a port another process holds', () => {
  let dataDir: string;
  let holder: Server;
  let port: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ipo-port-taken-'));
    port = await freePort();
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => holder.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  // With REDIS_URL the rate limiter's Redis client was open before the listen failed: it must not keep the process alive.
  it.each([
    ['with REDIS_URL', SHARED_REDIS_URL],
    ['without REDIS_URL', ''],
  ])('exits 1 at once, one line naming the port (%s)', async (_label, redisUrl) => {
    const api = spawnIpo(['serve', '--quiet'], { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), REDIS_URL: redisUrl, REDIS_PREFIX: 'test-port-taken' });
    let timer: NodeJS.Timeout | undefined;
    const status = await Promise.race([api.exited, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 8_000)))]);
    clearTimeout(timer);
    if (!status) await api.stop('SIGKILL');
    expect(status, `still running after 8 s; stderr: ${api.err()}`).toEqual({ code: 1, signal: null });
    expect(api.err()).toMatch(new RegExp(`^ipo serve: listen EADDRINUSE[^\\n]*:${port}[^\\n]*\\n$`));
    expect(api.out()).toBe('');
  });
});
