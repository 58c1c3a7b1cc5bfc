import { readFileSync } from 'node:fs';
import { ArgumentError } from './arguments.ts';
import { helpText, NotFoundError, parseCommandArgs, UsageError, type Command, type Io } from './command.ts';
import { COMMAND_NAMES, loadCommands } from './commands/index.ts';
import { ConfigError } from '../schema/config.ts';
import { packagePath } from '../schema/package-files.ts';

const VERSION = (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;

async function overview(): Promise<string> {
  const commands = await loadCommands();
  const width = Math.max(...commands.map((c) => c.name.length)) + 4;
  return [
    'Usage: ipo COMMAND [options]',
    '',
    'IPO research data service: ingest SEC EDGAR, project read tables, serve the REST API.',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Run `ipo COMMAND --help` for the options of a command.',
    'Everywhere: --help, --version, and --verbose (the stack trace of an unexpected error).',
    '',
  ].join('\n');
}

interface Group {
  name: string;
  commands: string[];
  /** The words that may follow the group's (`add`, `list` … after `webhooks`). */
  subcommands: string[];
  /** The word after the group's that none of its commands has, if one was given. */
  unknown: string | null;
}

/** The commands under a group word such as `keys` or `ingest`, when the arguments name no command of it. */
function group(argv: string[]): Group | null {
  const words = argv.filter((a) => !a.startsWith('-'));
  for (let n = words.length; n > 0; n--) {
    const prefix = words.slice(0, n);
    const commands = COMMAND_NAMES.filter((c) => {
      const name = c.split(' ');
      return name.length > prefix.length && prefix.every((w, i) => name[i] === w);
    });
    if (commands.length === 0) continue;
    // Only a word right after the group's counts as a subcommand; a later one may be an option's value.
    const next = prefix.every((w, i) => argv[i] === w) ? argv[n] : undefined;
    const subcommands = [...new Set(commands.map((c) => c.split(' ')[n]))];
    return { name: prefix.join(' '), commands, subcommands, unknown: next !== undefined && !next.startsWith('-') ? next : null };
  }
  return null;
}

/** What to tell someone who named a group but no command of it: the subcommand to fix, or that one is missing. */
async function groupRefusal(g: Group): Promise<string> {
  if (g.unknown !== null) return `ipo ${g.name}: unknown subcommand "${g.unknown}": name one of ${g.subcommands.join(', ')}\n`;
  return `ipo ${g.name}: name a subcommand\n\n${await groupHelp(g)}`;
}

async function groupHelp(g: Group): Promise<string> {
  const commands = await loadCommands(g.commands);
  const width = Math.max(...commands.map((c) => c.name.length)) + 4;
  return [`Usage: ipo ${g.name} SUBCOMMAND [options]`, '', 'Subcommands:', ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`), '', `Run \`ipo ${g.name} SUBCOMMAND --help\` for its options.`, ''].join('\n');
}

/** Picks the command whose words match the most leading arguments, and loads it alone. */
async function resolve(argv: string[]): Promise<{ command: Command; rest: string[] } | null> {
  let best: string | null = null;
  for (const name of COMMAND_NAMES) {
    const words = name.split(' ');
    if (words.every((w, i) => argv[i] === w) && (!best || words.length > best.split(' ').length)) best = name;
  }
  if (!best) return null;
  const [command] = await loadCommands([best]);
  return { command, rest: argv.slice(best.split(' ').length) };
}

export async function main(argv: string[], io: Io = { out: process.stdout, err: process.stderr, env: process.env }): Promise<number> {
  const verbose = argv.includes('--verbose');
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  if (argv.includes('--version') || argv.includes('-V')) {
    io.out.write(`ipo-research ${VERSION}\n`);
    return 0;
  }
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out.write(await overview());
    return argv.length === 0 ? 2 : 0;
  }
  const found = await resolve(argv);
  if (!found) {
    const g = group(argv);
    if (g && wantsHelp) {
      io.out.write(await groupHelp(g));
      return 0;
    }
    io.err.write(g ? await groupRefusal(g) : `ipo: unknown command "${argv.join(' ')}"\n\n${await overview()}`);
    return 2;
  }
  const { command } = found;
  // --verbose is everyone's (the stack of an unexpected error) unless a command gives it a meaning of its own.
  const rest = command.options?.verbose ? found.rest : found.rest.filter((a) => a !== '--verbose');
  if (wantsHelp) {
    io.out.write(helpText(command));
    return 0;
  }
  try {
    const parsed = parseCommandArgs(command, rest);
    return await command.run(parsed, io);
  } catch (error) {
    if (error instanceof ArgumentError) {
      // A value the command cannot take: one line naming it, as a malformed setting gets.
      io.err.write(`ipo ${command.name}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof NotFoundError) {
      io.err.write(`ipo ${command.name}: ${error.message}\n`);
      return 1;
    }
    if (error instanceof UsageError) {
      io.err.write(`ipo ${command.name}: ${error.message}\n\n${helpText(command)}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      // Settings are wrong: one line naming each; usage text would bury them.
      io.err.write(error.problems.map((problem) => `ipo ${command.name}: ${problem}\n`).join(''));
      return 2;
    }
    // Unexpected: one line saying what failed; the stack only when asked for.
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    io.err.write(verbose ? `ipo ${command.name}: ${(error as Error).stack ?? String(error)}\n` : `ipo ${command.name}: ${message} (run with --verbose for details)\n`);
    return 1;
  }
}
