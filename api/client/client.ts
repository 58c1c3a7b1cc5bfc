import createClient, { type Client } from 'openapi-fetch';
import { ApiError } from './api-error.ts';
import { streamEvents, type EventStreamOptions } from './event-stream.ts';
import type { paths } from './openapi.generated.ts';
import type { CompanyDetail, CsvPath, DealEvent, GetPath, IncludeOf, Included, ItemOf, JsonBody, PagedPath, PageOf, Query, QueryWith } from './paths.ts';
import { retryingFetch, type RetryOptions } from './retry.ts';

export interface IpoClientOptions {
  /** Where the service answers, e.g. `http://localhost:3000` (the URL `npm start` prints). */
  baseUrl: string;
  /** A bearer key (`ipo_live_…`); `npm start` prints the demo's. */
  apiKey: string;
  /** How 429 answers are retried (Retry-After honoured). */
  retry?: RetryOptions;
  /** The fetch to send requests with (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
}

export interface RequestOptions {
  signal?: AbortSignal;
}
export interface CsvOptions extends RequestOptions {
  format: 'csv';
}
type CompanyPath = '/api/v1/companies/{identifier}';
type PathParams<P extends GetPath> = paths[P]['get'] extends { parameters: { path: infer A } } ? A : never;

export interface IpoClient {
  /** One page of a list, JSON: what `include` asks for is present on each item. */
  list<P extends PagedPath, const I extends IncludeOf<P> = never>(path: P, query?: QueryWith<P, I>, options?: RequestOptions): Promise<PageOf<P, I>>;
  /** One page of a list as CSV text (header row first). */
  list<P extends CsvPath & PagedPath>(path: P, query: Query<P> | undefined, options: CsvOptions): Promise<string>;
  /** Every page of a list, following the cursor (or the event log's `after`) to the end. */
  pages<P extends PagedPath, const I extends IncludeOf<P> = never>(path: P, query?: QueryWith<P, I>, options?: RequestOptions): AsyncGenerator<PageOf<P, I>>;
  /** Every page as CSV text, following the `Link: rel="next"` cursor. */
  pages<P extends CsvPath & PagedPath>(path: P, query: Query<P> | undefined, options: CsvOptions): AsyncGenerator<string>;
  /** Every item of a list, page after page: `for await (const company of ipo.paginate('/api/v1/companies'))`. */
  paginate<P extends PagedPath, const I extends IncludeOf<P> = never>(path: P, query?: QueryWith<P, I>, options?: RequestOptions): AsyncGenerator<Included<ItemOf<P>, I>>;
  /** One company by CIK or ticker, with what `include` asks for present. */
  company<const I extends IncludeOf<CompanyPath> = never>(identifier: string, query?: QueryWith<CompanyPath, I>, options?: RequestOptions): Promise<Included<CompanyDetail, I>>;
  /** Any GET path's JSON body (the article feed, the OpenAPI document, …). */
  get<P extends GetPath>(path: P, params?: { path?: PathParams<P>; query?: Query<P> }, options?: RequestOptions): Promise<JsonBody<P>>;
  /** The deal-event stream (Server-Sent Events), reconnecting with Last-Event-ID where it stopped. */
  events(options?: EventStreamOptions): AsyncGenerator<DealEvent>;
  /** The underlying openapi-fetch client, typed by the same document, for anything else. */
  raw: Client<paths>;
}

/** A typed client of the IPO research API. */
export function createIpoClient(options: IpoClientOptions): IpoClient {
  const raw = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch(options.fetch ?? ((request) => fetch(request)), options.retry),
    // The API's array parameters (include, type, kind) are comma-separated: style form, explode false.
    querySerializer: { array: { style: 'form', explode: false } },
  });

  async function getJson(path: string, params: object, signal?: AbortSignal): Promise<any> {
    const { data, error, response } = await raw.GET(path as never, { params, signal, headers: { Accept: 'application/json' } } as never);
    if (!response.ok) throw ApiError.of(response, error);
    return data;
  }

  async function getCsv(path: string, query: object | undefined, signal?: AbortSignal): Promise<{ text: string; next: string | null }> {
    const { data, error, response } = await raw.GET(path as never, { params: { query }, signal, parseAs: 'text', headers: { Accept: 'text/csv' } } as never);
    if (!response.ok) throw ApiError.of(response, error);
    return { text: data as unknown as string, next: nextCursor(response.headers.get('link')) };
  }

  async function* jsonPages(path: string, query: Record<string, unknown> = {}, signal?: AbortSignal): AsyncGenerator<any> {
    for (let next: Record<string, unknown> | null = query; next; ) {
      const page = await getJson(path, { query: next }, signal);
      yield page;
      next = followingQuery(query, page);
    }
  }

  async function* csvPages(path: string, query: Record<string, unknown> = {}, signal?: AbortSignal): AsyncGenerator<string> {
    for (let next: Record<string, unknown> | null = query; next; ) {
      const page = await getCsv(path, next, signal);
      yield page.text;
      next = page.next === null ? null : { ...query, cursor: page.next };
    }
  }

  const client = {
    raw,
    list: (path: string, query?: object, opts?: RequestOptions & { format?: 'csv' }) =>
      opts?.format === 'csv' ? getCsv(path, query, opts.signal).then((page) => page.text) : getJson(path, { query }, opts?.signal),
    pages: (path: string, query?: Record<string, unknown>, opts?: RequestOptions & { format?: 'csv' }) =>
      opts?.format === 'csv' ? csvPages(path, query, opts.signal) : jsonPages(path, query, opts?.signal),
    async *paginate(path: string, query?: Record<string, unknown>, opts?: RequestOptions) {
      for await (const page of jsonPages(path, query, opts?.signal)) yield* page.data;
    },
    company: async (identifier: string, query?: object, opts?: RequestOptions) =>
      (await getJson('/api/v1/companies/{identifier}', { path: { identifier }, query }, opts?.signal)).data,
    get: (path: string, params: object = {}, opts?: RequestOptions) => getJson(path, params, opts?.signal),
    events: (opts?: EventStreamOptions) => streamEvents(raw, opts),
  };
  return client as unknown as IpoClient;
}

/** The query of the page after `page`, or null at the end: the same filters with the new position. */
function followingQuery(query: Record<string, unknown>, page: { next_cursor?: string | null; last_event_id?: number; has_more: boolean }): Record<string, unknown> | null {
  if (page.next_cursor !== undefined) return page.next_cursor === null ? null : { ...query, cursor: page.next_cursor };
  return page.has_more ? { ...query, after: page.last_event_id } : null;
}

/** The cursor of the `Link: <…>; rel="next"` target, which CSV pages carry instead of a body field. */
export function nextCursor(link: string | null): string | null {
  const target = link?.split(',').find((part) => /;\s*rel="?next"?/.test(part))?.match(/<([^>]*)>/)?.[1];
  return target === undefined ? null : new URL(target, 'http://link.invalid').searchParams.get('cursor');
}
