import { batchPoolSize, createExtractionPool, DOCUMENT_READ_CACHE_FILE, projectLive, ProjectorBusyError, rebuildReadDb, type ProjectProgress } from '../../projector/index.ts';
import type { Command } from '../command.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { openEventLogDb } from '../../schema/databases.ts';
import type { EventLog } from '../../schema/events/event-log.ts';
import { startProgress, type Progress } from '../progress.ts';

/**
 * The progress of a projection in events. Shown from its first batch, when what is left is known
 * exactly (the log's last seq past the batch's); the total grows if events arrive meanwhile.
 */
function projectionProgress(err: NodeJS.WritableStream, config: Pick<Config, 'progressIntervalMs'>, log: EventLog, label: string) {
  let progress: Progress | null = null;
  let note = '';
  const startedAt = Date.now();
  return {
    onProgress(p: ProjectProgress) {
      const total = p.events + Math.max(0, log.lastSeq() - p.lastSeq);
      progress ??= startProgress(err, { label, unit: 'events', total, intervalMs: config.progressIntervalMs, startedAt });
      note = `${p.companiesDerived} companies, seq ${p.lastSeq}`;
      progress.update(p.events, { total, note });
    },
    stop: () => progress?.stop({ note }),
  };
}

/**
 * Projects the event log into read.db: incrementally, or as a fresh generation swapped in
 * atomically. Throws `ProjectorBusyError` while another projector (`ipo projector`) holds the lock.
 */
export async function project(config: Pick<Config, 'dataDir' | 'extraction' | 'progressIntervalMs'>, rebuild: boolean, err: NodeJS.WritableStream) {
  const events = await openEventLogDb(config.dataDir);
  const progress = projectionProgress(err, config, events.log, rebuild ? 'project --rebuild' : 'project');
  // Documents are read in worker threads while this thread writes the batches (one per core: batchPoolSize).
  const pool = createExtractionPool({ timeoutMs: config.extraction.timeoutMs, size: batchPoolSize() });
  try {
    const options = { dataDir: config.dataDir, eventLog: events.log, extraction: { maxBytes: config.extraction.maxBytes }, onProgress: progress.onProgress, pool };
    const started = Date.now();
    const result = rebuild ? { ...(await rebuildReadDb(options)), mode: 'rebuild' as const } : await projectLive(options);
    return { ...result, ms: Date.now() - started };
  } finally {
    progress.stop();
    await pool.close();
    await events.close();
  }
}

export const projectCommand: Command = {
  name: 'project',
  summary: 'Derive the read tables (read.db) from the event log.',
  details: `Without options, projects the events added since the last checkpoint into the live read.db
(rows and checkpoint commit together, batch by batch). With --rebuild, projects the whole log into a
fresh read.db generation beside the live one and swaps it in atomically; a running API follows the
swap without a restart. Documents read before (by any projection in this DATA_DIR, by the same
extractor code) are taken from DATA_DIR/${DOCUMENT_READ_CACHE_FILE} instead of being read again; deleting it
only makes the next run read them all. Either way, read-*.db generations a crashed run left behind (not linked by
read.db) are deleted first. Documents are read in this thread, without a time budget; documents over
EXTRACTION_MAX_BYTES are skipped. While \`ipo projector\` runs it is the only writer: this command
says so and exits 1 (stop the projector to rebuild; it rebuilds by itself after a projector upgrade).`,
  options: { rebuild: { type: 'boolean', description: 'Build a fresh read.db from the whole event log and swap it in.' } },
  async run({ values }, io) {
    const config = loadConfig(io.env);
    let result: Awaited<ReturnType<typeof project>>;
    try {
      result = await project(config, Boolean(values.rebuild), io.err);
    } catch (error) {
      if (!(error instanceof ProjectorBusyError)) throw error;
      io.err.write(`ipo project: ${error.message}; that projector keeps read.db up to date\n`);
      return 1;
    }
    for (const leftover of result.leftovers) io.err.write(`project: removed ${leftover}, left by a run that did not finish\n`);
    io.out.write(
      `${result.mode}: ${result.events} events in ${result.batches} batches, ${result.companiesDerived} companies derived, ` +
        `checkpoint seq ${result.lastSeq}, ${result.ms} ms\nread.db -> ${result.path}\n`,
    );
    const cache = result.readCache;
    if (cache && cache.hits + cache.misses > 0) {
      io.out.write(`document reads: ${cache.hits} from ${DOCUMENT_READ_CACHE_FILE}, ${cache.misses} extracted (${cache.stored} stored)\n`);
    }
    if (cache?.problem) io.err.write(`project: ${DOCUMENT_READ_CACHE_FILE} ${cache.problem}; documents were extracted instead\n`);
    return 0;
  },
};
