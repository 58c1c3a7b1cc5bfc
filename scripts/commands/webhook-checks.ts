import { existsSync } from 'node:fs';
import type { WebhookEndpoint, WebhookStore } from '../../api/index.ts';
import { liveReadDbPath } from '../../schema/read/location.ts';
import { openSqlite } from '../../schema/sqlite.ts';
import { ArgumentError } from '../arguments.ts';
import { NotFoundError } from '../command.ts';

/**
 * The change log's newest id in the live read.db: 0 while it has no events (or is from before the
 * change log), null when there is no read.db yet.
 */
export function newestEventId(dataDir: string): number | null {
  const path = liveReadDbPath(dataDir);
  if (path === null || !existsSync(path)) return null;
  const db = openSqlite(path, { readonly: true });
  try {
    const hasLog = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'deal_events'`).get() !== undefined;
    return hasLog ? (db.prepare('SELECT coalesce(max(id), 0) FROM deal_events').pluck().get() as number) : 0;
  } finally {
    db.close();
  }
}

/**
 * `ipo webhooks replay --from N` moves the cursor to N-1, so N must be an event the change log has:
 * past the newest, the endpoint would silently skip every event recorded up to N.
 */
export function replayStart(from: number, newest: number | null): number {
  if (newest === null) throw new ArgumentError(`--from ${from} is past the newest event: there are no events yet (no read.db in DATA_DIR; \`ipo project\` makes one)`);
  if (newest === 0) throw new ArgumentError(`--from ${from} is past the newest event: the change log has no events yet`);
  if (from > newest) throw new ArgumentError(`--from ${from} is past the newest event (${newest}): events are numbered 1..${newest}`);
  return from;
}

/**
 * The endpoint `id` names; refused in one line (exit 1) when there is none, or when it was removed
 * and `acting` says what could not be done to a removed one. A removed endpoint is still listed,
 * with its deliveries, so "no endpoint" would contradict `ipo webhooks list`.
 */
export function endpointNamed(store: WebhookStore, id: string, acting?: 'remove' | 'replay'): WebhookEndpoint {
  const endpoint = store.get(id);
  if (endpoint === null) throw new NotFoundError(`no endpoint "${id}"`);
  if (acting !== undefined && endpoint.removedAt !== null) {
    throw new NotFoundError(
      acting === 'remove' ? `endpoint "${id}" was already removed, at ${endpoint.removedAt}` : `endpoint "${id}" was removed at ${endpoint.removedAt}: nothing is sent to it`,
    );
  }
  return endpoint;
}
