/**
 * Checks of command-line values, run before a command opens a database or enqueues a job: a value
 * that can never work is refused with exit 2 and one line naming the option, what it must be and
 * what it got, as a malformed setting is (`--date must be a calendar date YYYY-MM-DD, got "2020-13-01"`),
 * instead of becoming a job that fails, or a permanent event that says so.
 */
import { isCikLike } from '../schema/cik.ts';
import { isCalendarDate } from '../schema/edgar/edgar-day.ts';
import { ArgumentError } from './command.ts';

/** A value that is not what the option takes: printed as one line, exit 2. */
export { ArgumentError };

type Values = Record<string, unknown>;

/** `--name must be <what>, got "<value>"`. */
export function invalid(name: string, what: string, value: unknown): ArgumentError {
  return new ArgumentError(`${name} must be ${what}, got "${String(value)}"`);
}

const option = (name: string) => (name.startsWith('-') || /^[A-Z]/.test(name) ? name : `--${name}`);

/** The option's text, trimmed; undefined when it was not given. An empty text counts as given. */
function textOf(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

export function requiredText(values: Values, name: string, what = 'given'): string {
  const text = textOf(values, name);
  if (text === undefined || text === '') throw new ArgumentError(`${option(name)} is required: ${what}`);
  return text;
}

/** Matches `pattern`, else refused as not being `what`. */
export function matching(values: Values, name: string, pattern: RegExp, what: string, required: boolean): string | undefined {
  const text = required ? requiredText(values, name, what) : textOf(values, name);
  if (text === undefined) return undefined;
  if (!pattern.test(text)) throw invalid(option(name), what, text);
  return text;
}

export function calendarDate(values: Values, name: string, options: { required: true }): string;
export function calendarDate(values: Values, name: string, options?: { required?: false }): string | undefined;
export function calendarDate(values: Values, name: string, options: { required?: boolean } = {}): string | undefined {
  const what = 'a calendar date YYYY-MM-DD';
  const text = options.required ? requiredText(values, name, what) : textOf(values, name);
  if (text === undefined) return undefined;
  if (!isCalendarDate(text)) throw invalid(option(name), what, text);
  return text;
}

/** A date range whose bounds are both optional; when both are given, `from` is not after `to`. */
export function dateRange(values: Values, from = 'from', to = 'to'): { from?: string; to?: string } {
  const range = { from: calendarDate(values, from), to: calendarDate(values, to) };
  if (range.from && range.to && range.from > range.to) throw new ArgumentError(`${option(from)} ${range.from} is after ${option(to)} ${range.to}`);
  return { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
}

export function cik(values: Values, name = 'cik'): string {
  const text = requiredText(values, name, 'a CIK of 1 to 10 digits');
  if (!isCikLike(text)) throw invalid(option(name), 'a CIK of 1 to 10 digits', text);
  return text;
}

/** An integer from `min` to `max`, or `fallback` when the option was not given. */
export function integerIn(values: Values, name: string, min: number, max: number, fallback: number): number {
  const text = textOf(values, name);
  if (text === undefined) return fallback;
  const n = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw invalid(option(name), max === Number.MAX_SAFE_INTEGER ? `an integer of at least ${min}` : `an integer from ${min} to ${max}`, text);
  }
  return n;
}

/** A positive number (fractions allowed), or `fallback`. */
export function positiveNumber(values: Values, name: string, fallback: number): number {
  const text = textOf(values, name);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (text === '' || !Number.isFinite(n) || n <= 0) throw invalid(option(name), 'a number above 0', text);
  return n;
}

/** One of `choices`, or `fallback` when the option was not given. */
export function oneOf<T extends string>(values: Values, name: string, choices: readonly T[], fallback: T): T;
export function oneOf<T extends string>(values: Values, name: string, choices: readonly T[]): T | undefined;
export function oneOf<T extends string>(values: Values, name: string, choices: readonly T[], fallback?: T): T | undefined {
  const text = textOf(values, name);
  if (text === undefined) return fallback;
  if (!(choices as readonly string[]).includes(text)) throw invalid(option(name), `one of ${choices.join(', ')}`, text);
  return text as T;
}

/**
 * The items of a comma-separated option (of every value, when it may be repeated), trimmed;
 * undefined when it was not given. Every comma-list flag reads through here, so all refuse alike:
 * an empty value, or an empty item (`priced,,listed`, a trailing comma), is a slip of the hand,
 * not "nothing there", and is refused naming it rather than dropped.
 */
export function commaList(values: Values, name: string, what: string): string[] | undefined {
  const raw = values[name];
  const given = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
  if (raw === undefined || given.length === 0) return undefined;
  return given.flatMap((text) => {
    if (text.trim() === '') throw invalid(option(name), what, text);
    const items = text.split(',').map((item) => item.trim());
    const empty = items.indexOf('');
    if (empty >= 0) throw new ArgumentError(`${option(name)} must be ${what}, got "${text}": item ${empty + 1} is empty`);
    return items;
  });
}

/** A comma-separated list whose every item is one of `known`; undefined when the option was not given. */
export function knownList(values: Values, name: string, known: readonly string[], what: string): string[] | undefined {
  const items = commaList(values, name, what);
  if (items === undefined) return undefined;
  const unknown = items.filter((item) => !known.includes(item));
  if (unknown.length > 0) throw invalid(option(name), what, unknown.join(','));
  return items;
}

/** A comma-separated list whose every item matches `pattern`; the first that does not is named. */
export function matchingList(values: Values, name: string, pattern: RegExp, what: string): string[] | undefined {
  const items = commaList(values, name, what);
  const bad = items?.find((item) => !pattern.test(item));
  if (bad !== undefined) throw invalid(option(name), what, bad);
  return items;
}
