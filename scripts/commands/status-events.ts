import { existsSync } from 'node:fs';
import { createWebhookStore, shownEndpointText } from '../../api/index.ts';
import { opsDbPath, openOpsDb } from '../../schema/databases.ts';
import { liveReadDbPath } from '../../schema/read/location.ts';
import { openSqlite } from '../../schema/sqlite.ts';

/** The read model's change log, as `ipo status` shows it: what streams and webhooks serve. */
export interface DealEventStatus {
  lastId: number;
  lastRecordedAt: string | null;
  /** History re-read (the first projection; a rebuild, from events already projected before), not news. */
  replayed: number;
  recordedLastHour: number;
}

/** One webhook endpoint: how far behind the change log it is, and whether it is failing. */
export interface WebhookStatus {
  id: string;
  /** Query values and any password masked. */
  url: string;
  cursor: number;
  /** Change-log ids after its cursor (its filter may pass over some of them). */
  idsBehind: number;
  failures: number;
  nextAttemptAt: string | null;
  lastDelivery: { eventId: number; outcome: string; httpStatus: number | null; error: string | null; at: string } | null;
}

export function readDealEvents(dataDir: string, now: Date): DealEventStatus | null {
  const path = liveReadDbPath(dataDir);
  if (!path || !existsSync(path)) return null;
  const db = openSqlite(path, { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT coalesce(max(id), 0) AS lastId, max(recorded_at) AS lastRecordedAt, coalesce(sum(replayed), 0) AS replayed,
           coalesce(sum(recorded_at >= ?), 0) AS recordedLastHour FROM deal_events`,
      )
      .get(new Date(now.getTime() - 3_600_000).toISOString()) as DealEventStatus;
    return row;
  } catch {
    // A read.db from before the change log.
    return null;
  } finally {
    db.close();
  }
}

export async function readWebhooks(dataDir: string, lastId: number): Promise<WebhookStatus[]> {
  if (!existsSync(opsDbPath(dataDir))) return [];
  const ops = await openOpsDb(dataDir);
  try {
    const store = createWebhookStore(ops);
    return store.active().map((e) => {
      const last = store.deliveries(e.id, 1)[0];
      return {
        id: e.id,
        // As `ipo webhooks list` shows it: the query's token and any password masked.
        url: shownEndpointText(e.url),
        cursor: e.cursor,
        idsBehind: Math.max(0, lastId - e.cursor),
        failures: e.failures,
        nextAttemptAt: e.nextAttemptAt,
        lastDelivery: last ? { eventId: last.event_id, outcome: last.outcome, httpStatus: last.http_status, error: last.error === null ? null : shownEndpointText(last.error), at: last.attempted_at } : null,
      };
    });
  } finally {
    await ops.close();
  }
}

export function dealEventLines(events: DealEventStatus | null, webhooks: readonly WebhookStatus[]): string[] {
  if (!events) return ['deal events: none (no change log in read.db yet)'];
  const lines = [
    `deal events: last id ${events.lastId}${events.lastRecordedAt ? `, recorded ${events.lastRecordedAt}` : ''}; ${events.recordedLastHour} in the last hour; ` +
      `${events.replayed} replayed (history re-read by the first projection or a rebuild)`,
  ];
  lines.push(`webhooks: ${webhooks.length === 0 ? 'no endpoint' : `${webhooks.length} endpoint${webhooks.length === 1 ? '' : 's'}`}`);
  for (const w of webhooks) {
    const last = w.lastDelivery
      ? `; last attempt: event ${w.lastDelivery.eventId} ${w.lastDelivery.outcome}${w.lastDelivery.httpStatus ? ` ${w.lastDelivery.httpStatus}` : ''}${w.lastDelivery.error ? ` (${w.lastDelivery.error})` : ''} at ${w.lastDelivery.at}`
      : '';
    const failing = w.failures > 0 ? `; failing: ${w.failures} attempts, next at ${w.nextAttemptAt}` : '';
    lines.push(`  ${w.id} ${w.url}: cursor ${w.cursor} (${w.idsBehind} ids behind)${failing}${last}`);
  }
  return lines;
}
