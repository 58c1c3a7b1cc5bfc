import { enqueueByKind, isDayDone, isDeclaredUserAgent, job, jobHandlers, OFFERING_FORMS, readIndexDayEvidence, runInline, type Job, type JobFailure, type RunProgress } from '../../ingest/index.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { openEventLogDb } from '../../schema/databases.ts';
import { easternDate, isCalendarDate, weekdaysBetween } from '../../schema/edgar/edgar-day.ts';
import { federalHolidayOn } from '../../schema/edgar/federal-holidays.ts';
import type { IndexKind } from '../../schema/edgar/index.parse.ts';
import { assertNever } from '../../schema/exhaustive.ts';
import type { Command, Io } from '../command.ts';
import { createLogger } from '../log.ts';
import { linesAbove, startProgress } from '../progress.ts';
import { fleetEdgarGate, handlerContext } from './ingest.ts';

/** Bad input, said in one line. */
class BackfillInputError extends Error {}

export interface BackfillRequest {
  from: string;
  to: string;
  kind: IndexKind;
  queue: boolean;
  recheck: boolean;
  concurrency: number;
}

/** Reads and checks the options; `today` is the EDGAR (Eastern) date now. */
export function backfillRequest(values: Record<string, unknown>, today: string): BackfillRequest {
  const date = (name: 'from' | 'to') => {
    const value = values[name];
    if (typeof value !== 'string') throw new BackfillInputError(`--${name} YYYY-MM-DD is required`);
    if (!isCalendarDate(value)) throw new BackfillInputError(`--${name} must be a date YYYY-MM-DD, got "${value}"`);
    return value;
  };
  const from = date('from');
  const to = date('to');
  if (from > to) throw new BackfillInputError(`--from ${from} is after --to ${to}`);
  if (to >= today) throw new BackfillInputError(`--to ${to} is not over yet: a day's index is complete once the day ends; the latest is ${previousDay(today)} (US/Eastern)`);
  const kind = values.kind ?? 'form';
  if (kind !== 'form' && kind !== 'company' && kind !== 'master') throw new BackfillInputError(`--kind must be form, company or master, got "${String(kind)}"`);
  const concurrency = values.concurrency === undefined ? 4 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new BackfillInputError(`--concurrency must be a positive integer, got "${String(values.concurrency)}"`);
  return { from, to, kind, queue: Boolean(values.queue), recheck: Boolean(values.recheck), concurrency };
}

function previousDay(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
}

/** The job of one day: its index, with the offering forms followed (the scheduler's discovery job for that day). */
export function backfillDayJob(date: string, kind: IndexKind): Job {
  return job('edgar.daily_index', { date, kind, followForms: [...OFFERING_FORMS] });
}

interface DayTally {
  fetched: number;
  /** 404 on a federal holiday: EDGAR was closed. */
  holidays: string[];
  /** 404 on a business day: a closure no rule knows, an index not published, or a replay without its recording. */
  noIndex: string[];
  failedDays: string[];
  followUps: number;
  followUpsNotFound: number;
  appended: number;
  failures: JobFailure[];
}

