import { projectLive, ProjectorBusyError, rebuildReadDb, type ProjectProgress } from '../../projector/index.ts';
import type { Command } from '../command.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { openEventLogDb } from '../../schema/databases.ts';

export function progressPrinter(err: NodeJS.WritableStream, label: string) {
  let last = 0;
  return (p: ProjectProgress) => {
    const now = Date.now();
    if (now - last < 1000) return;
    last = now;
    err.write(`${label}: ${p.events} events, ${p.companiesDerived} companies, seq ${p.lastSeq}\n`);
  };
}

/**
 * Projects the event log into read.db: incrementally, or as a fresh generation swapped in
 * atomically. Throws `ProjectorBusyError` while another projector (`ipo projector`) holds the lock.
 */
export async function project(config: Pick<Config, 'dataDir' | 'extraction'>, rebuild: boolean, err: NodeJS.WritableStream) {
  const events = await openEventLogDb(config.dataDir);
  try {
    const options = { dataDir: config.dataDir, eventLog: events.log, extraction: { maxBytes: config.extraction.maxBytes }, onProgress: progressPrinter(err, 'project') };
    const started = Date.now();
    const result = rebuild ? { ...(await rebuildReadDb(options)), mode: 'rebuild' as const } : await projectLive(options);
    return { ...result, ms: Date.now() - started };
  } finally {
    await events.close();
  }
}

export const projectCommand: Command = {
  name: 'project',
  summary: 'Derive the read tables (read.db) from the event log.',
  details: `Without options, projects the events added since the last checkpoint into the live read.db
(rows and checkpoint commit together, batch by batch). With --rebuild, projects the whole log into a
fresh read.db generation beside the live one and swaps it in atomically; a running API follows the
swap without a restart. Either way, read-*.db generations a crashed run left behind (not linked by
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
    return 0;
  },
};
