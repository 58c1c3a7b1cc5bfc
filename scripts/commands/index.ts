import type { Command } from '../command.ts';

/**
 * Every command's name, by the module that defines it, in the order `ipo --help` lists them. A
 * command's module is imported only when it runs: importing them all costs each `ipo` process about
 * a second of CPU before it does anything (the queue, API and projector libraries), one alone a third
 * to a half of that.
 */
const COMMAND_MODULES: ReadonlyArray<{ names: readonly string[]; load: () => Promise<Command[]> }> = [
  { names: ['start'], load: async () => [(await import('./start.ts')).startCommand] },
  { names: ['serve'], load: async () => [(await import('./serve.ts')).serveCommand] },
  {
    names: ['migrate', 'replay'],
    load: async () => {
      const { migrateCommand, replayCommand } = await import('./misc.ts');
      return [migrateCommand, replayCommand];
    },
  },
  {
    names: ['ingest plan', 'ingest index', 'ingest current-feed', 'ingest submissions', 'ingest document', 'ingest tickers', 'ingest companyfacts', 'worker'],
    load: async () => {
      const { ingestCommands, workerCommand } = await import('./ingest.ts');
      return [...ingestCommands, workerCommand];
    },
  },
  { names: ['ingest prices', 'ingest news', 'ingest feeds'], load: async () => (await import('./ingest-market.ts')).ingestMarketCommands },
  { names: ['backfill'], load: async () => [(await import('./backfill.ts')).backfillCommand] },
  { names: ['import ipo-table'], load: async () => [(await import('./import.ts')).importIpoTableCommand] },
  { names: ['project'], load: async () => [(await import('./project.ts')).projectCommand] },
  { names: ['projector'], load: async () => [(await import('./projector.ts')).projectorCommand] },
  { names: ['status'], load: async () => [(await import('./status.ts')).statusCommand] },
  { names: ['config'], load: async () => [(await import('./config.ts')).configCommand] },
  {
    names: ['backup', 'restore'],
    load: async () => {
      const { backupCommand, restoreCommand } = await import('./backup.ts');
      return [backupCommand, restoreCommand];
    },
  },
  {
    names: ['snapshot create', 'snapshot install'],
    load: async () => {
      const { snapshotCreateCommand, snapshotInstallCommand } = await import('./snapshot.ts');
      return [snapshotCreateCommand, snapshotInstallCommand];
    },
  },
  { names: ['publish'], load: async () => [(await import('./publish.ts')).publishCommand] },
  {
    names: ['keys create', 'keys list', 'keys revoke'],
    load: async () => {
      const { keysCreateCommand, keysListCommand, keysRevokeCommand } = await import('./keys.ts');
      return [keysCreateCommand, keysListCommand, keysRevokeCommand];
    },
  },
  {
    names: ['webhooks add', 'webhooks list', 'webhooks remove', 'webhooks replay', 'webhooks deliveries', 'webhooks send'],
    load: async () => (await import('./webhooks.ts')).webhookCommands,
  },
  {
    names: ['extract', 'score'],
    load: async () => {
      const { extractCommand, scoreCommand } = await import('./extract.ts');
      return [extractCommand, scoreCommand];
    },
  },
  { names: ['bench'], load: async () => [(await import('./bench.ts')).benchCommand] },
  {
    names: ['scheduler', 'schedule'],
    load: async () => {
      const { schedulerCommand, scheduleAliasCommand } = await import('./schedule.ts');
      return [schedulerCommand, scheduleAliasCommand];
    },
  },
];

/** Every command's words (`keys create`), in the order `ipo --help` lists them. */
export const COMMAND_NAMES: readonly string[] = COMMAND_MODULES.flatMap((m) => m.names);

/** The named commands, loading only the modules that define them, in COMMAND_NAMES order. */
export async function loadCommands(names: readonly string[] = COMMAND_NAMES): Promise<Command[]> {
  const modules = COMMAND_MODULES.filter((m) => m.names.some((name) => names.includes(name)));
  const loaded = (await Promise.all(modules.map((m) => m.load()))).flat();
  return COMMAND_NAMES.filter((name) => names.includes(name)).map((name) => {
    const command = loaded.find((c) => c.name === name);
    // A module renamed a command without its entry here: fail loudly, not as "unknown command".
    if (!command) throw new Error(`no command "${name}" in the module listed for it (scripts/commands/index.ts)`);
    return command;
  });
}
