import { pino, stdTimeFunctions } from 'pino';
import type { Logger } from '../ingest/index.ts';
import type { Config } from '../schema/config.ts';

/** Where log lines go: process.stderr, a test's stream, or a progress bar's lines-above writer. */
export interface LogStream {
  write(line: string): unknown;
  isTTY?: boolean;
}

/** The Logger job handlers get, plus debug and a named child for each part of a process. */
export interface ServiceLogger extends Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  /** The same logger whose lines carry `name` (worker, projector, scheduler, api…). */
  named(name: string): ServiceLogger;
}

const PINO_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg']);

const textValue = (value: unknown) => (typeof value === 'string' && /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value));

/** `16:20:57.613 INFO  worker: job completed job=edgar.submissions ms=120`: one record of pino's JSON, for a person. */
export function textLine(record: Record<string, unknown>): string {
  const time = typeof record.time === 'string' ? record.time.slice(11, 23) : '';
  const level = String(record.level ?? '').toUpperCase().padEnd(5);
  const fields = Object.entries(record)
    .filter(([key, value]) => !PINO_KEYS.has(key) && value !== undefined)
    .map(([key, value]) => ` ${key}=${textValue(value)}`)
    .join('');
  return `${time} ${level} ${record.name ? `${String(record.name)}: ` : ''}${String(record.msg ?? '')}${fields}\n`;
}

function wrap(logger: pino.Logger, root: pino.Logger): ServiceLogger {
  // Fields first, message last: pino's argument order, hidden behind the handlers' Logger interface.
  const at = (level: 'debug' | 'info' | 'warn' | 'error') => (message: string, fields?: Record<string, unknown>) => logger[level](fields ?? {}, message);
  // A child of the root, not of this one: a record carries one name.
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), named: (name) => wrap(root.child({ name }), root) };
}

/**
 * The process's logger (pino): one line per record on `stream`, at LOG_LEVEL, as JSON or as text
 * (LOG_FORMAT; auto = text on a terminal). Lines are written synchronously, so none is lost when
 * the process exits right after.
 */
export function createLogger(settings: Config['logging'], stream: LogStream, name?: string): ServiceLogger {
  const text = settings.format === 'text' || (settings.format === 'auto' && Boolean(stream.isTTY));
  const destination = text ? { write: (line: string) => stream.write(textLine(JSON.parse(line) as Record<string, unknown>)) } : { write: (line: string) => stream.write(line) };
  const root = pino(
    {
      level: settings.level,
      base: { pid: process.pid },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return wrap(name ? root.child({ name }) : root, root);
}
