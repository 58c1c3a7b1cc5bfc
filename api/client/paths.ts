import type { components, paths } from './openapi.generated.ts';

/** Paths with a GET operation. */
export type GetPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];
type Get<P extends GetPath> = paths[P]['get'];

/** The query parameters of a GET path. */
export type Query<P extends GetPath> = NonNullable<Get<P> extends { parameters: { query?: infer Q } } ? Q : never>;

/** The JSON body a GET path answers 200 with. */
export type JsonBody<P extends GetPath> = Get<P> extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;

/** Paths that also answer 200 with CSV (Accept: text/csv). */
export type CsvPath = { [P in GetPath]: Get<P> extends { responses: { 200: { content: { 'text/csv': string } } } } ? P : never }[GetPath];

/** Lists read page after page: by `cursor` (next_cursor), or the event log by `after` (last_event_id). */
export type PagedPath = {
  // [never] first: a path without a JSON answer has JsonBody never, which extends anything.
  [P in GetPath]: [JsonBody<P>] extends [never]
    ? never
    : JsonBody<P> extends { data: unknown[]; next_cursor: string | null } | { data: unknown[]; last_event_id: number }
      ? P
      : never;
}[GetPath];

/** One item of a paged list. */
export type ItemOf<P extends PagedPath> = JsonBody<P> extends { data: Array<infer I> } ? I : never;

/** `latest_terms` → `latestTerms`: an include token names the property it fills. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** `Item` with the properties the include tokens `I` ask for present (each may still be null). */
export type Included<Item, I extends string> = Item & { [K in CamelCase<I> & keyof Item]-?: Exclude<Item[K], undefined> };

/** The include tokens a GET path accepts (never when it has no include). */
export type IncludeOf<P extends GetPath> = Query<P> extends { include?: Array<infer T extends string> } ? T : never;

/** The query of `P` with its include tokens narrowed to `I`, the ones a call asks for. */
export type QueryWith<P extends GetPath, I extends string> = Omit<Query<P>, 'include'> & { include?: I[] };

/** A page of `P` whose items carry what include tokens `I` ask for. */
export type PageOf<P extends PagedPath, I extends string> = Omit<JsonBody<P>, 'data'> & { data: Array<Included<ItemOf<P>, I>> };

/** The include tokens each endpoint accepts, from the document's enums. */
export type CompanyListInclude = components['parameters']['CompanyListInclude'][number];
export type CompanyDetailInclude = components['parameters']['CompanyDetailInclude'][number];
export type FilingListInclude = components['parameters']['FilingListInclude'][number];
export type NewsListInclude = components['parameters']['NewsListInclude'][number];

export type Schemas = components['schemas'];
/** One deal event, as the stream's `data` and the JSON pages carry it. */
export type DealEvent = Schemas['ApiDealEvent'];
/** The stream's `position_ahead` message: the position it resumes from is ahead of the log the answering process serves. */
export type EventStreamPosition = Pick<Schemas['EventPage'], 'last_event_id' | 'newest_event_id'>;
export type CompanyDetail = Schemas['ApiCompanyDetail'];
