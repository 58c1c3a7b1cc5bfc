/**
 * A benchmark server process: `reference` (bare node:http), `api` (the real Koa app) or
 * `api-uncached` (the app with its page cache off), on the read.db of DATA_DIR. Run as a child (see bench-servers.ts) pinned to its own core, apart from the
 * load generator.
 */
import { mkdirSync } from 'node:fs';
import { createApiKeyStore, createApiServer, createApp, createMemoryRateLimiter, createReadDbSource } from '../../api/index.ts';
import { openOpsDb } from '../../schema/databases.ts';
import { readDbLinkPath } from '../../schema/read/location.ts';
import { startReferenceServer } from './reference-server.ts';

const [mode, dataDir, port] = process.argv.slice(2);

if (mode === 'reference') {
  await startReferenceServer(readDbLinkPath(dataDir), Number(port));
} else {
  mkdirSync(dataDir, { recursive: true });
  const ops = await openOpsDb(dataDir);
  const keys = createApiKeyStore(ops);
  const created = await keys.create('bench');
  const app = createApp({
    readDb: createReadDbSource({ dataDir }),
    apiKeys: keys,
    // The limiter runs on every request as in production, with a budget the load cannot exhaust.
    rateLimiter: createMemoryRateLimiter({ limitPerMinute: 1_000_000_000 }),
    cursorSecret: 'benchmark-cursor-secret-0123456789',
    publicBaseUrl: `http://127.0.0.1:${port}`,
    pageCacheBytes: mode === 'api-uncached' ? 0 : undefined,
  });
  await new Promise<void>((resolve) => createApiServer(app).listen(Number(port), '127.0.0.1', () => resolve()));
  process.stdout.write(`KEY ${created.key}\n`);
}
process.stdout.write('READY\n');
// A clean exit on SIGINT lets `node --cpu-prof` write its profile when the harness stops the server.
process.once('SIGINT', () => process.exit(0));
