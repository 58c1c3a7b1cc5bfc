import type { NewEvent } from '../../schema/events/event-log.ts';
import type { EventType } from '../../schema/events/event-types.ts';
import { isoAt } from '../clock.ts';
import type { HandlerContext } from '../jobs/handler-context.ts';
import type { EdgarClient, EdgarResponse } from './edgar-client.ts';
import { EdgarPermanentError } from './edgar-errors.ts';

export const EDGAR_SOURCE = 'edgar';

type Found = Extract<EdgarResponse, { found: true }>;

/** Appends one raw fetched body; returns 1 when it was new, 0 when the log already had it. */
export function appendBody(ctx: HandlerContext, type: EventType, subject: string, response: Found, meta: Record<string, unknown>): number {
  const event: NewEvent = {
    type,
    source: EDGAR_SOURCE,
    subject,
    observedAt: isoAt(ctx.clock),
    body: response.body,
    meta: { url: response.url, ...(response.contentType ? { contentType: response.contentType } : {}), ...meta },
  };
  return ctx.log.append(event).inserted ? 1 : 0;
}

/** The context's EDGAR client; a process started for prices/news only has none, which no retry fixes. */
export function edgarOf(ctx: HandlerContext): EdgarClient {
  if (!ctx.client) throw new EdgarPermanentError('no EDGAR client in this process (set EDGAR_USER_AGENT)', null, '');
  return ctx.client;
}
