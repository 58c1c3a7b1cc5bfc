import { ApiMetaSchema } from './resources.schema.ts';
import { nullableNumber, nullableString, object, string, type JsonSchema } from './json-schema.ts';
import { ARTICLE_KINDS, COMPANY_END_STATUSES, DEAL_EVENT_TYPES, DEAL_TYPES, GROSS_PROCEEDS_BASES, OFFERING_SOURCES, OFFERING_STATUSES } from './vocabulary.ts';

/**
 * The deal event of GET /api/v1/events (one SSE message's `data`) and of a webhook delivery's body:
 * the row of the read model's change log (schema/read/tables.ts DealEventsTable) as served.
 */

const date = (description: string): JsonSchema => ({ ...nullableString({ format: 'date' }), description });
const forTypes = (types: string, schema: JsonSchema, description: string): JsonSchema => ({ ...schema, description: `(${types}) ${description}` });

/** What the event says, as the company's rows said it when the event was recorded; which fields come with which type is below. */
export const ApiDealEventDataSchema = object(
  {
    name: forTypes('company', string(), 'The company name.'),
    offeringStatus: forTypes('company', string({ enum: [...OFFERING_STATUSES] }), "The company's offering status."),
    statusAsOf: forTypes(
      'company',
      date('The day the offering status is as of.'),
      "The day the offering status was as of when the event was recorded: its current offering's statusAsOf then (a status is as of no day before it took effect). Later evidence that leaves the status as it is moves the company's statusAsOf on without a new event (every filing would otherwise be one): fetch the company for today's date. A company event's occurredOn is the company's first evidence (its first filing or listing), not its status's day: a company first seen with a long history is recorded with today's status (AAOI, first filing 2006-12-15, listed as of its newest evidence). A revision's occurredOn is this day. Null when nothing dates it, and in a company event that only names the id the company is served under now. Absent (read it as null) in company events recorded before the field existed.",
    ),
    servedAs: forTypes(
      'company',
      nullableString(),
      "The id the company is served under now: null while it is its own; else the CIK of the EDGAR company its rows now belong to (a vendor-only company, `V-<ticker>-<date>`, whose IPO joined the EDGAR company it names). Its earlier events keep their id: a client folds them into that company's (count facts by served id). Absent (read it as null) in company events recorded before the field existed.",
    ),
    dealType: forTypes('company, registration, priced, listed, withdrawn', nullableString({ enum: [...DEAL_TYPES, null] }), "The deal's type (null for a registration whose offering is not keyed yet)."),
    accessionNumber: forTypes(
      'filing, registration, range_set, range_revised, priced, withdrawn, delisted, combined',
      nullableString(),
      'The filing that states the fact: the filing itself, the registration statement, the filing stating the range, the final prospectus, the withdrawal, the filing that ended the company (null when none is known).',
    ),
    formType: forTypes('filing, registration, range_set, range_revised, delisted, combined', nullableString(), 'Its SEC form type.'),
    filingDate: forTypes('filing, registration, range_set, range_revised', date('Its filing date.'), 'Its filing date.'),
    fileNumber: forTypes('filing, registration, priced, listed, withdrawn', nullableString(), 'The SEC file number of the filing or offering, null when not known yet (an index row names none).'),
    low: forTypes('range_set, range_revised', { type: 'number' }, 'Low end of the range, USD per share.'),
    high: forTypes('range_set, range_revised', { type: 'number' }, 'High end of the range, USD per share.'),
    previousLow: forTypes('range_revised', { type: 'number' }, 'The range it replaced: low end.'),
    previousHigh: forTypes('range_revised', { type: 'number' }, 'The range it replaced: high end.'),
    direction: forTypes('range_revised', string({ enum: ['raised', 'lowered', 'widened', 'narrowed'] }), 'How the range moved.'),
    pricedDate: forTypes('priced', date('The pricing date.'), 'The pricing date.'),
    offerPrice: forTypes('priced, listed', nullableNumber(), 'The offer price when known at recording (a final prospectus not yet read gives none).'),
    grossProceeds: forTypes('priced', nullableNumber(), 'Gross proceeds when known at recording.'),
    grossProceedsBasis: forTypes('priced', nullableString({ enum: [...GROSS_PROCEEDS_BASES, null] }), 'What the proceeds count.'),
    listingDate: forTypes('listed', date('The first trading day.'), 'The first trading day.'),
    ticker: forTypes(
      'listed',
      nullableString(),
      "The symbol the listing started under, only when evidence of the listing names it (the Yahoo list's row of the IPO, a Bloomberg row's symbol, unless the SEC lists it today and EDGAR named the company otherwise after it listed, daily bars from the first trading day, the units the SEC lists for a SPAC) or the offering's read prospectus states it (the final prospectus's \"under the symbol\", else its newest read registration's symbol applied for): the listed offering's listingSymbol. Null while only today's symbols name it (the SEC's current tickers; Bloomberg's, for a company the data shows renamed since), and a revision names it when such evidence arrives. A Bloomberg row names the security as of its export: for a company renamed since whose rename no filing in the data shows (Anthem's 2001 IPO as ELV, Frank's International's 2013 IPO as XPRO), its symbol is a later one, and is served as the listing's. Facebook's 2012 listing is FB once the Yahoo row is read, never META.",
    ),
    exchange: forTypes('listed', nullableString(), "The exchange the listing started on, as the outcome or the company's consensus states it, else the company's exchange hint."),
    source: forTypes('listed, delisted, combined', string({ enum: [...OFFERING_SOURCES] }), 'Where the offering (listed) or the end (delisted, combined: a filing or the SEC\'s current ticker, else a vendor row\'s later symbol or name) is known from.'),
    withdrawnDate: forTypes('withdrawn', date('The withdrawal date.'), 'The withdrawal date.'),
    status: forTypes('delisted, combined', string({ enum: [...COMPANY_END_STATUSES] }), 'How the company ended.'),
    date: forTypes('delisted, combined', date('When.'), 'When; a combination on its closing\'s earliest dated evidence (the date of report its 8-K states, the first day of the new name, the Form 25 removing the SPAC\'s class), the report\'s filing date only when nothing earlier is dated; null when the evidence (a vendor row\'s later symbol or name, the SEC\'s current ticker) states no date. Each end the company went through is its own event (a SPAC\'s combination, then the combined company\'s delisting).'),
    reason: forTypes('delisted, combined', string(), 'The evidence, in words.'),
    id: forTypes('article', string(), 'The article id.'),
    sourceKind: forTypes('article', string({ enum: [...ARTICLE_KINDS] }), 'The kind of article.'),
    title: forTypes('article', string(), 'Its title.'),
    path: forTypes('article', string(), 'Its page, under the service origin (/articles/{id}).'),
    publishedAt: forTypes('article', string({ format: 'date-time' }), 'When it was published.'),
    revises: forTypes(
      'company, registration, priced, listed',
      object({
        key: string({ description: 'The key of the event this one revises (the fact\'s first event, or its latest revision).' }),
        pricedDate: { ...date('The pricing date it stated (priced).'), description: 'The pricing date it stated (priced).' },
        offerPrice: { ...nullableNumber(), description: 'The offer price it stated.' },
        ticker: { ...nullableString(), description: 'The symbol it stated (listed).' },
        exchange: { ...nullableString(), description: 'The exchange it stated (listed).' },
        name: { ...string(), description: 'The company name it stated (company).' },
        dealType: { ...nullableString({ enum: [...DEAL_TYPES, null] }), description: 'The deal type it stated (company, registration).' },
        offeringStatus: { ...string({ enum: [...OFFERING_STATUSES] }), description: 'The offering status it stated (company).' },
        servedAs: { ...nullableString(), description: 'The id it stated the company was served under (company; null: its own).' },
        fileNumber: { ...nullableString(), description: 'The file number it stated (registration; null: not known yet).' },
      }, ['pricedDate', 'offerPrice', 'ticker', 'exchange', 'name', 'dealType', 'offeringStatus', 'servedAs', 'fileNumber']),
      'Present when the event revises a fact already recorded: later evidence changed what it states (a pricing date the first trade corrected, an offer price read later, a listing\'s symbol or exchange learnt after its first trade, a registration\'s file number or deal type known after its index row, a company\'s new status, type or name, or the id it is now served under; a company\'s revision occurs on the date its status is as of). The values it replaces; the fact\'s latest event is the one that holds.',
    ),
  },
  [
    'name', 'offeringStatus', 'statusAsOf', 'servedAs', 'dealType', 'accessionNumber', 'formType', 'filingDate', 'fileNumber', 'low', 'high', 'previousLow', 'previousHigh',
    'direction', 'pricedDate', 'offerPrice', 'grossProceeds', 'grossProceedsBasis', 'listingDate', 'ticker', 'exchange', 'source', 'withdrawnDate',
    'status', 'date', 'reason', 'id', 'sourceKind', 'title', 'path', 'publishedAt', 'revises',
  ],
);

