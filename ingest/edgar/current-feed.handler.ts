import { unpadCik } from '../../schema/cik.ts';
import { parseCurrentFeed, type CurrentFeedEntry, type CurrentFeedFiling } from '../../schema/edgar/current-feed.parse.ts';
import type { NewEvent } from '../../schema/events/event-log.ts';
import type { IndexEntryPayload } from '../../schema/events/event-types.ts';
import { isoAt } from '../clock.ts';
import type { Handler } from '../jobs/handler-context.ts';
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

/** A poll reads the next page while this one is full and reaches back no further than `since`. */
export function readsOn(since: string | undefined, entries: CurrentFeedEntry[], start: number, count: number): boolean {
  if (!since || entries.length < count || start + count >= FEED_MAX_DEPTH) return false;
  const oldest = entries.at(-1)?.updated;
  return oldest != null && Date.parse(oldest) >= Date.parse(since);
}

/**
 * One page of the latest-filings feed. Entries of the followed forms become `edgar.index_entry`
 * events (so the projector knows the filing before the day's index is out), and their new
 * filings are followed by the same rule as the daily index's (discovery.ts).
 */
export const currentFeedHandler: Handler<'edgar.current_feed'> = async (data, ctx) => {
  const start = data.start ?? 0;
  const count = data.count ?? FEED_PAGE_SIZE;
  const response = await edgarOf(ctx).get('www', currentFeedPath(start, count));
  if (!response.found) return { appended: 0, followUps: [], notFound: true };
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
  if (readsOn(data.since, feed.entries, start, count)) followUps.push(job('edgar.current_feed', { ...data, start: start + count }));
  return { appended, followUps };
};
