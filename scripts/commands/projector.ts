import { Redis } from 'ioredis';
import { startWorkers, systemClock, type JobWorkers } from '../../ingest/index.ts';
import { createExtractionPool, ProjectorBusyError, startLiveProjector, type ExtractionPool, type LiveProjector } from '../../projector/index.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { openEventLogDb } from '../../schema/databases.ts';
import type { Command } from '../command.ts';
import { createLogger, type ServiceLogger } from '../log.ts';
import { recordFeedServed } from '../feed-freshness.ts';
import { pipelineHandlers } from '../pipeline-handlers.ts';
import { onShutdown } from '../runtime.ts';

/** How long a stop waits for the queue's worker to let go (Redis may not answer): the projection is already closed by then. */
const QUEUE_CLOSE_MS = 3_000;

export interface RunningProjector {
  projector: LiveProjector;
  /** Null without REDIS_URL: the projector then only polls. */
  queue: JobWorkers | null;
  /** Finishes the batch in flight, then closes everything; safe while Redis is down. */
  close(): Promise<void>;
}

/**
 * Starts the long-running projector: the live loop with its extraction workers and, with
 * REDIS_URL, a worker on the pipeline queue running the project and publish jobs against it.
 * Throws `ProjectorBusyError` when another projector holds the lock.
 */
export async function startProjector(config: Readonly<Config>, logger: ServiceLogger): Promise<RunningProjector> {
  const events = await openEventLogDb(config.dataDir);
  const served = feedServedRecorder(config, logger);
  let pool: ExtractionPool | null = null;
  let projector: LiveProjector;
  try {
    pool = createExtractionPool({ timeoutMs: config.extraction.timeoutMs });
    projector = startLiveProjector({
      dataDir: config.dataDir,
      eventLog: events.log,
      pool,
      extraction: { maxBytes: config.extraction.maxBytes },
      batchSize: config.projector.batchSize,
      pollMs: config.projector.pollMs,
      onReady: (ready) => {
        for (const leftover of ready.leftovers) logger.info('removed a generation left by a run that did not finish', { path: leftover });
        logger.info('running', { generation: ready.mode === 'rebuild' ? 'new' : 'live', seq: ready.lastSeq });
      },
      // One line per committed batch: its events, the companies re-derived, the checkpoint it reached.
      onBatch: (b) => {
        logger.info('batch projected', { events: b.events, companies: b.companies, seq: b.lastSeq, ms: b.ms, documents: b.documents, ...(b.rebuild ? { rebuild: true } : {}) });
        // A rebuild serves nothing new: its lags would only measure the rebuild.
        if (!b.rebuild) served.record(b.feedFilings);
      },
      onError: (error) => logger.error('projection failed, retrying', { error: error.message, stack: error.stack }),
    });
  } catch (error) {
    await pool?.close();
    await events.close();
    served.close();
    throw error;
  }
  let queue: JobWorkers | null = null;
  if (config.redisUrl) {
    queue = startWorkers({
      redisUrl: config.redisUrl,
      prefix: config.redisKeys.queues,
      kind: 'pipeline',
      handlers: pipelineHandlers({ dataDir: config.dataDir, catchUp: projector.catchUp }),
      ctx: { log: events.log, clock: systemClock(), logger },
      maxRequestsPerSecond: null,
      // One at a time: every pipeline job waits on the same loop anyway.
      concurrency: 1,
      throttleBackoffMs: 0,
    });
  }
  return {
    projector,
    queue,
    async close() {
      // The loop first: it commits the batch in flight and rejects the catch-ups jobs wait on, so
      // the queue worker is not held by them (their jobs are retried, or re-run after a restart).
      await projector.stop();
      if (queue) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([queue.close().catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, QUEUE_CLOSE_MS)))]);
        clearTimeout(timer);
      }
      await pool?.close();
      await events.close();
      served.close();
    },
  };
}

/**
 * Records, with REDIS_URL, when each filing the feed brought was first served (`ipo status` shows
 * the lags). Never in the way of projecting: a Redis that does not answer is said once, and the
 * records it misses are lost.
 */
function feedServedRecorder(config: Readonly<Config>, logger: ServiceLogger) {
  if (!config.redisUrl) return { record() {}, close() {} };
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  let warned = false;
  return {
    record(filings: Parameters<typeof recordFeedServed>[2]) {
      if (filings.length === 0) return;
      recordFeedServed(redis, config.redisKeys.feedServed, filings, new Date()).then(
        () => (warned = false),
        (error: Error) => {
          if (!warned) logger.warn('cannot record feed-to-API lags in Redis', { error: error.message });
          warned = true;
        },
      );
    },
    close: () => redis.disconnect(),
  };
}

export const projectorCommand: Command = {
  name: 'projector',
  summary: 'Long-running projector: the single writer of read.db; projects new events as they arrive and runs the project and publish jobs.',
  details: `Holds the projector lock (DATA_DIR/projector.lock) for its whole life, so it is the only writer of
read.db; a second copy exits 1 with one line naming the holder (the lock of a process that died is
taken over by the next start). At start it deletes generations a crashed rebuild left behind and,
when there is no current generation (first run, or a projector upgrade), builds one.
Wakes every PROJECTOR_POLL_MS (one indexed query on the event log's last seq) and projects new
events in transactions of PROJECTOR_BATCH_SIZE events, logging one line per batch (events,
companies, seq, ms, documents read; LOG_FORMAT, LOG_LEVEL) and one per pipeline job. Documents are read
in worker threads: one over EXTRACTION_MAX_BYTES is skipped unread; one whose read overruns
EXTRACTION_TIMEOUT_MS has its worker terminated and is recorded as a projector.extraction_failed
event, which every later projection (and rebuild) honours by reading that document as unreadable.
With REDIS_URL it also runs the jobs of the pipeline queue: pipeline.project (catch up now) and
pipeline.publish (catch up, publish the article, project it) — what \`ipo scheduler\` enqueues —
and records in Redis, for each filing the latest-filings feed brought, when the batch that serves
it committed (the feed-to-API lag \`ipo status\` shows; the latest 100 kept).
Without Redis it only polls. SIGTERM or SIGINT: finishes the batch in flight, closes, exits 0 (also
while Redis is down).`,
  async run(_input, io) {
    const config = loadConfig(io.env);
    const logger = createLogger(config.logging, io.err, 'projector');
    let running: RunningProjector;
    try {
      running = await startProjector(config, logger);
    } catch (error) {
      if (!(error instanceof ProjectorBusyError)) throw error;
      io.err.write(`ipo projector: ${error.message}; exiting\n`);
      return 1;
    }
    onShutdown(running.close, logger);
    return new Promise<number>(() => {});
  },
};
