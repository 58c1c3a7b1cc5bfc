import type { Command } from '../command.ts';

/**
 * Every command's name, by the module that defines it, in the order `ipo --help` lists them. A
 * command's module is imported only when it runs: importing them all costs each `ipo` process about
 * a second of CPU before it does anything (the queue, API and projector libraries), one alone a third
 * to a half of that.
 */
const COMMAND_MODULES: ReadonlyArray<{ names: readonly string[]; load: () => Promise<Record<string, unknown>> }> = [
  { names: ['start'], load: () => import('./start.ts') },
  { names: ['serve'], load: () => import('./serve.ts') },
  { names: ['migrate', 'replay'], load: () => import('./misc.ts') },
  { names: ['ingest plan', 'ingest index', 'ingest current-feed', 'ingest submissions', 'ingest document', 'ingest tickers', 'ingest companyfacts', 'worker'], load: () => import('./ingest.ts') },
  { names: ['ingest prices', 'ingest news', 'ingest feeds'], load: () => import('./ingest-market.ts') },
  { names: ['backfill'], load: () => import('./backfill.ts') },
  { names: ['import ipo-table'], load: () => import('./import.ts') },
  { names: ['project'], load: () => import('./project.ts') },
  { names: ['projector'], load: () => import('./projector.ts') },
  { names: ['status'], load: () => import('./status.ts') },
  { names: ['config'], load: () => import('./config.ts') },
  { names: ['backup', 'restore'], load: () => import('./backup.ts') },
  { names: ['snapshot create', 'snapshot install'], load: () => import('./snapshot.ts') },
  { names: ['publish'], load: () => import('./publish.ts') },
  { names: ['keys create', 'keys list', 'keys revoke'], load: () => import('./keys.ts') },
  { names: ['webhooks add', 'webhooks list', 'webhooks remove', 'webhooks replay', 'webhooks deliveries', 'webhooks send'], load: () => import('./webhooks.ts') },
  { names: ['extract', 'score'], load: () => import('./extract.ts') },
  { names: ['bench'], load: () => import('./bench.ts') },
  { names: ['scheduler', 'schedule'], load: () => import('./schedule.ts') },
];

const isCommand = (value: unknown): value is Command =>
  typeof value === 'object' && value !== null && typeof (value as Command).name === 'string' && typeof (value as Command).run === 'function';

/** Every command's words (`keys create`), in the order `ipo --help` lists them. */
export const COMMAND_NAMES: readonly string[] = COMMAND_MODULES.flatMap((m) => m.names);

/** The named commands, loading only the modules that define them, in COMMAND_NAMES order. */
export async function loadCommands(names: readonly string[] = COMMAND_NAMES): Promise<Command[]> {
  const modules = COMMAND_MODULES.filter((m) => m.names.some((name) => names.includes(name)));
  // A module's exports: its commands, alone or in lists, beside its other functions.
  const loaded = (await Promise.all(modules.map((m) => m.load()))).flatMap((exports) => Object.values(exports).flat().filter(isCommand));
  // A module that added or renamed a command without its entry here fails loudly, not as "unknown command".
  const unlisted = loaded.find((c) => !COMMAND_NAMES.includes(c.name));
  if (unlisted) throw new Error(`command "${unlisted.name}" is not listed for its module (scripts/commands/index.ts)`);
  return COMMAND_NAMES.filter((name) => names.includes(name)).map((name) => {
    const command = loaded.find((c) => c.name === name);
    if (!command) throw new Error(`no command "${name}" in the module listed for it (scripts/commands/index.ts)`);
    return command;
  });
}
