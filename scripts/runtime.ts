import { randomBytes } from 'node:crypto';
import type { Config } from '../schema/config.ts';
import { openEventLogDb, openOpsDb } from '../schema/databases.ts';
import type { Logger } from '../ingest/index.ts';

/** The cursor-signing secret: CURSOR_SECRET, else one generated on first use and kept in ops.db. */
export async function cursorSecret(config: Config, ops: Awaited<ReturnType<typeof openOpsDb>>): Promise<string> {
  if (config.cursorSecret) return config.cursorSecret;
  const existing = await ops.kysely.selectFrom('settings').select('value').where('key', '=', 'cursor_secret').executeTakeFirst();
  if (existing) return existing.value;
  const secret = randomBytes(32).toString('base64url');
  await ops.kysely.insertInto('settings').values({ key: 'cursor_secret', value: secret }).onConflict((c) => c.doNothing()).execute();
  const stored = await ops.kysely.selectFrom('settings').select('value').where('key', '=', 'cursor_secret').executeTakeFirstOrThrow();
  return stored.value;
}

/** Opens (creating and migrating) the two databases every command that writes needs. */
export async function openWriteStores(config: Config) {
  const events = await openEventLogDb(config.dataDir);
  const ops = await openOpsDb(config.dataDir);
  return {
    events,
    ops,
    async close() {
      await events.close();
      await ops.close();
    },
  };
}

/** Says what a shutdown does: on stderr, or through the process's logger when it has one. */
function shutdownNotice(logger?: Logger) {
  return {
    info: (message: string, fields?: Record<string, unknown>) => (logger ? logger.info(message, fields) : process.stderr.write(`${message}\n`)),
    error: (message: string, fields?: Record<string, unknown>) => (logger ? logger.error(message, fields) : process.stderr.write(`${message} ${JSON.stringify(fields)}\n`)),
  };
}

/**
 * Runs `stop` once on SIGINT or SIGTERM, then lets the process exit. A second signal while `stop`
 * runs exits at once, for an operator who will not wait.
 */
export function onShutdown(stop: () => Promise<void>, logger?: Logger): void {
  let stopping = false;
  const say = shutdownNotice(logger);
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      say.info(`${signal} again: exiting without waiting`, { signal });
      process.exit(1);
    }
    stopping = true;
    if (!logger) process.stderr.write('\n');
    say.info(`${signal}: shutting down`, { signal });
    stop().then(
      () => process.exit(0),
      (error) => {
        say.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
