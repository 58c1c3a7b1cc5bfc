import { randomBytes } from 'node:crypto';
import type { Config } from '../schema/config.ts';
import { openEventLogDb, openOpsDb } from '../schema/databases.ts';
import type { Logger } from '../ingest/index.ts';

/** Prints one line per message on stderr, so stdout stays clean for command output. */
export function consoleLogger(err: NodeJS.WritableStream): Logger {
  const line = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    err.write(`${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}\n`);
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

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

/**
 * Runs `stop` once on SIGINT or SIGTERM, then lets the process exit. A second signal while `stop`
 * runs exits at once, for an operator who will not wait.
 */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting without waiting\n`);
      process.exit(1);
    }
    stopping = true;
    process.stderr.write(`\n${signal}: shutting down\n`);
    stop().then(
      () => process.exit(0),
      (error) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
