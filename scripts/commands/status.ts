import { existsSync } from 'node:fs';
import { QUEUE_NAMES, queueCounts } from '../../ingest/index.ts';
import { loadConfig } from '../../schema/config.ts';
import { eventsDbPath, openEventLogDb } from '../../schema/databases.ts';
import type { JobFailedPayload } from '../../schema/events/event-types.ts';
import type { Command } from '../command.ts';
import { projectorCheckpoint } from '../catch-up.ts';

/** Latest failures shown. */
const LATEST_FAILURES = 5;

async function readEventLog(dataDir: string): Promise<{ lines: string[]; lastSeq: number }> {
  // A status check does not create an empty event log where there is none.
  if (!existsSync(eventsDbPath(dataDir))) return { lines: ['events: none (no events.db in DATA_DIR yet)'], lastSeq: 0 };
  const events = await openEventLogDb(dataDir);
  try {
    const log = events.log;
    const counts = log.countsByType();
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const last = log.last();
    const lines = [`events: ${total}${last ? ` (last seq ${last.seq}, last observed ${last.observedAt})` : ''}`];
    const width = Math.max(0, ...Object.keys(counts).map((t) => t.length)) + 2;
    for (const [type, n] of Object.entries(counts)) lines.push(`  ${type.padEnd(width)}${n}`);
    const failed = counts['ingest.job_failed'] ?? 0;
    lines.push(`failed jobs (ingest.job_failed): ${failed}`);
    for (const event of log.latestOfType('ingest.job_failed', LATEST_FAILURES)) {
      const p = event.payload as JobFailedPayload;
      const status = p.error.status !== null ? ` ${p.error.status}` : '';
      lines.push(`  ${event.observedAt}  ${p.job} ${JSON.stringify(p.data)}  ${p.error.class}${status}: ${p.error.message} (${p.reason}, ${p.attempts} attempt${p.attempts === 1 ? '' : 's'})`);
    }
    return { lines, lastSeq: log.lastSeq() };
  } finally {
    await events.close();
  }
}

async function queueLine(redisUrl: string | null): Promise<string[]> {
  if (!redisUrl) return ['queues: not configured (REDIS_URL is not set)'];
  try {
    const counts = await queueCounts({ redisUrl }, Object.values(QUEUE_NAMES));
    return ['queues:', ...Object.entries(counts).map(([name, c]) => `  ${name}: ${Object.entries(c).map(([state, n]) => `${state} ${n}`).join(', ')}`)];
  } catch (error) {
    return [`queues: Redis unreachable (${(error as Error).message})`];
  }
}

const lagText = (n: number) => `${n} event${n === 1 ? '' : 's'}`;

export const statusCommand: Command = {
  name: 'status',
  summary: 'Show the state of the pipeline: events by type, failed jobs, projector lag, queue counts.',
  details: `Reads DATA_DIR/events.db and the live read.db (read-only), and the BullMQ queues when REDIS_URL
is set and answers; an unset or unreachable Redis is reported in one line, not an error. Prints:
events by type with the last event's seq and time; the number of ingest jobs given up on
(\`ingest.job_failed\`: 404s, malformed data, retries used up) and the latest ${LATEST_FAILURES}; the
projector checkpoint against the last event seq (the lag, in events); job counts per queue.
Always exits 0.`,
  async run(_input, io) {
    const config = loadConfig(io.env);
    const { lines, lastSeq } = await readEventLog(config.dataDir);
    const checkpoint = projectorCheckpoint(config.dataDir);
    lines.push(
      checkpoint === null
        ? 'projector: no read.db yet (run `ipo project`)'
        : `projector: checkpoint seq ${checkpoint}, last event seq ${lastSeq}, lag ${lagText(Math.max(0, lastSeq - checkpoint))}`,
    );
    lines.push(...(await queueLine(config.redisUrl)));
    io.out.write(`${lines.join('\n')}\n`);
    return 0;
  },
};
