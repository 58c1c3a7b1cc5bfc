import { helpText, parseCommandArgs, UsageError, type Command, type Io } from './command.ts';
import { COMMANDS } from './commands/index.ts';
import { ConfigError } from '../schema/config.ts';

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 4;
  return [
    'Usage: ipo COMMAND [options]',
    '',
    'IPO research data service: ingest SEC EDGAR, project read tables, serve the REST API.',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Run `ipo COMMAND --help` for the options of a command.',
    '',
  ].join('\n');
}

/** Picks the command whose words match the most leading arguments. */
function resolve(argv: string[]): { command: Command; rest: string[] } | null {
  let best: { command: Command; rest: string[] } | null = null;
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w) && (!best || words.length > best.command.name.split(' ').length)) {
      best = { command, rest: argv.slice(words.length) };
    }
  }
  return best;
}

export async function main(argv: string[], io: Io = { out: process.stdout, err: process.stderr, env: process.env }): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out.write(overview());
    return argv.length === 0 ? 2 : 0;
  }
  const found = resolve(argv);
  if (!found) {
    io.err.write(`ipo: unknown command "${argv.join(' ')}"\n\n${overview()}`);
    return 2;
  }
  const { command, rest } = found;
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out.write(helpText(command));
    return 0;
  }
  try {
    const parsed = parseCommandArgs(command, rest);
    return await command.run(parsed, io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.err.write(`ipo ${command.name}: ${error.message}\n\n${helpText(command)}`);
      return 2;
    }
    io.err.write(`ipo ${command.name}: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}