/** Runs the days one after the other in this process, each with its follow-ups, until done or stopped. */
async function runDays(days: string[], request: BackfillRequest, config: Config, io: Io, signal: AbortSignal): Promise<DayTally & { stoppedAfter: string | null; processed: number }> {
  const events = await openEventLogDb(config.dataDir);
  const logger = createLogger(config.logging, linesAbove(io.err), 'backfill');
  const fleet = config.redisUrl ? fleetEdgarGate(config, config.redisUrl, logger) : null;
  const tally: DayTally = { fetched: 0, holidays: [], noIndex: [], failedDays: [], followUps: 0, followUpsNotFound: 0, appended: 0, failures: [] };
  const progress = startProgress(io.err, { label: 'backfill', unit: 'days', total: days.length, intervalMs: config.progressIntervalMs });
  let processed = 0;
  try {
    const ctx = handlerContext(config, events.log, logger, true, fleet?.gate);
    for (const date of days) {
      if (signal.aborted) break;
      // The day's own index job, told apart from its follow-ups (a 404 of either counts as not found).
      const day: { outcome: 'ok' | 'not_found' | 'failed' } = { outcome: 'failed' };
      const report = await runInline([backfillDayJob(date, request.kind)], {
        handlers: jobHandlers,
        ctx,
        concurrency: request.concurrency,
        onProgress: (p) => {
          if (p.last.name === 'edgar.daily_index') day.outcome = p.last.outcome;
          progress.update(processed, { note: `${date}: ${p.done} jobs done, ${p.pending + p.running} to go` });
        },
      });
      processed++;
      countDay(tally, date, day.outcome);
      tally.followUps += report.jobs - 1;
      tally.followUpsNotFound += report.notFound - (day.outcome === 'not_found' ? 1 : 0);
      tally.appended += report.appended;
      tally.failures.push(...report.failures);
      progress.update(processed, { note: `${date} done, ${tally.appended} new events` });
    }
  } finally {
    progress.stop();
    fleet?.close();
    await events.close();
  }
  const stoppedAfter = processed < days.length ? (days[processed - 1] ?? null) : null;
  return { ...tally, processed, stoppedAfter };
}

function countDay(tally: DayTally, date: string, outcome: RunProgress['last']['outcome']): void {
  switch (outcome) {
    case 'ok':
      tally.fetched++;
      return;
    case 'not_found':
      // Weekends are never asked; a weekday without an index is a holiday only when the law says so.
      (federalHolidayOn(date) !== null ? tally.holidays : tally.noIndex).push(date);
      return;
    case 'failed':
      tally.failedDays.push(date);
      return;
    default:
      assertNever(outcome);
  }
}

/** Up to five days, then how many more. */
function someDays(days: string[]): string {
  return days.length <= 5 ? days.join(', ') : `${days.slice(0, 5).join(', ')} and ${days.length - 5} more`;
}

/** The summary of the days run: with an index, closed for a holiday, without an index on a business day, failed. */
function daysLine(t: DayTally): string {
  const holidays = `${t.holidays.length} on federal holidays (404, EDGAR closed)`;
  const noIndex = `${t.noIndex.length} with no index (404${t.noIndex.length > 0 ? ` on a business day: ${someDays(t.noIndex)}` : ''})`;
  return `${t.fetched} with an index, ${holidays}, ${noIndex}, ${t.failedDays.length} failed`;
}

/**
 * `ipo backfill`: the daily indexes of every weekday in a range, their offering filings followed.
 * Resumes from the event log: a day whose index rows are there, or whose 404 was recorded once the
 * day was over, is skipped. `signal` stops it between two days.
 */
