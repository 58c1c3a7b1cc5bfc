import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { PRINTABLE_TEXT_PATTERN } from '../../schema/api/params.schema.ts';
import { ApiError, type ParameterProblem } from '../errors/api-error.ts';
import { remember } from './bounded-map.ts';

// ajv-formats ships CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

export type RawQuery = Record<string, string | string[] | undefined>;
export type QueryValidator<T> = (query: RawQuery) => T;

/** One ajv instance per app: coerces query strings to the schema types and reports every error. */
export function createRequestAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes: 'array', useDefaults: false, strict: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-explode' });
  return ajv;
}

/** Compiles `schema` once and returns a function that validates (a copy of) a parsed query. */
export function compileQueryValidator<T>(ajv: Ajv, schema: JsonSchema): QueryValidator<T> {
  const validate = ajv.compile(schema) as ValidateFunction<T>;
  const numeric = numericParameters(schema);
  const lists = listParameters(schema);
  const singles = singleValueParameters(schema);
  return (query) => {
    const { data, emptyItems } = normaliseQuery(query, lists);
    const malformed = [...emptyItems, ...repeatedParameters(data, singles), ...malformedNumbers(data, numeric)];
    const valid = validate(data);
    if (valid && malformed.length === 0) return data as T;
    throw ApiError.invalidParameters([...(valid ? [] : problemsOf(validate.errors ?? [], numeric)), ...malformed]);
  };
}

/** What each numeric type takes as written: an integer digits only (`1e3` and `2.0` are numbers JSON writes, not integers a client means), a number as JSON writes one (leading zeros tolerated). */
const WRITTEN: Record<NumericType, RegExp> = {
  integer: /^-?\d+$/,
  number: /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/,
};

/** Parameters whose value is a list (`include`, `kind`, the event filters): comma-separated and/or repeated. */
function listParameters(schema: JsonSchema): ReadonlySet<string> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return new Set(Object.keys(properties).filter((name) => properties[name].type === 'array'));
}

type NumericType = 'integer' | 'number';

/** The parameters that take one value: every known one but the lists (an unknown one is ajv's to name). */
function singleValueParameters(schema: JsonSchema): ReadonlySet<string> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return new Set(Object.keys(properties).filter((name) => properties[name].type !== 'array'));
}

/** The numeric parameters of a query schema, each with its JSON Schema type. */
function numericParameters(schema: JsonSchema): ReadonlyMap<string, NumericType> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const numeric = new Map<string, NumericType>();
  for (const [name, property] of Object.entries(properties)) {
    if (property.type === 'integer' || property.type === 'number') numeric.set(name, property.type);
  }
  return numeric;
}

/**
 * What a numeric parameter takes, by its type: one message whether the value was refused before
 * ajv (`abc`, `1e400`) or by it (`1.5` for an integer), so an integer's never offers a fraction.
 */
const NUMBER_MESSAGE: Record<NumericType, string> = {
  integer: 'must be an integer written in digits (e.g. 25)',
  number: 'must be a finite number written in digits (a fraction and an exponent allowed: 1500000, 1.5e6)',
};

/**
 * ajv's coercion reads a query value as JavaScript does: `0x10` is 16, and `Infinity` or `1e400`
 * become Infinity, which passes every bound and then reaches SQLite as a LIMIT it cannot bind.
 * Numeric parameters therefore take digits (a number's fraction and exponent allowed) with a finite value only; the offending
 * ones are removed before ajv sees the rest, so every problem is still reported at once.
 */
function malformedNumbers(data: Record<string, unknown>, numeric: ReadonlyMap<string, NumericType>): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  for (const [name, type] of numeric) {
    const value = data[name];
    if (typeof value !== 'string' || (WRITTEN[type].test(value) && Number.isFinite(Number(value)))) continue;
    problems.push({ parameter: name, message: NUMBER_MESSAGE[type] });
    delete data[name];
  }
  return problems;
}

/**
 * A parameter that takes one value, given more than once (`after=5&after=6`): the parser hands it
 * over as an array, which ajv would report as a wrong type. Which value was meant is the client's to
 * say, so it is refused as what it is; list parameters take repeats (see `normaliseQuery`).
 */
