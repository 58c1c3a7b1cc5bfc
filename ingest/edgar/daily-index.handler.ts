import type { NewEvent } from '../../schema/events/event-log.ts';
import { parseEdgarIndex, type IndexKind } from '../../schema/edgar/index.parse.ts';
import { isoAt } from '../clock.ts';
import type { Handler } from '../jobs/handler-context.ts';
import { discoveryFollowUps, sightingsFromIndex } from './discovery.ts';
import { EDGAR_SOURCE, edgarOf } from './edgar-event.ts';
import { eventLogLedger } from './filing-ledger.ts';

/** `2020-03-18`, `form` → `/Archives/edgar/daily-index/2020/QTR1/form.20200318.idx`. */
export function dailyIndexPath(date: string, kind: IndexKind): string {
  const [year, month] = date.split('-');
  const quarter = Math.ceil(Number(month) / 3);
  return `/Archives/edgar/daily-index/${year}/QTR${quarter}/${kind}.${date.replace(/-/g, '')}.idx`;
}

/**
 * A day's index: one `edgar.index_entry` event per (accession, cik) row. With `followForms`, the
 * companies of new filings of those forms are followed (discovery.ts). Weekends, federal holidays
 * and closures 404, as does a day whose index is not published yet.
 */
export const dailyIndexHandler: Handler<'edgar.daily_index'> = async (data, ctx) => {
  const response = await edgarOf(ctx).get('www', dailyIndexPath(data.date, data.kind));
  if (!response.found) return { appended: 0, followUps: [], notFound: true };
  const parsed = parseEdgarIndex(response.body, data.kind);
  if (parsed.malformed.length > 0) {
    ctx.logger.warn('index rows not readable, skipped', { url: response.url, count: parsed.malformed.length, first: parsed.malformed[0] });
  }
  const observedAt = isoAt(ctx.clock);
  const events: NewEvent[] = parsed.entries.map((entry) => ({
    type: 'edgar.index_entry',
    source: EDGAR_SOURCE,
    subject: entry.accessionNumber,
    observedAt,
    payload: entry,
    meta: { url: response.url, index: data.kind },
  }));
  const appended = ctx.log.appendMany(events).filter((r) => r.inserted).length;
  const followUps = data.followForms ? discoveryFollowUps(sightingsFromIndex(parsed.entries), data.followForms, eventLogLedger(ctx.log)) : [];
  return { appended, followUps };
};