export const ApiDealEventSchema = object({
  id: { type: 'integer', minimum: 1, description: 'Position in the change log: the SSE id (send it back as Last-Event-ID) and the idempotency key of a delivery.' },
  type: string({ enum: [...DEAL_EVENT_TYPES] }),
  key: string({
    description:
      'The fact the event records, e.g. `priced:0001847577:0001140361-21-034373`: recorded once, whatever re-derives it. A revision of a company, registration, priced or listed fact (later evidence changed its status, file number, deal type, date, price, symbol or exchange) is keyed `<fact key>#<n>|<new values>` (n its number among the fact\'s revisions) and its data names what it revises.',
  }),
  cik: { ...nullableString(), description: 'The company (10-digit CIK or V-… identifier); null for an article.' },
  ticker: { ...nullableString(), description: "The company's primary ticker when the event was recorded (an S-1 filer may have none yet)." },
  occurredOn: date('The date the fact happened: filing date, pricing date, first trading day, withdrawal, end, publication.'),
  recordedAt: string({ format: 'date-time', description: 'When the projector committed it: when the service knew.' }),
  replayed: {
    type: 'boolean',
    description:
      'True when it is history re-read, not a change just seen: the first projection of the event log recorded it, or a rebuild found it in events the replaced read model had already projected.',
  },
  data: ApiDealEventDataSchema,
});