export async function runBackfill(values: Record<string, unknown>, io: Io, signal: AbortSignal): Promise<number> {
  let request: BackfillRequest;
  let config: Readonly<Config>;
  try {
    config = loadConfig(io.env);
    request = backfillRequest(values, easternDate(new Date()));
    if (request.queue && !config.redisUrl) throw new BackfillInputError('--queue needs REDIS_URL');
    if (!request.queue && !isDeclaredUserAgent(config.edgar.userAgent)) {
      throw new BackfillInputError('set EDGAR_USER_AGENT="Your Name you@example.com" (the SEC requires a declared User-Agent with an e-mail)');
    }
  } catch (error) {
    if (!(error instanceof BackfillInputError)) throw error;
    io.err.write(`ipo backfill: ${error.message}\n`);
    return 2;
  }
  const weekdays = weekdaysBetween(request.from, request.to);
  const evidence = await withEventLog(config, (db) => readIndexDayEvidence(db));
  const todo = request.recheck ? weekdays : weekdays.filter((d) => !isDayDone(d, evidence));
  const skipped = weekdays.length - todo.length;
  const range = `${request.from}..${request.to}`;
  io.err.write(`backfill: ${weekdays.length} weekdays ${range} (${request.kind} index), ${skipped} already done, ${todo.length} to fetch\n`);
  if (request.queue) {
    const added = await enqueueByKind({ redisUrl: config.redisUrl!, prefix: config.redisKeys.queues }, todo.map((d) => backfillDayJob(d, request.kind)));
    io.out.write(`backfill ${range}: ${weekdays.length} weekdays, ${skipped} already done (skipped), ${added.edgar} enqueued for \`ipo worker\`; run again to see what is left\n`);
    return 0;
  }
  const t = await runDays(todo, request, config, io, signal);
  io.out.write(
    `backfill ${range}: ${weekdays.length} weekdays, ${skipped} already done (skipped), ${t.processed} run: ${daysLine(t)}; ` +
      `${t.followUps} follow-up jobs (${t.followUpsNotFound} not found, ${t.failures.length - t.failedDays.length} failed), ${t.appended} new events\n`,
  );
  for (const failure of t.failures) io.err.write(`failed ${failure.job.name} ${JSON.stringify(failure.job.data)}: ${failure.error.message}\n`);
  if (t.stoppedAfter !== null || (t.processed === 0 && todo.length > 0)) {
    io.err.write(`backfill: stopped${t.stoppedAfter ? ` after ${t.stoppedAfter}` : ''}; run the same command again to go on\n`);
    return 130;
  }
  return t.failures.length > 0 ? 1 : 0;
}

async function withEventLog<T>(config: Config, read: (db: Awaited<ReturnType<typeof openEventLogDb>>['kysely']) => Promise<T>): Promise<T> {
  const events = await openEventLogDb(config.dataDir);
  try {
    return await read(events.kysely);
  } finally {
    await events.close();
  }
}

export const backfillCommand: Command = {
  name: 'backfill',
  summary: 'Fetch the EDGAR daily indexes of every weekday in a range and follow their new offering filings; resumes where it stopped.',
  details: `Walks the weekdays from --from to --to (EDGAR dates, US/Eastern; --to before today) and
fetches each day's index, following the companies of new offering filings (S-1, F-1, DRS, EFFECT,
424B4, RW, 25-NSE…) to their submissions and prospectus documents, as the scheduler's discovery
does. A day is skipped when the event log already holds rows of its index, or a 404 recorded
after the day: so a second run resumes where the first stopped, and a 404 is not asked again.
The summary tells the 404 days apart: a federal holiday (EDGAR closed; weekends are never asked)
or a business day with no index (a closure no rule knows, an index never published, or a replay
without that day's recording), with their dates. Inline it runs the days one after the other, with a
progress line (days done/total, rate, ETA) on stderr; Ctrl-C stops after the current day. With
REDIS_URL its EDGAR requests share the fleet's budget. --queue enqueues the days for
\`ipo worker\` instead. Exit 0 when done, 1 when a job failed, 2 on bad input, 130 when stopped.`,
  options: {
    from: { type: 'string', description: 'First day, YYYY-MM-DD (required).' },
    to: { type: 'string', description: 'Last day, YYYY-MM-DD, before today (required).' },
    kind: { type: 'string', description: 'form (default), company or master index.' },
    concurrency: { type: 'string', description: 'Follow-up jobs in flight (default 4); the EDGAR rate limit still holds.' },
    recheck: { type: 'boolean', description: 'Fetch days already done too (their follow-ups skip what the log knows).' },
    queue: { type: 'boolean', description: 'Enqueue the days on BullMQ (REDIS_URL) for `ipo worker` instead of running them here.' },
  },
  async run({ values }, io) {
    const stop = new AbortController();
    const onSigint = () => {
      io.err.write('\nbackfill: stopping after the current day (Ctrl-C again to stop now)\n');
      stop.abort();
    };
    process.once('SIGINT', onSigint);
    try {
      return await runBackfill(values, io, stop.signal);
    } finally {
      process.off('SIGINT', onSigint);
    }
  },
};
