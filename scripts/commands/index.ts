import type { Command } from '../command.ts';
import { backfillCommand } from './backfill.ts';
import { extractCommand, scoreCommand } from './extract.ts';
import { importIpoTableCommand } from './import.ts';
import { ingestCommands, workerCommand } from './ingest.ts';
import { ingestMarketCommands } from './ingest-market.ts';
import { publishCommand } from './publish.ts';
import { keysCreateCommand, keysListCommand, keysRevokeCommand } from './keys.ts';
import { migrateCommand, replayCommand } from './misc.ts';
import { projectCommand } from './project.ts';
import { projectorCommand } from './projector.ts';
import { serveCommand } from './serve.ts';
import { startCommand } from './start.ts';
import { backupCommand, restoreCommand } from './backup.ts';
import { snapshotCreateCommand, snapshotInstallCommand } from './snapshot.ts';
import { benchCommand } from './bench.ts';
import { configCommand } from './config.ts';
import { scheduleAliasCommand, schedulerCommand } from './schedule.ts';
import { statusCommand } from './status.ts';
import { webhookCommands } from './webhooks.ts';

export const COMMANDS: Command[] = [
  startCommand,
  serveCommand,
  migrateCommand,
  ...ingestCommands,
  backfillCommand,
  ...ingestMarketCommands,
  importIpoTableCommand,
  workerCommand,
  projectCommand,
  projectorCommand,
  statusCommand,
  configCommand,
  backupCommand,
  restoreCommand,
  snapshotCreateCommand,
  snapshotInstallCommand,
  publishCommand,
  keysCreateCommand,
  keysListCommand,
  keysRevokeCommand,
  ...webhookCommands,
  extractCommand,
  scoreCommand,
  replayCommand,
  benchCommand,
  schedulerCommand,
  scheduleAliasCommand,
];
