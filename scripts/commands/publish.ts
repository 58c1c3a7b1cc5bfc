import { buildDailySpotlight, buildQuarterlyReview, buildWeeklyReview, weekPeriod, type Article, type ArticleData } from '../../projector/publish/index.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { openEventLogDb } from '../../schema/databases.ts';
import type { EventLog } from '../../schema/events/event-log.ts';
import type { ArticlePublishedPayload } from '../../schema/events/event-types.ts';
import { assertNever } from '../../schema/exhaustive.ts';
import { PUBLICATION_KINDS, type PublicationKind, type PublishRequest } from '../../schema/pipeline/jobs.ts';
import { liveReadDbPath } from '../../schema/read/location.ts';
import { ArgumentError, calendarDate, invalid } from '../arguments.ts';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { catchUpHere } from '../catch-up.ts';
import { articleDataFromRows, readModelRows } from './publish-data.ts';

export type { PublishRequest };

export type PublishOutcome =
  | { id: string; result: 'published' | 'replaced' | 'unchanged' | 'kept' }
  | { id: string; result: 'empty'; reason: string };

export const PUBLISHER_SOURCE = 'publisher';

const within = (date: string, from: string, to: string) => date >= from && date <= to;

/** The article for a request, or why there is none: an empty period publishes nothing. */
export function buildArticle(request: PublishRequest, data: ArticleData): { article: Article } | { id: string; reason: string } {
  switch (request.kind) {
    case 'daily': {
      const article = buildDailySpotlight(request.date, data);
      return article ? { article } : { id: `daily-${request.date}`, reason: `no pricings, debuts, new registrations or withdrawals on ${request.date}` };
    }
    case 'weekly': {
      const w = weekPeriod(request.date);
      const busy =
        (data.pricings ?? []).some((p) => within(p.pricingDate, w.from, w.to)) || (data.listings ?? []).some((l) => within(l.listingDate, w.from, w.to));
      return busy ? { article: buildWeeklyReview(request.date, data) } : { id: `weekly-${w.id}`, reason: `no pricings or debuts in ${w.id} (${w.from} to ${w.to})` };
    }
    case 'quarterly': {
      const { year, quarter } = request;
      const from = `${year}-${String((quarter - 1) * 3 + 1).padStart(2, '0')}-01`;
      const to = `${year}-${String(quarter * 3).padStart(2, '0')}-31`;
      const listings = (data.listings ?? []).some((l) => within(l.listingDate, from, to));
      return listings ? { article: buildQuarterlyReview(year, quarter, data) } : { id: `quarterly-${year}-Q${quarter}`, reason: `no listings in ${year} Q${quarter}` };
    }
    default:
      return assertNever(request);
  }
}

/**
 * Appends `article.published` for each article that has something to say. Publication is an event,
 * so a rebuild keeps it. Publishing an id again with the same content adds nothing; with changed
 * content (newer data) it is kept as published unless `republish`.
 */
export function appendPublications(log: EventLog, requests: readonly PublishRequest[], data: ArticleData, options: { republish: boolean; observedAt: string }): PublishOutcome[] {
  const published = new Map<string, string>();
  for (const e of log.ofType('article.published')) published.set(e.subject, JSON.stringify(e.payload));
  const outcomes: PublishOutcome[] = [];
  for (const request of requests) {
    const built = buildArticle(request, data);
    if (!('article' in built)) {
      outcomes.push({ id: built.id, result: 'empty', reason: built.reason });
      continue;
    }
    const payload: ArticlePublishedPayload = { ...built.article };
    const before = published.get(payload.id);
    if (before === JSON.stringify(payload)) {
      outcomes.push({ id: payload.id, result: 'unchanged' });
      continue;
    }
    if (before !== undefined && !options.republish) {
      outcomes.push({ id: payload.id, result: 'kept' });
      continue;
    }
    log.append({ type: 'article.published', source: PUBLISHER_SOURCE, subject: payload.id, observedAt: options.observedAt, payload });
    published.set(payload.id, JSON.stringify(payload));
    outcomes.push({ id: payload.id, result: before === undefined ? 'published' : 'replaced' });
  }
  return outcomes;
}

/** Builds the articles from the live read.db and appends their publications; projecting them is the caller's. */
export function publishFromReadModel(dataDir: string, log: EventLog, requests: readonly PublishRequest[], options: { republish: boolean; observedAt: string }): PublishOutcome[] {
  const readDb = liveReadDbPath(dataDir);
  if (!readDb) throw new UsageError('no read.db yet: run `ipo project` first');
  return appendPublications(log, requests, articleDataFromRows(readModelRows(readDb)), options);
}

/** An outcome that appended an event, which a projection must bring into the feed. */
export const isNewPublication = (o: PublishOutcome) => o.result === 'published' || o.result === 'replaced';

/** One line per outcome, for logs. */
export function describeOutcome(o: PublishOutcome): string {
  return `${o.id}: ${o.result}${o.result === 'empty' ? ` (${o.reason})` : ''}`;
}

/**
 * `ipo publish` and the demo: builds from the live read.db, appends the publications, and projects
 * them when any is new (or, while `ipo projector` runs, waits for it to).
 */
