import { randomBytes } from 'node:crypto';
import type { DealEventType } from '../../schema/api/vocabulary.ts';
import type { OpenDatabase } from '../../schema/databases.ts';
import type { OpsDatabase, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../schema/ops/tables.ts';

/** An endpoint as the sender and the CLI see it (its secret only where it signs). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  /** Null = every type. */
  eventTypes: DealEventType[] | null;
  secret: string;
  cursor: number;
  failures: number;
  nextAttemptAt: string | null;
  createdAt: string;
  removedAt: string | null;
}

export type WebhookDelivery = Omit<WebhookDeliveriesTable, 'id'>;

const endpointOf = (row: WebhookEndpointsTable): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  eventTypes: row.event_types === null ? null : (JSON.parse(row.event_types) as DealEventType[]),
  secret: row.secret,
  cursor: row.cursor,
  failures: row.failures,
  nextAttemptAt: row.next_attempt_at,
  createdAt: row.created_at,
  removedAt: row.removed_at,
});

/**
 * Webhook endpoints and their deliveries in ops.db: every statement prepared once, synchronous (the
 * sender and the CLI share the file through WAL). A cursor moves only from where the caller saw it,
 * so a replay (`ipo webhooks replay`) that moved it meanwhile is never overwritten by a delivery in flight.
 */
export function createWebhookStore(ops: OpenDatabase<OpsDatabase>) {
  const db = ops.sqlite;
  const insert = db.prepare(
    `INSERT INTO webhook_endpoints (id, url, event_types, secret, cursor, created_at) VALUES (@id, @url, @event_types, @secret, @cursor, @created_at)`,
  );
  const active = db.prepare('SELECT * FROM webhook_endpoints WHERE removed_at IS NULL ORDER BY created_at, id');
  const all = db.prepare('SELECT * FROM webhook_endpoints ORDER BY created_at, id');
  const one = db.prepare('SELECT * FROM webhook_endpoints WHERE id = ?');
  // A removed endpoint's row no longer moves: the attempt in flight when it was removed ends after
  // it, and must neither plan a retry nor go on with the backlog.
  const advance = db.prepare('UPDATE webhook_endpoints SET cursor = ?, failures = 0, next_attempt_at = NULL WHERE id = ? AND cursor = ? AND removed_at IS NULL');
  const postpone = db.prepare('UPDATE webhook_endpoints SET failures = ?, next_attempt_at = ? WHERE id = ? AND cursor = ? AND removed_at IS NULL');
  const rewind = db.prepare('UPDATE webhook_endpoints SET cursor = ?, failures = 0, next_attempt_at = NULL WHERE id = ? AND removed_at IS NULL');
  // Nothing is sent to it any more, so no retry is planned.
  const remove = db.prepare('UPDATE webhook_endpoints SET removed_at = ?, next_attempt_at = NULL WHERE id = ? AND removed_at IS NULL');
  const record = db.prepare(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, attempt, attempted_at, outcome, http_status, error, ms)
     VALUES (@endpoint_id, @event_id, @attempt, @attempted_at, @outcome, @http_status, @error, @ms)`,
  );
  const recent = db.prepare('SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id DESC LIMIT ?');
  const prune = db.prepare('DELETE FROM webhook_deliveries WHERE attempted_at < ?');

  return {
    add(url: string, eventTypes: readonly DealEventType[] | null, cursor: number, at: Date): WebhookEndpoint {
      const row: WebhookEndpointsTable = {
        id: `whk_${randomBytes(8).toString('hex')}`,
        url,
        event_types: eventTypes === null ? null : JSON.stringify([...new Set(eventTypes)]),
        secret: `whsec_${randomBytes(24).toString('base64url')}`,
        cursor,
        failures: 0,
        next_attempt_at: null,
        created_at: at.toISOString(),
        removed_at: null,
      };
      insert.run(row);
      return endpointOf(row);
    },
    active: () => (active.all() as WebhookEndpointsTable[]).map(endpointOf),
    list: () => (all.all() as WebhookEndpointsTable[]).map(endpointOf),
    get: (id: string) => {
      const row = one.get(id) as WebhookEndpointsTable | undefined;
      return row ? endpointOf(row) : null;
    },
    /** After a 2xx (or events its filter passes over): false when the cursor moved meanwhile (a replay) or the endpoint was removed. */
    advance: (id: string, from: number, to: number) => advance.run(to, id, from).changes === 1,
    /** After a failure: when to try the event after `cursor` again (false, as `advance`, when that no longer holds). */
    postpone: (id: string, cursor: number, failures: number, nextAttemptAt: string) => postpone.run(failures, nextAttemptAt, id, cursor).changes === 1,
    /** `ipo webhooks replay ID --from N`: deliver again from event N on. */
    replayFrom: (id: string, eventId: number) => rewind.run(Math.max(0, eventId - 1), id).changes === 1,
    remove: (id: string, at: Date) => remove.run(at.toISOString(), id).changes === 1,
    record: (delivery: WebhookDelivery) => void record.run(delivery),
    deliveries: (id: string, limit: number) => recent.all(id, limit) as WebhookDeliveriesTable[],
    /** Deletes delivery records older than `before`; returns how many. */
    prune: (before: Date) => prune.run(before.toISOString()).changes,
  };
}

export type WebhookStore = ReturnType<typeof createWebhookStore>;
