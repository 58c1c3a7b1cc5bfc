import { describe, expect, it } from 'vitest';
import {
  ArticleFeedQuerySchema,
  CompanyDetailQuerySchema,
  CompanyListQuerySchema,
  FilingListQuerySchema,
  NewsListQuerySchema,
  OutcomeListQuerySchema,
} from '../../schema/api/params.schema.ts';
import * as paramSchemas from '../../schema/api/params.schema.ts';
import type { JsonSchema } from '../../schema/api/json-schema.ts';
import type { ApiError } from '../errors/api-error.ts';
import { compileQueryValidator, createRequestAjv, queryReader, type RawQuery } from './query-validator.ts';

const ajv = createRequestAjv();
const companies = compileQueryValidator<Record<string, unknown>>(ajv, CompanyListQuerySchema);
const detail = compileQueryValidator<Record<string, unknown>>(ajv, CompanyDetailQuerySchema);
const filings = compileQueryValidator<Record<string, unknown>>(ajv, FilingListQuerySchema);
const news = compileQueryValidator<Record<string, unknown>>(ajv, NewsListQuerySchema);
const outcomes = compileQueryValidator<Record<string, unknown>>(ajv, OutcomeListQuerySchema);
const articles = compileQueryValidator<Record<string, unknown>>(ajv, ArticleFeedQuerySchema);

/** The details of the 400 `validate` throws on `query` (none when it passes). */
function problems(validate: (q: RawQuery) => unknown, query: RawQuery): Array<{ parameter: string; message: string }> {
  try {
    validate(query);
  } catch (error) {
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).details as Array<{ parameter: string; message: string }>;
  }
  return [];
}

function badParameters(validate: (q: RawQuery) => unknown, query: RawQuery): string[] {
  try {
    validate(query);
  } catch (error) {
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('invalid_request');
    return (apiError.details as Array<{ parameter: string }>).map((d) => d.parameter).sort();
  }
  return [];
}