export async function publishArticles(config: Config, requests: readonly PublishRequest[], err: NodeJS.WritableStream, options: { republish?: boolean; now?: Date } = {}) {
  const events = await openEventLogDb(config.dataDir);
  let outcomes: PublishOutcome[];
  try {
    outcomes = publishFromReadModel(config.dataDir, events.log, requests, { republish: Boolean(options.republish), observedAt: (options.now ?? new Date()).toISOString() });
  } finally {
    await events.close();
  }
  if (outcomes.some(isNewPublication)) await catchUpHere(config, err);
  return outcomes;
}

const QUARTER = /^(\d{4})Q([1-4])$/;

/** Today in US/Eastern, where the market's day is. */
export function easternToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function quarterOf(date: string): { year: number; quarter: 1 | 2 | 3 | 4 } {
  return { year: Number(date.slice(0, 4)), quarter: (Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1) as 1 | 2 | 3 | 4 };
}

/** `2012Q1..2017Q4` → every quarter in between, inclusive. */
export function quarterRange(spec: string): Array<{ year: number; quarter: 1 | 2 | 3 | 4 }> {
  const [a, b] = spec.split('..');
  const m1 = QUARTER.exec(a ?? '');
  const m2 = QUARTER.exec(b ?? '');
  if (!m1 || !m2) throw invalid('--all-quarters', 'a range of quarters like 2012Q1..2017Q4', spec);
  const start = Number(m1[1]) * 4 + Number(m1[2]) - 1;
  const end = Number(m2[1]) * 4 + Number(m2[2]) - 1;
  if (end < start) throw invalid('--all-quarters', 'a range that ends after it starts', spec);
  if (end - start > 200) throw invalid('--all-quarters', 'at most 200 quarters at once', spec);
  const out: Array<{ year: number; quarter: 1 | 2 | 3 | 4 }> = [];
  for (let i = start; i <= end; i++) out.push({ year: Math.floor(i / 4), quarter: ((i % 4) + 1) as 1 | 2 | 3 | 4 });
  return out;
}

function requestsFrom(given: string, values: Record<string, unknown>, now: Date): PublishRequest[] {
  if (!(PUBLICATION_KINDS as readonly string[]).includes(given)) throw invalid('the article kind', `one of ${PUBLICATION_KINDS.join(', ')}`, given);
  const kind = given as PublicationKind;
  const date = calendarDate(values, 'date');
  if (values['all-quarters'] !== undefined && kind !== 'quarterly') throw new ArgumentError(`--all-quarters goes with quarterly, not ${kind}`);
  const today = easternToday(now);
  switch (kind) {
    case 'daily':
    case 'weekly':
      return [{ kind, date: date ?? today }];
    case 'quarterly': {
      if (values['all-quarters'] !== undefined) return quarterRange(String(values['all-quarters'])).map((q) => ({ kind, ...q }));
      if (date) return [{ kind, ...quarterOf(date) }];
      // By default the quarter that just ended: the review is published on the next quarter's first day.
      const { year, quarter } = quarterOf(today);
      return [{ kind, ...(quarter === 1 ? { year: year - 1, quarter: 4 as const } : { year, quarter: (quarter - 1) as 1 | 2 | 3 }) }];
    }
    default:
      return assertNever(kind);
  }
}

export const publishCommand: Command = {
  name: 'publish',
  summary: 'Publish a daily spotlight, weekly review or quarterly review built from the current read model.',
  args: ['daily|weekly|quarterly'],
  details: `Builds the article from read.db (every served offering that began trading, the outcomes of
those with price bars, filings, companies), records it as an article.published event (so a rebuild
keeps it) and projects it into the public feed. --date picks the day, the week
holding it, or the quarter holding it; the defaults are today (US/Eastern) and, for quarterly, the
quarter that just ended. A period with nothing to report publishes nothing and says so. Publishing
an id again changes nothing unless --republish.
Examples: ipo publish daily --date 2017-03-02; ipo publish quarterly --all-quarters 2012Q1..2017Q4`,
  options: {
    date: { type: 'string', description: 'YYYY-MM-DD (day, week or quarter it falls in).' },
    'all-quarters': { type: 'string', description: 'Quarterly backfill over a range, e.g. 2012Q1..2017Q4.' },
    republish: { type: 'boolean', description: 'Replace an already published article whose content changed.' },
  },
  async run({ values, positionals }, io) {
    const requests = requestsFrom(positionals[0], values, new Date());
    const config = loadConfig(io.env);
    const outcomes = await publishArticles(config, requests, io.err, { republish: Boolean(values.republish) });
    const count = (r: PublishOutcome['result']) => outcomes.filter((o) => o.result === r).length;
    for (const o of outcomes) {
      if (o.result === 'empty') io.err.write(`publish: nothing to publish for ${o.id}: ${o.reason}\n`);
      else if (o.result === 'kept') io.err.write(`publish: ${o.id} is already published with other content; --republish replaces it\n`);
      else io.out.write(`${o.result} ${o.id}\n`);
    }
    io.out.write(`${count('published')} published, ${count('replaced')} replaced, ${count('unchanged')} unchanged, ${count('kept')} kept, ${count('empty')} with nothing to publish\n`);
    return 0;
  },
};