/** Why a position can be ahead of the log, and what a client does about it (the stream's `position_ahead` message points here). */
const AHEAD =
  'A position ahead of the log has one of two causes. This process is a replica whose snapshot is older than the process the id came from: the events after the id follow once its snapshot catches up, none twice, so keep the id. Or read.db was rebuilt from a restored backup and numbered the log anew: the id names nothing here any more, so resume with `after=0` and deduplicate by `key`. A client that only ever talks to one API process, or that sees `newest_event_id` stay behind its id longer than its replicas lag, has met the second.';

/** GET /api/v1/events with Accept: application/json: one page of the change log, for a client that polls. */
export const EventPageSchema = object({
  data: { type: 'array', items: ApiDealEventSchema, description: 'Events after `after` that pass the filters, oldest first (by id).' },
  last_event_id: {
    type: 'integer',
    minimum: 0,
    description:
      'Pass it as `after` for the next page. A full page (`has_more`): the id of its last event. Otherwise every event up to `newest_event_id` was looked at, and it is the greater of the position asked for (Last-Event-ID, else `after`) and `newest_event_id`: greater than `newest_event_id` only when that position is ahead of this process\'s log (see `newest_event_id`).',
  },
  newest_event_id: {
    type: 'integer',
    minimum: 0,
    description: `The newest id of the change log the answering API process serves (0 when it is empty). Below \`last_event_id\` when the position asked for (Last-Event-ID, else \`after\`) is ahead of this log. ${AHEAD}`,
  },
  has_more: { type: 'boolean', description: 'True when the page is full: more events may follow at once.' },
  meta: ApiMetaSchema,
});

export const EVENT_SCHEMAS: Record<string, JsonSchema> = {
  ApiDealEvent: ApiDealEventSchema,
  ApiDealEventData: ApiDealEventDataSchema,
  EventPage: EventPageSchema,
};
