import { parseArgs } from 'node:util';

export interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  description: string;
  multiple?: boolean;
}

export interface Command {
  /** Words that select the command, e.g. `keys create`. */
  name: string;
  summary: string;
  /** Positional arguments, e.g. `FILE`, shown in the usage line. */
  args?: string[];
  options?: Record<string, OptionSpec>;
  /** Extra help text: what the command does, what it prints, examples. */
  details?: string;
  run(input: { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] }, io: Io): Promise<number>;
}

/** Raised for bad command-line input: printed without a stack trace, exit code 2. */
export class UsageError extends Error {}

/** What the command was pointed at is not there to act on (an unknown id, a removed endpoint): one line, exit 1. */
export class NotFoundError extends Error {}

export function helpText(command: Command): string {
  const usage = ['ipo', command.name, ...(command.args ?? []), command.options ? '[options]' : ''].filter(Boolean).join(' ');
  const lines = [`Usage: ${usage}`, '', command.summary];
  if (command.details) lines.push('', command.details.trim());
  const options = Object.entries(command.options ?? {});
  lines.push('', 'Options:');
  for (const [name, spec] of options) {
    lines.push(`  --${name}${spec.type === 'string' ? ' VALUE' : ''}`.padEnd(28) + spec.description);
  }
  lines.push('  --help'.padEnd(28) + 'Show this help.');
  return `${lines.join('\n')}\n`;
}

/** A value an option cannot take, or an argument the command has no use for: one line, exit 2, no usage text. */
export class ArgumentError extends UsageError {}

/**
 * `--from -1`: parseArgs reads a value that starts with "-" as an option and refuses it as ambiguous.
 * A negative number is the option's value (`--from=-1`), for the command to accept or refuse with
 * its own message; anything else that starts with "-" is refused here, naming the option.
 */
function dashValues(command: Command, argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const next = argv[i + 1];
    const takesValue = arg.startsWith('--') && !arg.includes('=') && command.options?.[arg.slice(2)]?.type === 'string';
    if (takesValue && next !== undefined && next.startsWith('-') && next !== '-') {
      if (!/^-(\d|\.\d)/.test(next)) throw new ArgumentError(`${arg} takes a value; got "${next}", which reads as an option (write ${arg}=${next} if it is the value)`);
      out.push(`${arg}=${next}`);
      i++;
      continue;
    }
    out.push(arg);
  }
  return out;
}

export function parseCommandArgs(command: Command, argv: string[]) {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {};
  for (const [name, spec] of Object.entries(command.options ?? {})) {
    options[name] = spec.multiple ? { type: spec.type, multiple: true } : { type: spec.type };
  }
  try {
    const parsed = parseArgs({ args: dashValues(command, argv), options, allowPositionals: true, strict: true });
    const expected = command.args?.filter((a) => !a.startsWith('[')).length ?? 0;
    if (parsed.positionals.length < expected) throw new UsageError(`missing ${command.args?.slice(parsed.positionals.length).join(' ')}`);
    if (parsed.positionals.length > (command.args?.length ?? 0)) throw new UsageError(`unexpected argument "${parsed.positionals[expected]}"`);
    return parsed as { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message);
  }
}
