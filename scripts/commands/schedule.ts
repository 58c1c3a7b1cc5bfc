import cron from 'node-cron';
import { companyNewsQuery, job, type Job } from '../../ingest/index.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { liveReadDbPath } from '../../schema/read/location.ts';
import { openSqlite } from '../../schema/sqlite.ts';
import type { Command, Io } from '../command.ts';
import { onShutdown } from '../runtime.ts';
import { dispatch } from './ingest.ts';
import { project } from './project.ts';
import { publishArticles, quarterOf, type PublishRequest } from './publish.ts';

/** At most this many news searches per poll: NewsAPI's developer quota is 100 requests a day. */
const NEWS_QUERIES_PER_POLL = 10;

/**
 * Tickers whose bars still matter: outcomes not complete yet, and priced or listed companies that
 * have no outcome row yet. Read from the live read model, read-only.
 */
export function refreshTickers(readDbPath: string): string[] {
  const db = openSqlite(readDbPath, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT ticker FROM outcomes WHERE status = 'partial'
         UNION SELECT ticker FROM companies WHERE ticker IS NOT NULL AND offering_status IN ('priced', 'listed')
           AND cik NOT IN (SELECT cik FROM outcomes)
         ORDER BY 1`,
      )
      .all() as Array<{ ticker: string }>;
    return rows.map((r) => r.ticker);
  } finally {
    db.close();
  }
}

/** News searches for the IPO-family deals still in motion, most recently active first. */
export function newsQueries(readDbPath: string, limit = NEWS_QUERIES_PER_POLL): string[] {
  const db = openSqlite(readDbPath, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT name FROM companies WHERE is_ipo = 1 AND offering_status IN ('filed', 'amended', 'launched', 'effective', 'priced', 'listed')
         ORDER BY sort_date DESC, cik LIMIT ?`,
      )
      .all(limit) as Array<{ name: string }>;
    return rows.map((r) => companyNewsQuery(r.name));
  } finally {
    db.close();
  }
}

/** Day-of-month 1..3 on a weekday that has no earlier weekday in its month: the quarter's first weekday. */
export function isFirstWeekdayOfQuarter(date: string): boolean {
  const d = new Date(`${date}T12:00:00Z`);
  const day = d.getUTCDate();
  const dow = d.getUTCDay();
  if (![0, 3, 6, 9].includes(d.getUTCMonth()) || dow === 0 || dow === 6) return false;
  return day === 1 || (dow === 1 && day <= 3);
}

/** Which article a publication slot publishes, from the Eastern date it runs on. */
export function scheduledRequest(kind: PublishRequest['kind'], easternDay: string): PublishRequest {
  if (kind !== 'quarterly') return { kind, date: easternDay };
  const { year, quarter } = quarterOf(easternDay);
  return quarter === 1 ? { kind, year: year - 1, quarter: 4 } : { kind, year, quarter: (quarter - 1) as 1 | 2 | 3 };
}

async function refreshMarket(io: Io, queue: boolean, config: Config) {
  const readDb = liveReadDbPath(config.dataDir);
  if (!readDb) return;
  const jobs: Job[] = refreshTickers(readDb).map((ticker) => job('prices.daily_bars', { ticker }));
  io.err.write(`schedule: price refresh for ${jobs.length} tickers\n`);
  if (jobs.length > 0) await dispatch(jobs, queue, io, { concurrency: 4 });
}

async function pollNews(io: Io, queue: boolean, config: Config) {
  const readDb = liveReadDbPath(config.dataDir);
  const jobs: Job[] = config.news.rssUrls.map((url) => job('news.feed', { url }));
  if (readDb && config.news.apiKey) for (const query of newsQueries(readDb)) jobs.push(job('news.everything', { query }));
  if (jobs.length === 0) return;
  io.err.write(`schedule: news poll, ${jobs.length} jobs\n`);
  await dispatch(jobs, queue, io);
}

async function publishNow(io: Io, kind: PublishRequest['kind'], config: Config) {
  const day = easternDate(new Date());
  if (kind === 'quarterly' && !isFirstWeekdayOfQuarter(day)) return;
  // Publish from an up-to-date read model: whatever the workers recorded since the last projection.
  await project(config.dataDir, false, io.err);
  const [outcome] = await publishArticles(config, [scheduledRequest(kind, day)], io.err);
  io.err.write(`schedule: ${kind} ${outcome.id}: ${outcome.result}${outcome.result === 'empty' ? ` (${outcome.reason})` : ''}\n`);
}

