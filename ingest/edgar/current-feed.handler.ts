import { unpadCik } from '../../schema/cik.ts';
import { parseCurrentFeed, type CurrentFeedEntry, type CurrentFeedFiling } from '../../schema/edgar/current-feed.parse.ts';
import type { NewEvent } from '../../schema/events/event-log.ts';
import type { IndexEntryPayload } from '../../schema/events/event-types.ts';
import { isoAt } from '../clock.ts';
import type { Handler, HandlerContext } from '../jobs/handler-context.ts';
import { job } from '../jobs/job-types.ts';
import { discoveryFollowUps } from './discovery.ts';
import { EDGAR_SOURCE, edgarOf } from './edgar-event.ts';
import { eventLogLedger } from './filing-ledger.ts';
import { OFFERING_FORMS } from './offering-forms.ts';

export const FEED_PAGE_SIZE = 100;
/**
 * How far back one poll may page: the feed holds about a business day and a half (a recorded page
 * at 4,300 entries reached back 38 hours). Anything older is the daily index's.
 */
export const FEED_MAX_DEPTH = 5000;

/** The feed, all forms, insiders included: the parameters (and their order) of the recorded pages. */
export function currentFeedPath(start: number, count: number): string {
  return `/cgi-bin/browse-edgar?action=getcurrent&count=${count}&start=${start}&type=&owner=include&output=atom`;
}

/**
 * The index rows a feed filing stands for, one per party, as the day's index will list them: the
 * archive file of an accession is `edgar/data/<unpadded CIK>/<accession>.txt` for every party.
 */
export function indexEntriesOf(filing: CurrentFeedFiling): IndexEntryPayload[] {
  return filing.parties.map((p) => ({
    cik: p.cik,
    companyName: p.companyName,
    formType: filing.formType,
    dateFiled: filing.filedOn,
    accessionNumber: filing.accessionNumber,
    fileName: `edgar/data/${unpadCik(p.cik)}/${filing.accessionNumber}.txt`,
  }));
}

/**
 * How long after its acceptance time a filing may still turn up on the feed (EDGAR disseminates a
 * large filing some seconds after accepting it, and the feed is in acceptance order): an entry
 * accepted this long before a poll read the feed was on the feed for that poll to see.
 */
export const DISSEMINATION_MARGIN_MS = 60_000;

/**
 * How far back a poll pages: to `since`, or only to a margin before the latest successful poll when
 * that is later, because entries older than that were on the pages that poll read (a poll that
 * found the feed unchanged counts too). Without `since` a poll reads one page.
 */
export function pagingBound(since: string | undefined, lastPollAt: string | null): string | undefined {
  if (since === undefined || lastPollAt === null) return since;
  const seenUntil = Date.parse(lastPollAt) - DISSEMINATION_MARGIN_MS;
  return seenUntil > Date.parse(since) ? new Date(seenUntil).toISOString() : since;
}

/**
 * A poll reads the next page only while this one holds something new: it is full, and even its
 * oldest entry is not older than the bound (see `pagingBound`). A page that reaches back past the
 * bound holds what an earlier poll read, and so does every page after it.
 */
export function readsOn(bound: string | undefined, entries: CurrentFeedEntry[], start: number, count: number): boolean {
  if (!bound || entries.length < count || start + count >= FEED_MAX_DEPTH) return false;
  const oldest = entries.at(-1)?.updated;
  return oldest != null && Date.parse(oldest) >= Date.parse(bound);
}

/** When the latest feed job succeeded, from the ingest bookkeeping beside the log. */
function lastPollAt(ctx: HandlerContext): string | null {
  return ctx.log.polls().find((p) => p.job === 'edgar.current_feed')?.lastSuccessAt ?? null;
}

/**
 * One page of the latest-filings feed. Entries of the followed forms become `edgar.index_entry`
 * events (so the projector knows the filing before the day's index is out), and their new
 * filings are followed by the same rule as the daily index's (discovery.ts). The first page is
 * asked for conditionally: unchanged, nothing is new on any page. Deeper pages carry the bound
 * the first page set, so the latest poll's time is read once per poll.
 */
export const currentFeedHandler: Handler<'edgar.current_feed'> = async (data, ctx) => {
  const start = data.start ?? 0;
  const count = data.count ?? FEED_PAGE_SIZE;
  const client = edgarOf(ctx);
  const path = currentFeedPath(start, count);
  const response = start === 0 ? await client.getIfChanged('www', path, { kind: 'poll' }) : await client.get('www', path, { kind: 'poll' });
  if (!response.found) return { appended: 0, followUps: [], notFound: true };
  if ('unchanged' in response) return { appended: 0, followUps: [] };
  const bound = start === 0 ? pagingBound(data.since, lastPollAt(ctx)) : data.since;
  const feed = parseCurrentFeed(response.body);
  if (feed.malformed.length > 0) {
    ctx.logger.warn('feed entries not readable, skipped', { url: response.url, count: feed.malformed.length, first: feed.malformed[0] });
  }
  const forms = new Set(data.followForms ?? OFFERING_FORMS);
  const kept = feed.filings.filter((f) => forms.has(f.formType));
  const observedAt = isoAt(ctx.clock);
  const events: NewEvent[] = kept.flatMap((filing) =>
    indexEntriesOf(filing).map((entry, i) => ({
      type: 'edgar.index_entry' as const,
      source: EDGAR_SOURCE,
      subject: filing.accessionNumber,
      observedAt,
      payload: entry,
      meta: { url: response.url, index: 'current', ...(filing.parties[i].role ? { role: filing.parties[i].role } : {}), ...(filing.updated ? { updated: filing.updated } : {}) },
    })),
  );
  const appended = ctx.log.appendMany(events).filter((r) => r.inserted).length;
  const followUps = discoveryFollowUps(kept, forms, eventLogLedger(ctx.log));
  if (readsOn(bound, feed.entries, start, count)) followUps.push(job('edgar.current_feed', { ...data, ...(bound ? { since: bound } : {}), start: start + count }));
  return { appended, followUps };
};