describe('query validation', () => {
  it('coerces valid values and splits list parameters both ways', () => {
    expect(
      companies({ limit: '100', kind: ['spac,funds', 'operating'], include: 'latest_terms, consensus', gross_proceeds_gt: '1.5e7' }),
    ).toEqual({ limit: 100, kind: ['spac', 'funds', 'operating'], include: ['latest_terms', 'consensus'], gross_proceeds_gt: 15_000_000 });
    expect(companies({ updated_since: '2021-06-30' })).toEqual({ updated_since: '2021-06-30' });
    expect(companies({ updated_since: '2021-06-30T12:00:00Z' })).toEqual({ updated_since: '2021-06-30T12:00:00Z' });
    expect(news({ published_at_from: '2021-06-30T12:00:00+02:00', include: 'content' })).toMatchObject({ include: ['content'] });
  });

  it('names every bad parameter of one request', () => {
    expect(
      badParameters(companies, {
        limit: '0',
        scope: 'spac',
        market: 'nasdaq',
        kind: 'operating,banks',
        include: 'latest_terms,filings',
        gross_proceeds_gt: '0',
        gross_proceeds_lt: 'lots',
        updated_since: 'yesterday',
        colour: 'blue',
      }),
    ).toEqual(['colour', 'gross_proceeds_gt', 'gross_proceeds_lt', 'include', 'kind', 'limit', 'market', 'scope', 'updated_since']);
  });

  it('rejects control characters in every free-text parameter, naming them', () => {
    const cases: Array<[(q: RawQuery) => unknown, string[]]> = [
      [companies, ['q', 'company_name', 'name_prefix', 'ticker', 'cursor']],
      [filings, ['company_name', 'name_prefix', 'ticker', 'form_type', 'cursor']],
      [news, ['company_name', 'name_prefix', 'ticker', 'provider', 'source_name', 'cursor']],
      [outcomes, ['company_name', 'name_prefix', 'ticker', 'cursor']],
    ];
    for (const [validate, names] of cases) {
      for (const name of names) {
        for (const bad of ['\u0000', 'a\u0000b', 'tab\there', 'line\nbreak', 'del\u007f']) {
          expect(badParameters(validate, { [name]: bad }), `${name}=${JSON.stringify(bad)}`).toEqual([name]);
        }
        expect(badParameters(validate, { [name]: 'Ünïcødé — 株式会社 😀' })).toEqual([]);
      }
    }
    expect(() => companies({ q: 'a\u0000' })).toThrowError(
      expect.objectContaining({ details: [{ parameter: 'q', message: 'must not contain control characters' }] }),
    );
  });

  it('refuses an unknown value of every enumerated filter with a 400 naming the allowed values', () => {
    const enumerated: Array<[(q: RawQuery) => unknown, string, string]> = [
      [companies, 'offering_status', 'listed'],
      [companies, 'kind', 'spac'],
      [companies, 'market', 'otc'],
      [companies, 'scope', 'ipo'],
      [outcomes, 'status', 'complete'],
    ];
    for (const [validate, name, allowed] of enumerated) {
      expect(badParameters(validate, { [name]: allowed }), name).toEqual([]);
      let details: Array<{ parameter: string; message: string }> = [];
      try {
        validate({ [name]: 'bogus' });
      } catch (error) {
        details = (error as { details: typeof details }).details;
      }
      expect(details, name).toEqual([expect.objectContaining({ parameter: name, message: expect.stringContaining(allowed) })]);
    }
  });

  it('takes numbers in decimal notation with finite values only (limit=Infinity was a 500)', () => {
    for (const value of ['Infinity', '-Infinity', '1e400', '-1e400', 'NaN', '0x10', '0b1', ' 7 ', '+5', '５', '.5', '1.', '1e', '']) {
      expect(badParameters(articles, { limit: value }), value).toEqual(['limit']);
      expect(badParameters(companies, { limit: value, gross_proceeds_gt: value, gross_proceeds_lt: value }), value).toEqual([
        'gross_proceeds_gt',
        'gross_proceeds_lt',
        'limit',
      ]);
    }
    expect(() => companies({ gross_proceeds_gt: '1e400' })).toThrowError(
      expect.objectContaining({ details: [{ parameter: 'gross_proceeds_gt', message: 'must be a finite number written in digits (a fraction and an exponent allowed: 1500000, 1.5e6)' }] }),
    );
    // Alongside other problems, all of them are named.
    expect(badParameters(companies, { limit: 'Infinity', scope: 'x' })).toEqual(['limit', 'scope']);
    expect(companies({ limit: '05', gross_proceeds_gt: '1.5E7', gross_proceeds_lt: '2e9' })).toEqual({ limit: 5, gross_proceeds_gt: 15_000_000, gross_proceeds_lt: 2e9 });
  });

  it("words an integer parameter's refusal as an integer's, for every integer parameter of every endpoint", () => {
    const schemas = Object.entries(paramSchemas).filter(([name]) => name.endsWith('QuerySchema')) as Array<[string, JsonSchema]>;
    const integers = schemas.flatMap(([schemaName, schema]) =>
      Object.entries(schema.properties as Record<string, JsonSchema>)
        .filter(([, property]) => property.type === 'integer')
        .map(([parameter]) => ({ schemaName, parameter, validate: compileQueryValidator<unknown>(ajv, schema) })),
    );
    expect(integers.map((i) => `${i.schemaName}.${i.parameter}`)).toEqual(expect.arrayContaining(['EventStreamQuerySchema.after', 'CompanyListQuerySchema.limit']));
    for (const { schemaName, parameter, validate } of integers) {
      // Refused before ajv (not digits) and by ajv (a fraction): one message, which offers no fraction.
      // An exponent or a fraction of zero is a number JSON writes, not an integer a client means (after=1e3 was read as 1000).
      for (const value of ['abc', '1.5', 'Infinity', '1e3', '1E2', '2.0', '0.0']) {
        expect(problems(validate, { [parameter]: value }), `${schemaName} ${parameter}=${value}`).toEqual([
          { parameter, message: 'must be an integer written in digits (e.g. 25)' },
        ]);
      }
    }
    // A number parameter still says what it takes.
    expect(problems(companies, { gross_proceeds_gt: 'lots' })[0].message).toContain('1.5e6');
  });

  it('refuses a one-value parameter given more than once as such, and takes repeats of a list parameter', () => {
    const events = compileQueryValidator<Record<string, unknown>>(ajv, paramSchemas.EventStreamQuerySchema);
    expect(problems(events, { after: ['5', '6'] })).toEqual([{ parameter: 'after', message: 'given 2 times; it takes one value' }]);
    expect(problems(events, { after: ['5', '5'], limit: 'x' })).toEqual([
      { parameter: 'after', message: 'given 2 times; it takes one value' },
      { parameter: 'limit', message: 'must be an integer written in digits (e.g. 25)' },
    ]);
    expect(problems(companies, { q: ['a', 'b', 'c'], colour: ['red', 'blue'] })).toEqual([
      { parameter: 'colour', message: 'unknown parameter' },
      { parameter: 'q', message: 'given 3 times; it takes one value' },
    ]);
    expect(events({ type: ['priced', 'listed'], after: '5' })).toEqual({ type: ['priced', 'listed'], after: 5 });
  });

  it('refuses an empty item of a list parameter by its place, never reading it as no filter (type= was every type)', () => {
    const events = compileQueryValidator<Record<string, unknown>>(ajv, paramSchemas.EventStreamQuerySchema);
    expect(problems(events, { type: 'priced,,listed' })).toEqual([{ parameter: 'type', message: 'item 2 is empty' }]);
    expect(problems(events, { cik: '1158114,' })).toEqual([{ parameter: 'cik', message: 'item 2 is empty' }]);
    expect(problems(events, { ticker: ['A', ',B'] })).toEqual([{ parameter: 'ticker', message: 'item 2 is empty' }]);
    expect(problems(events, { type: '' })).toEqual([{ parameter: 'type', message: 'is empty: name at least one value, or leave the parameter out' }]);
    expect(problems(detail, { include: 'latest_terms,' })).toEqual([{ parameter: 'include', message: 'item 2 is empty' }]);
    // Spaces around an item are not an item of their own.
    expect(events({ type: 'priced , listed' })).toEqual({ type: ['priced', 'listed'] });
  });

  it('rejects limits outside 1..100 or not integers', () => {
    for (const limit of ['0', '101', '-1', '2.5', 'ten', '', ['5', '6']]) {
      expect(badParameters(articles, { limit })).toEqual(['limit']);
    }
    expect(articles({ limit: '1' })).toEqual({ limit: 1 });
  });

  it('rejects malformed dates and timestamps', () => {
    expect(badParameters(filings, { filing_date_from: '2021-6-30', filing_date_to: '2021-06-30T00:00:00Z' })).toEqual([
      'filing_date_from',
      'filing_date_to',
    ]);
    expect(badParameters(filings, { filing_date_from: '2021-02-30' })).toEqual(['filing_date_from']);
    expect(badParameters(news, { published_at_from: '30/06/2021', published_at_to: '2021-06-30T25:00:00Z' })).toEqual([
      'published_at_from',
      'published_at_to',
    ]);
    expect(badParameters(outcomes, { trading_start_date_from: 'soon', status: 'pending' })).toEqual(['status', 'trading_start_date_from']);
  });

  it('rejects unknown include tokens per endpoint', () => {
    expect(badParameters(detail, { include: 'filings,news,lockup_schedule,financial_snapshot' })).toEqual([]);
    expect(badParameters(detail, { include: 'filings,everything' })).toEqual(['include']);
    expect(badParameters(filings, { include: 'content' })).toEqual(['include']);
    expect(badParameters(news, { include: 'terms' })).toEqual(['include']);
  });

  it('rejects unknown parameters, including ones valid elsewhere', () => {
    expect(badParameters(articles, { cursor: 'x' })).toEqual(['cursor']);
    expect(badParameters(outcomes, { include: 'content' })).toEqual(['include']);
    expect(badParameters(filings, { cik: 'CIK1766140' })).toEqual(['cik']);
  });
});

describe('query reader', () => {
  const read = queryReader(companies);

  it('skips validation for an empty query string and remembers valid ones, frozen', () => {
    expect(read({ querystring: '', query: { limit: 'not parsed' } })).toEqual({});
    let parses = 0;
    const request = (querystring: string, query: RawQuery) => ({
      querystring,
      get query() {
        parses++;
        return query;
      },
    });
    const first = read(request('limit=5&include=consensus', { limit: '5', include: 'consensus' }));
    expect(first).toEqual({ limit: 5, include: ['consensus'] });
    expect(read(request('limit=5&include=consensus', { limit: '5', include: 'consensus' }))).toBe(first);
    expect(parses).toBe(1);
    expect(Object.isFrozen(first) && Object.isFrozen((first as { include: string[] }).include)).toBe(true);
  });

  it('rejects an invalid query string every time', () => {
    for (let i = 0; i < 2; i++) expect(() => read({ querystring: 'limit=0', query: { limit: '0' } })).toThrow(/limit/);
  });
});
