import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { DEAL_EVENT_TYPES, POSITION_AHEAD_EVENT } from '../../schema/api/vocabulary.ts';
import type { DocumentHeaders } from './document-responses.ts';
import { parameterRef, responseRef, schemaRef, type DocumentPart } from './refs.ts';

const header = (description: string) => ({ description, schema: { type: 'string' } });

/** The stream's wire format, for the text/event-stream body (a client parses it, it has no JSON Schema of its own). */
const STREAM_FORMAT = [
  'Server-Sent Events (the WHATWG HTML living standard, §9.2), UTF-8. The stream opens with `retry: 2000` and `id: <position>` (a message with an id and no data: the spec sets the last event id and dispatches nothing), so a client that receives no event before it reconnects still resumes where it started.',
  `Then one message per deal event, oldest first: \`id: <id>\`, \`event: <type>\` (${DEAL_EVENT_TYPES.join(', ')}) and \`data: <ApiDealEvent as JSON, one line>\`, then a blank line. A browser's EventSource delivers them to \`addEventListener(type)\`, not \`onmessage\`.`,
  `When the position it resumes from (Last-Event-ID, else \`after\`) is ahead of the newest id of the log this API process serves, or a read model installed under the open stream leaves it ahead, the stream says so, once until the log reaches it: \`event: ${POSITION_AHEAD_EVENT}\` and \`data: {"last_event_id":<the position>,"newest_event_id":<the newest id>}\` (the two fields of a JSON page, EventPage), with no id, so the position stays and the events after it are sent when the log reaches them. It is the only message that is not a deal event; what a client then does is in EventPage.newest_event_id. A client ignores event names it does not know.`,
  'Every 15 s a comment line `: heartbeat` keeps proxies from closing a quiet stream. The stream ends when the API process stops, when the key is revoked (checked at each heartbeat), or when the client goes; reconnect with `Last-Event-ID: <the last id received>` and every event recorded since is sent, none twice (delivery is at least once across a reconnect only when a client drops an id it received: ids make it idempotent).',
].join(' ');

/** GET /api/v1/events: the stream, the JSON pages, the resume header, the response with both representations. */
export function eventPages(h: DocumentHeaders, transportErrors: Record<string, JsonSchema>, queryRefs: JsonSchema[]): DocumentPart {
  return {
    paths: {
      '/api/v1/events': {
        get: {
          operationId: 'streamEvents',
          summary: 'Deal events as they are recorded: a Server-Sent Events stream, or JSON pages of the same change log.',
          description: [
            'One event per change that matters to a deal: a company first served, a filing, a registration statement, a price range set or revised, a deal priced, listed or withdrawn, a company delisted or combined, an article published. Each has an id from the read model\'s change log, which the projector writes in the same transaction as the rows it describes and which a rebuild or a snapshot install carries over: the same id names the same event on every API process and after every restart.',
            '**Where it starts**: after the `Last-Event-ID` header (a reconnecting client), else after `after`, else (a stream) after the newest event now: a new client gets what happens from now on, not the history (`after=0` asks for all of it; history re-read by the first projection or a rebuild carries `replayed: true`). A position ahead of the newest id of the log this API process serves is kept, and said: a JSON page\'s `newest_event_id` is then below its `last_event_id`, and the stream sends a `position_ahead` message (EventPage.newest_event_id says what a client does then).',
            '**Representations** (Accept): `text/event-stream` (the default, also for `*/*`) holds the connection open and sends each event as it is recorded (the change log is read every 100 ms); `application/json` answers one page (`limit`, oldest first) with `last_event_id` to pass as `after` next, tagged with an ETag that holds until the projector commits (304 on If-None-Match) and sent with `Cache-Control: private, no-cache`, so a cache revalidates before every poll.',
            '**Rate limits**: opening a stream is one request of the key\'s quota (RATE_LIMIT_PER_MINUTE); the events it sends cost nothing. One key may hold EVENT_STREAMS_PER_KEY open streams (default 5) per API process; one more is a 429 `rate_limited` with `Retry-After: 15` (the heartbeat interval: that limit has no window, a place frees when one of the key\'s streams ends) and the RateLimit-* fields of the request window, in which it counted. A JSON page is one request like any list page.',
          ].join('\n\n'),
          tags: ['events'],
          parameters: [parameterRef('LastEventId'), ...queryRefs, parameterRef('IfNoneMatch')],
          responses: {
            '200': responseRef('EventStream'),
            '304': responseRef('EventPageNotModified'),
            '400': responseRef('BadRequest'),
            '401': responseRef('Unauthorized'),
            '406': responseRef('NotAcceptable'),
            '429': responseRef('TooManyRequests'),
            '503': responseRef('Unavailable'),
            ...transportErrors,
          },
        },
      },
    },
    parameters: {
      LastEventId: {
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        description: 'The id of the last event received: what an SSE client sends when it reconnects. Events after it are sent (it wins over `after`); not an integer is a 400 naming it.',
        schema: { type: 'string', pattern: '^\\d{1,15}$' },
      },
    },
    responses: {
      EventPageNotModified: {
        description: 'JSON page only: the If-None-Match ETag still matches, the projector has committed nothing since; no body.',
        headers: {
          ...h.dataCacheHeaders,
          'Cache-Control': header('`private, no-cache`, as the page it revalidates.'),
          Vary: header('`Accept, Authorization`.'),
          ...h.rateHeaders,
        },
      },
      EventStream: {
        description: 'The stream (text/event-stream), or with Accept: application/json one page of events.',
        headers: {
          ...h.commonHeaders,
          'Cache-Control': header(
            '`no-store` on the stream; `private, no-cache` on a JSON page: a cache may keep it but must revalidate it (If-None-Match) before every use, so a poll is a 304 until the projector commits and never a stale page without the newest events.',
          ),
          ETag: header('JSON page only: derived from the read model and the request, as the lists\' ETag.'),
          Vary: header('`Accept, Authorization`.'),
          ...h.rateHeaders,
        },
        content: {
          'text/event-stream': { schema: { type: 'string', description: STREAM_FORMAT } },
          'application/json': { schema: schemaRef('EventPage') },
        },
      },
    },
  };
}
