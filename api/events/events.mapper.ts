import type { DealEventRow } from './events.query.ts';

/**
 * A change-log row as the API's deal event (ApiDealEvent). `data_json` is stored as served, so it is
 * spliced in as it is; the other fields are written by JSON.stringify.
 */
export function dealEventJson(row: DealEventRow): string {
  const [id, type, key, cik, ticker, occurredOn, recordedAt, replayed] = row;
  const head = JSON.stringify({ id, type, key, cik, ticker, occurredOn, recordedAt, replayed: replayed === 1 });
  return `${head.slice(0, -1)},"data":${row[8]}}`;
}

/** One Server-Sent Events message: the id a client resumes from, the type as the event name, the event as data. */
export function sseMessage(row: DealEventRow): string {
  return `id: ${row[0]}\nevent: ${row[1]}\ndata: ${dealEventJson(row)}\n\n`;
}

/** Moves the client's last event id without an event (the SSE spec sets it before it drops an empty message). */
export const ssePosition = (id: number) => `id: ${id}\n\n`;

export const SSE_HEARTBEAT = ': heartbeat\n\n';