function repeatedParameters(data: Record<string, unknown>, singles: ReadonlySet<string>): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  for (const name of singles) {
    const value = data[name];
    if (!Array.isArray(value)) continue;
    problems.push({ parameter: name, message: `given ${value.length} times; it takes one value` });
    delete data[name];
  }
  return problems;
}

const NO_PARAMETERS = Object.freeze(Object.create(null));
const MAX_CACHED_QUERY_LENGTH = 512;

export interface RequestQuery {
  /** The raw query string, without `?`. */
  querystring: string;
  /** The parsed query (Koa parses lazily, on first access). */
  query: RawQuery;
}

/**
 * The validated query of a request, from `validate`. Every parameter of every endpoint is
 * optional, so an empty query string is valid everywhere and skips parsing and ajv. Other valid
 * query strings are remembered (frozen, in a bounded map cleared when full): validation is a pure
 * function of the string, and clients repeat the same few requests. Invalid ones are not cached.
 */
export function queryReader<T>(validate: QueryValidator<T>, cacheSize = 256): (request: RequestQuery) => T {
  const cache = new Map<string, T>();
  return (request) => {
    const text = request.querystring;
    if (text === '') return NO_PARAMETERS as T;
    const cached = cache.get(text);
    if (cached !== undefined) return cached;
    const query = freezeQuery(validate(request.query));
    return text.length <= MAX_CACHED_QUERY_LENGTH ? remember(cache, cacheSize, text, query) : query;
  };
}

function freezeQuery<T>(query: T): T {
  for (const value of Object.values(query as object)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(query);
}

/**
 * List parameters accept both `a,b` and repeated keys; split them before validation. An empty item
 * (`type=priced,,listed`, a trailing comma, `type=` itself) is refused by its place, not dropped: a
 * client that joined an empty list into `type=` would otherwise get every type, the opposite of what
 * it built (the command line refuses the same input).
 */
function normaliseQuery(query: RawQuery, lists: ReadonlySet<string>): { data: Record<string, unknown>; emptyItems: ParameterProblem[] } {
  // No prototype: a parameter named __proto__ is just an unknown parameter.
  const data: Record<string, unknown> = Object.create(null);
  const emptyItems: ParameterProblem[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (lists.has(name)) {
      const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((p) => p.trim());
      const empty = parts.indexOf('');
      if (empty >= 0) emptyItems.push({ parameter: name, message: parts.length === 1 ? 'is empty: name at least one value, or leave the parameter out' : `item ${empty + 1} is empty` });
      else data[name] = parts;
    } else {
      data[name] = value;
    }
  }
  return { data, emptyItems };
}

/** One problem per offending parameter, in the order ajv met them. */
export function problemsOf(errors: ErrorObject[], numeric: ReadonlyMap<string, NumericType> = new Map()): ParameterProblem[] {
  const byParameter = new Map<string, ErrorObject>();
  for (const error of errors) {
    const parameter =
      error.keyword === 'additionalProperties'
        ? String((error.params as { additionalProperty: string }).additionalProperty)
        : error.instancePath.split('/')[1] ?? '';
    // anyOf explains itself better than the failed alternatives reported before it.
    if (!byParameter.has(parameter) || error.keyword === 'anyOf') byParameter.set(parameter, error);
  }
  return [...byParameter].map(([parameter, error]) => ({ parameter, message: describe(error, numeric.get(parameter)) }));
}

function describe(error: ErrorObject, numericType: NumericType | undefined): string {
  if (error.keyword === 'additionalProperties') return 'unknown parameter';
  if (error.keyword === 'type' && numericType !== undefined) return NUMBER_MESSAGE[numericType];
  if (error.keyword === 'enum') {
    return `must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  }
  if (error.keyword === 'pattern' && (error.params as { pattern: string }).pattern === PRINTABLE_TEXT_PATTERN) {
    return 'must not contain control characters';
  }
  if (error.keyword === 'anyOf') return 'must be a date (YYYY-MM-DD) or an ISO-8601 date-time with offset';
  return error.message ?? 'is invalid';
}
