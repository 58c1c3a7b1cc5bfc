import type { Context } from 'koa';
import { ApiCalendarEntrySchema } from '../../schema/api/resources.schema.ts';
import type { ApiCalendarEntry } from '../../schema/api/types.ts';
import { keyedListRoute } from '../http/list-route.ts';
import { sendPage } from '../http/page-cache.ts';
import { queryReader } from '../http/query-validator.ts';
import { pageUrl } from '../http/representation.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { answeredFromCache, PRIVATE_CACHE } from '../http/send.ts';
import { renderCalendarAtom } from './calendar.atom.ts';
import { renderIcs } from './calendar.ics.ts';
import { rowsToEntries } from './calendar.mapper.ts';
import { CALENDAR_ENDPOINT, CALENDAR_KEY, createCalendarQueries } from './calendar.query.ts';
import { calendarFeedValidator, calendarValidator, type CalendarFilterQuery, type CalendarListQuery } from './calendar.schema.ts';

export const CALENDAR_PATH = '/api/v1/calendar';
export const CALENDAR_ATOM_PATH = '/api/v1/calendar.atom';
export const CALENDAR_ICS_PATH = '/api/v1/calendar.ics';
export const ICS_TYPE = 'text/calendar; charset=utf-8';
const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/**
 * The expiry calendar: the keyed list (JSON or CSV, cursor pages), and the same rows as Atom and
 * iCalendar feeds. The feeds are keyed and rate limited too: the contract leaves only the article
 * feed public, and an unkeyed feed that renders the whole calendar on each new filter set would be
 * an open door. Keys travel in the Authorization header only, never in a URL.
 */
export function calendarRoutes(deps: ResourceDeps): void {
  const queries = createCalendarQueries(deps.compiler);
  keyedListRoute<CalendarListQuery>(deps, {
    path: CALENDAR_PATH,
    endpoint: CALENDAR_ENDPOINT,
    key: CALENDAR_KEY,
    readQuery: queryReader(calendarValidator(deps.ajv)),
    list: queries.list,
    item: ApiCalendarEntrySchema,
  });

  const readFeedQuery = queryReader(calendarFeedValidator(deps.ajv));
  const feed = (path: string, contentType: string, render: (entries: ApiCalendarEntry[], asOf: string, query: CalendarFilterQuery) => string) =>
    deps.router.get(path, deps.guard, (ctx: Context) => {
      const query = readFeedQuery(ctx);
      const conn = deps.readDb.current();
      const generation = conn.generation();
      const etag = deps.representationTag(generation, pageUrl(path, query, undefined));
      if (answeredFromCache(ctx, etag, PRIVATE_CACHE, 'Authorization')) return;
      const kept = deps.pages.get(generation, etag);
      if (kept !== undefined) return sendPage(ctx, kept);
      const body = render(rowsToEntries(queries.all(conn, query)), queries.asOf(conn), query);
      sendPage(ctx, deps.pages.keep(generation, etag, { body: Buffer.from(body), contentType, link: null }));
    });
  feed(CALENDAR_ATOM_PATH, ATOM_TYPE, (entries, asOf, query) => renderCalendarAtom(entries, asOf, deps.publicBaseUrl, pageUrl(CALENDAR_ATOM_PATH, query, undefined)));
  feed(CALENDAR_ICS_PATH, ICS_TYPE, (entries, asOf) => renderIcs(entries, asOf));
}