/** The registration forms whose filers are followed to their submissions and documents. */
export const FOLLOW_FORMS = ['S-1', 'S-1/A', 'F-1', 'F-1/A', 'S-11', 'S-11/A', 'EFFECT', 'RW', 'RW WD', '424B1', '424B4', 'DRS', 'DRS/A', '1-A', 'QUALIF'];

/** EDGAR dates are US/Eastern; the daily index of a day is complete after the 22:00 ET dissemination cut-off. */
export function easternDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function dailyDiscoveryJobs(date: string): Job[] {
  return [job('edgar.daily_index', { date, kind: 'form', followForms: FOLLOW_FORMS }), job('edgar.company_tickers', {})];
}

async function discoverAndProject(io: Io, queue: boolean) {
  const config = loadConfig(io.env);
  const date = easternDate(new Date());
  io.err.write(`schedule: daily discovery for ${date}\n`);
  // A weekend or holiday index answers 404: recorded as not found, nothing to retry.
  await dispatch(dailyDiscoveryJobs(date), queue, io);
  if (!queue) {
    const result = await project(config.dataDir, false, io.err);
    io.err.write(`schedule: projected ${result.events} events\n`);
  }
}

export const scheduleCommand: Command = {
  name: 'schedule',
  summary: 'Long-running scheduler (node-cron): EDGAR discovery, price refresh, news polling, article publication.',
  details: `Weekdays at 22:30 US/Eastern it fetches that day's EDGAR form index, follows the filers of
registration forms to their submissions, refreshes company_tickers.json and projects the new events.
Weekdays at 17:30 ET it refreshes daily bars of priced and listed tickers whose outcome is not
complete; every 2 hours it polls NEWS_RSS_URLS and, with NEWS_API_KEY, searches news for up to 10
active IPO-family deals. It publishes the daily spotlight weekdays at 18:00 ET, the weekly review
Saturdays at 09:00 ET and the quarterly review at 09:00 ET on the first weekday of a quarter.
With --queue the jobs go to BullMQ (REDIS_URL) for \`ipo worker\` processes, and projection runs every
15 minutes instead. Needs EDGAR_USER_AGENT.`,
  options: {
    queue: { type: 'boolean', description: 'Enqueue jobs on BullMQ instead of running them in this process.' },
    'run-now': { type: 'boolean', description: 'Run the discovery once immediately, then keep the schedule.' },
  },
  async run({ values }, io) {
    const queue = Boolean(values.queue);
    const config = loadConfig(io.env);
    const et = { timezone: 'America/New_York', noOverlap: true };
    // A failed run is reported and the next slot runs again; it must not stop the scheduler.
    const guarded = (name: string, run: () => Promise<void>) => () =>
      run().catch((error: unknown) => {
        io.err.write(`schedule: ${name} failed: ${(error as Error).message}\n`);
      });
    const tasks = [
      cron.schedule('30 22 * * 1-5', () => discoverAndProject(io, queue), { ...et, name: 'edgar-discovery' }),
      cron.schedule('30 17 * * 1-5', guarded('price refresh', () => refreshMarket(io, queue, config)), { ...et, name: 'price-refresh' }),
      cron.schedule('15 */2 * * *', guarded('news poll', () => pollNews(io, queue, config)), { ...et, name: 'news-poll' }),
      cron.schedule('0 18 * * 1-5', guarded('daily spotlight', () => publishNow(io, 'daily', config)), { ...et, name: 'daily-spotlight' }),
      cron.schedule('0 9 * * 6', guarded('weekly review', () => publishNow(io, 'weekly', config)), { ...et, name: 'weekly-review' }),
      cron.schedule('0 9 1-3 1,4,7,10 1-5', guarded('quarterly review', () => publishNow(io, 'quarterly', config)), { ...et, name: 'quarterly-review' }),
    ];
    if (queue) {
      tasks.push(
        cron.schedule('*/15 * * * *', async () => {
          const result = await project(config.dataDir, false, io.err);
          if (result.events > 0) io.err.write(`schedule: projected ${result.events} events\n`);
        }, { noOverlap: true, name: 'project' }),
      );
    }
    if (values['run-now']) await discoverAndProject(io, queue);
    io.err.write(`schedule: running (${tasks.length} tasks); Ctrl-C to stop\n`);
    onShutdown(async () => {
      for (const task of tasks) await task.stop();
    });
    return new Promise<number>(() => {});
  },
};
