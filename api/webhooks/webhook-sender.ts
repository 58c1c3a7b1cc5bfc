import type { ReadDbSource } from '../db/read-db-source.ts';
import { ApiError } from '../errors/api-error.ts';
import { dealEventJson } from '../events/events.mapper.ts';
import { createEventQueries, eventFilter, type DealEventRow, type EventFilter, type EventQueries } from '../events/events.query.ts';
import { createShapeCompiler } from '../db/compiled-query.ts';
import { retryDelayMs } from './backoff.ts';
import { CREDENTIALS_NOT_SENT, hasUrlCredentials, shownEndpointText } from './endpoint-url.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';
import type { WebhookDelivery, WebhookEndpoint, WebhookStore } from './webhook-endpoints.store.ts';

export interface WebhookSenderOptions {
  store: WebhookStore;
  readDb: ReadDbSource;
  /** The change log's queries (the app's own when it runs in the API process). */
  queries?: EventQueries;
  /** Ceiling of the wait between two attempts at a failing event (WEBHOOK_RETRY_MAX_SECONDS). */
  maxRetryMs: number;
  /** How often the endpoints and the change log are looked at. */
  pollMs?: number;
  /** A delivery that has not answered by then failed. */
  timeoutMs?: number;
  now?: () => Date;
  random?: () => number;
  /** Each attempt, once recorded (the process logs it), with the endpoint's URL as it may be shown (credentials masked). */
  onDelivery?: (delivery: WebhookDelivery & { url: string }) => void;
  onError?: (error: Error) => void;
}

export interface WebhookSender {
  /** Lets the deliveries in flight finish (and be recorded), then stops. */
  stop(): Promise<void>;
}

/** Delivery records older than this are deleted (checked hourly). */
const KEEP_DELIVERIES_MS = 30 * 86_400_000;
const USER_AGENT = 'ipo-research-webhooks/1';

/** The events an endpoint is sent: those of its event types (every type when it names none). */
export function endpointEventFilter(endpoint: Pick<WebhookEndpoint, 'eventTypes'>): EventFilter {
  return eventFilter({ type: endpoint.eventTypes ?? undefined });
}

/**
 * Delivers the change log to every registered endpoint, one event at a time and in id order per
 * endpoint: POST the event as JSON, signed; a 2xx moves the endpoint's cursor past it, anything
 * else leaves the cursor where it is and tries the same event again after a backoff. So an
 * endpoint that is down loses nothing, however long it is down, and an event is delivered again
 * only when the sender stopped between the receiver's 2xx and recording it (at least once; the
 * event id is the receiver's idempotency key).
 */
export function startWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const queries = options.queries ?? createEventQueries(createShapeCompiler());
  const inFlight = new Map<string, Promise<void>>();
  let stopping = false;
  let prunedAt = 0;

  const deliver = async (endpoint: WebhookEndpoint, row: DealEventRow, attempt: number): Promise<boolean> => {
    const body = dealEventJson(row);
    const started = now();
    const delivery: WebhookDelivery = { endpoint_id: endpoint.id, event_id: row[0], attempt, attempted_at: started.toISOString(), outcome: 'failed', http_status: null, error: null, ms: 0 };
    try {
      // Stored before `ipo webhooks add` refused such URLs: fetch would throw the same error at every
      // attempt, quoting the password. Said plainly instead, at each attempt, and never given up:
      // the endpoint stays owed its events, and the operator sees why in `ipo webhooks list` and `ipo status`.
      if (hasUrlCredentials(endpoint.url)) throw new Error(CREDENTIALS_NOT_SENT);
      const res = await fetch(endpoint.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          'Ipo-Event-Id': String(row[0]),
          'Ipo-Event-Type': row[1],
          [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, Math.floor(started.getTime() / 1000), body),
        },
        body,
      });
      await res.body?.cancel();
      delivery.http_status = res.status;
      if (res.status >= 200 && res.status < 300) delivery.outcome = 'delivered';
      else delivery.error = `HTTP ${res.status}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      // A message may quote the URL (undici's do): recorded and logged with its credentials masked.
      delivery.error = shownEndpointText(cause?.code ?? (error as Error).message);
    }
    delivery.ms = now().getTime() - started.getTime();
    options.store.record(delivery);
    options.onDelivery?.({ ...delivery, url: shownEndpointText(endpoint.url) });
    return delivery.outcome === 'delivered';
  };

  /** Works through one endpoint's backlog up to `newest`, or until an attempt fails. */
  const serve = async (endpoint: WebhookEndpoint, newest: number) => {
    const filter = endpointEventFilter(endpoint);
    let { cursor, failures } = endpoint;
    while (!stopping) {
      const [row] = queries.between(options.readDb.current(), filter, cursor, newest, 1);
      if (row === undefined) {
        // Nothing after the cursor passes the filter: move it past what was looked at.
        if (cursor < newest) options.store.advance(endpoint.id, cursor, newest);
        return;
      }
      if (await deliver(endpoint, row, failures + 1)) {
        if (!options.store.advance(endpoint.id, cursor, row[0])) return;
        cursor = row[0];
        failures = 0;
        continue;
      }
      failures++;
      const retryAt = new Date(now().getTime() + retryDelayMs(failures, options.maxRetryMs, random()));
      options.store.postpone(endpoint.id, cursor, failures, retryAt.toISOString());
      return;
    }
  };

  const tick = () => {
    if (stopping) return;
    try {
      const at = now();
      if (at.getTime() - prunedAt > 3_600_000) {
        prunedAt = at.getTime();
        options.store.prune(new Date(at.getTime() - KEEP_DELIVERIES_MS));
      }
      const newest = queries.lastId(options.readDb.current());
      for (const endpoint of options.store.active()) {
        if (inFlight.has(endpoint.id) || endpoint.cursor >= newest) continue;
        if (endpoint.nextAttemptAt !== null && endpoint.nextAttemptAt > at.toISOString()) continue;
        const work = serve(endpoint, newest)
          .catch((error: Error) => options.onError?.(error))
          .finally(() => inFlight.delete(endpoint.id));
        inFlight.set(endpoint.id, work);
      }
    } catch (error) {
      // No read database yet: nothing to deliver until the projector publishes one.
      if (!(error instanceof ApiError)) options.onError?.(error as Error);
    }
  };

  const timer = setInterval(tick, options.pollMs ?? 250);
  tick();
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      await Promise.all(inFlight.values());
    },
  };
}
