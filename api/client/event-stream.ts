import type { Client } from 'openapi-fetch';
import { ApiError } from './api-error.ts';
import type { paths } from './openapi.generated.ts';
import type { DealEvent, EventStreamPosition, Query } from './paths.ts';
import { delay } from './retry.ts';
import { SseParser } from './sse-parser.ts';

export interface EventStreamOptions extends Omit<Query<'/api/v1/events'>, 'limit'> {
  /** Resume after this event id: sent as Last-Event-ID, which wins over `after`. */
  lastEventId?: string | number;
  /** Reconnect when the stream ends or the connection drops (default true), waiting the stream's `retry` time. */
  reconnect?: boolean;
  /** Ends the iteration (quietly, as breaking out of `for await` does). */
  signal?: AbortSignal;
  /**
   * Told when the position the stream resumes from is ahead of the log the answering API process
   * serves (its `position_ahead` message, never yielded as an event). The stream keeps the position:
   * on a replica whose snapshot is behind, the events after it follow. On a log numbered anew (a
   * read model rebuilt from a restored backup) they never will: stop, and read again from `after: 0`,
   * deduplicating by `key` (see EventPage.newest_event_id in the OpenAPI document).
   */
  onPositionAhead?: (position: EventStreamPosition) => void;
}

/** The stream's one message that is not a deal event (see `onPositionAhead`). */
const POSITION_AHEAD_EVENT = 'position_ahead';

/** Until the stream says otherwise (`retry`): what EventSource implementations wait before reconnecting. */
const DEFAULT_RECONNECT_MS = 3_000;

/**
 * GET /api/v1/events as Server-Sent Events, each message's data parsed as the deal event it is. When
 * the connection ends it reconnects with Last-Event-ID set to the last id received, so no event is
 * missed or sent twice; an error answer (400, 401, a 429 past the retries) is thrown as ApiError.
 */
export async function* streamEvents(raw: Client<paths>, options: EventStreamOptions = {}): AsyncGenerator<DealEvent> {
  const { reconnect = true, signal: outer, lastEventId, onPositionAhead, ...query } = options;
  const controller = new AbortController();
  const stop = () => controller.abort(outer?.reason);
  if (outer?.aborted) stop();
  outer?.addEventListener('abort', stop, { once: true });
  let last = lastEventId === undefined ? '' : String(lastEventId);
  let retryMs = DEFAULT_RECONNECT_MS;
  try {
    for (;;) {
      const parser = new SseParser(last);
      try {
        const { data, error, response } = await raw.GET('/api/v1/events', {
          params: { query, header: last === '' ? undefined : { 'Last-Event-ID': last } },
          parseAs: 'stream',
          headers: { Accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!response.ok) throw ApiError.of(response, error);
        const reader = data!.pipeThrough(new TextDecoderStream()).getReader();
        try {
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            for (const message of parser.push(chunk.value)) {
              last = message.lastEventId;
              if (message.event === POSITION_AHEAD_EVENT) onPositionAhead?.(JSON.parse(message.data) as EventStreamPosition);
              else yield JSON.parse(message.data) as DealEvent;
            }
            last = parser.lastEventId;
          }
        } finally {
          await reader.cancel().catch(() => {});
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError || !reconnect) throw error;
      }
      if (!reconnect) return;
      retryMs = parser.retryMs ?? retryMs;
      // Aborted while waiting: the stream is over, as when aborted while reading.
      if (!(await delay(retryMs, controller.signal).then(() => true, () => false))) return;
    }
  } finally {
    outer?.removeEventListener('abort', stop);
    controller.abort();
  }
}
