import type { Server } from 'node:http';
import { refuseGeneratedLoad } from './generated-load.ts';
import { Redis } from 'ioredis';
import {
  createApiKeyStore,
  createApiServer,
  createApp,
  createMemoryRateLimiter,
  createReadDbSource,
  createRedisRateLimiter,
  type AccessLogger,
} from '../api/index.ts';
import type { Config } from '../schema/config.ts';
import { openOpsDb } from '../schema/databases.ts';
import { createLogger, type ServiceLogger } from './log.ts';
import { cursorSecret } from './runtime.ts';

export interface RunningApi {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** The access log as log records: one per request, at info. */
export function accessLog(logger: ServiceLogger): AccessLogger {
  return (e) => logger.info('request', { method: e.method, path: e.path, status: e.status, ms: Math.round(e.ms * 10) / 10, requestId: e.requestId, apiKeyId: e.apiKeyId });
}

/**
 * Composition root of the API process: opens read.db read-only, ops.db for keys, Redis if set.
 * `logger` (default: LOG_FORMAT/LOG_LEVEL on stderr, named api) gets the rate limiter's switches
 * and unexpected errors; `log` is the access log, off unless given.
 */
export async function startApiServer(config: Config, options: { log?: AccessLogger; port?: number; logger?: ServiceLogger } = {}): Promise<RunningApi> {
  refuseGeneratedLoad(config.dataDir);
  const logger = options.logger ?? createLogger(config.logging, process.stderr, 'api');
  const ops = await openOpsDb(config.dataDir);
  const readDb = createReadDbSource({ dataDir: config.dataDir });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  // Connection errors are the rate limiter's to report (once, as it falls back); ioredis reconnects by itself.
  redis?.on('error', () => {});
  const rateLimiter = redis
    ? createRedisRateLimiter({
        redis,
        keyPrefix: config.redisKeys.rateLimit,
        limitPerMinute: config.rateLimitPerMinute,
        onFallback: (local, reason) =>
          local ? logger.warn('rate limit: Redis unavailable; counting per process', { reason }) : logger.info('rate limit: counting in Redis again', { reason }),
      })
    : createMemoryRateLimiter({ limitPerMinute: config.rateLimitPerMinute });
  // Last-use times reach ops.db once a minute, not with every request.
  const apiKeys = createApiKeyStore(ops, { lastUsedFlushMs: 60_000 });
  const app = createApp({
    readDb,
    apiKeys,
    rateLimiter,
    cursorSecret: await cursorSecret(config, ops),
    publicBaseUrl: config.publicBaseUrl,
    pageCacheBytes: config.pageCacheBytes,
    eventStreams: { perKey: config.eventStreamsPerKey },
    log: options.log,
    reportError: (error, requestId) => logger.error('request failed', { requestId, error: (error as Error).message ?? String(error), stack: (error as Error).stack }),
  });
  const port = options.port ?? config.port;
  // Header, request and keep-alive timeouts and the header size limit: see HTTP_LIMITS.
  const server = createApiServer(app);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, config.host, () => resolve());
    });
  } catch (error) {
    // Not serving (the port is taken, the host is not this machine's): close what was opened for it,
    // the Redis client above all, whose connection would keep the process alive.
    readDb.close();
    apiKeys.close();
    await ops.close();
    redis?.disconnect();
    throw error;
  }
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  return {
    server,
    url: `http://${host}:${boundPort}`,
    async close() {
      // No new connection; then each event stream ends as a response (its client sees a clean end
      // and resumes elsewhere from its last id, where cutting its connection would be an error);
      // then what is left, idle keep-alive connections and requests in flight, is closed.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await app.endStreams();
      server.closeAllConnections();
      await closed;
      readDb.close();
      apiKeys.close();
      await ops.close();
      redis?.disconnect();
    },
  };
}
