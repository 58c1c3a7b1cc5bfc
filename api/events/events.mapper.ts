import { POSITION_AHEAD_EVENT } from '../../schema/api/vocabulary.ts';
import type { DealEventRow, EventPageRows } from './events.query.ts';

/**
 * A change-log row as the API's deal event (ApiDealEvent). `data_json` is stored as served, so it is
 * spliced in as it is; the other fields are written by JSON.stringify.
 */
export function dealEventJson(row: DealEventRow): string {
  const [id, type, key, cik, ticker, occurredOn, recordedAt, replayed] = row;
  const head = JSON.stringify({ id, type, key, cik, ticker, occurredOn, recordedAt, replayed: replayed === 1 });
  return `${head.slice(0, -1)},"data":${row[8]}}`;
}

/**
 * A JSON page (EventPage). Not full, it has looked at every event up to the log's newest id, so
 * `last_event_id` moves there; never back before `after`, though: a client resuming with an id
 * ahead of this process's log (a replica whose snapshot is older) keeps its place, and sees it is
 * ahead by `newest_event_id`.
 */
export function eventPageJson(page: EventPageRows, after: number, limit: number): string {
  const { rows, newest } = page;
  const full = rows.length === limit;
  const last = full ? rows[rows.length - 1][0] : Math.max(after, newest);
  return `{"data":[${rows.map(dealEventJson).join(',')}],"last_event_id":${last},"newest_event_id":${newest},"has_more":${full},"meta":{"count":${rows.length}}}`;
}

/** One Server-Sent Events message: the id a client resumes from, the type as the event name, the event as data. */
export function sseMessage(row: DealEventRow): string {
  return `id: ${row[0]}\nevent: ${row[1]}\ndata: ${dealEventJson(row)}\n\n`;
}

/** Moves the client's last event id without an event (the SSE spec sets it before it drops an empty message). */
export const ssePosition = (id: number) => `id: ${id}\n\n`;

/**
 * Tells a stream that its position is ahead of the log this process serves, in the two fields of a
 * JSON page. A named event with data, because only a dispatched event reaches every SSE client (a
 * comment reaches none; an id alone dispatches nothing); without an id, so the client's position stays.
 */
export const ssePositionAhead = (position: number, newest: number) =>
  `event: ${POSITION_AHEAD_EVENT}\ndata: {"last_event_id":${position},"newest_event_id":${newest}}\n\n`;

export const SSE_HEARTBEAT = ': heartbeat\n\n';

/**
 * The last line of a stream whose API process stops (SIGTERM), before the response ends. A comment
 * (no client dispatches it) for whoever reads the stream by hand: a client reconnects as after any
 * end of the stream, with its Last-Event-ID, to whichever process answers.
 */
export const SSE_SHUTDOWN = ': shutting down: reconnect with Last-Event-ID\n\n';
