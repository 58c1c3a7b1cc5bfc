import cron from 'node-cron';
import { job, type Job } from '../../ingest/index.ts';
import { loadConfig } from '../../schema/config.ts';
import type { Command, Io } from '../command.ts';
import { onShutdown } from '../runtime.ts';
import { dispatch } from './ingest.ts';
import { project } from './project.ts';

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
  summary: 'Long-running scheduler (node-cron): nightly EDGAR discovery, then projection.',
  details: `Weekdays at 22:30 US/Eastern it fetches that day's EDGAR form index, follows the filers of
registration forms to their submissions, refreshes company_tickers.json and projects the new events.
With --queue the jobs go to BullMQ (REDIS_URL) for \`ipo worker\` processes, and projection runs every
15 minutes instead. Needs EDGAR_USER_AGENT.`,
  options: {
    queue: { type: 'boolean', description: 'Enqueue jobs on BullMQ instead of running them in this process.' },
    'run-now': { type: 'boolean', description: 'Run the discovery once immediately, then keep the schedule.' },
  },
  async run({ values }, io) {
    const queue = Boolean(values.queue);
    const config = loadConfig(io.env);
    const tasks = [
      cron.schedule('30 22 * * 1-5', () => discoverAndProject(io, queue), { timezone: 'America/New_York', noOverlap: true, name: 'edgar-discovery' }),
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
