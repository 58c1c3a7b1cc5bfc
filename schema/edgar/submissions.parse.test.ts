import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstFilingDate, parseSubmissions, SubmissionsParseError } from './submissions.parse.ts';

const DIR = join(import.meta.dirname, '../../data/sample/edgar/submissions');
const sample = (name: string): Buffer => {
  const bytes = readFileSync(join(DIR, name));
  return name.endsWith('.gz') ? gunzipSync(bytes) : bytes;
};

describe('parseSubmissions on the real Tesla recent page', () => {
  const parsed = parseSubmissions(sample('CIK0001318605_tesla.json'));

  it('reads the company facts', () => {
    expect(parsed.format).toBe('recent');
    expect(parsed.company).toMatchObject({
      cik: '0001318605',
      name: 'Tesla, Inc.',
      sic: '3711',
      sicDescription: 'Motor Vehicles & Passenger Car Bodies',
      tickers: ['TSLA'],
      exchanges: ['Nasdaq'],
      entityType: 'operating',
    });
    expect(parsed.olderPages).toEqual([
      { name: 'CIK0001318605-submissions-001.json', filingCount: 720, filingFrom: '2005-02-17', filingTo: '2018-02-11' },
    ]);
  });

  it('zips the parallel arrays into one filing per accession, newest first, keeping the fake Z', () => {
    expect(parsed.filings).toHaveLength(1000);
    expect(parsed.filings[0]).toMatchObject({
      accessionNumber: '0001628280-26-003952',
      filingDate: '2026-01-29',
      form: '10-K',
      acceptanceDateTime: '2026-01-29T01:55:03.000Z',
    });
    expect(new Set(parsed.filings.map((f) => f.accessionNumber)).size).toBe(1000);
  });

  it('turns EDGAR empty strings into null', () => {
    const form4 = parsed.filings.find((f) => f.form === '4');
    expect(form4?.fileNumber).toBeNull();
    expect(form4?.items).toBeNull();
  });
});

describe('parseSubmissions on the real Tesla older page (arrays at the top level)', () => {
  const parsed = parseSubmissions(sample('CIK0001318605-submissions-001_tesla-older-page.json'));

  it('reads the filings and no company', () => {
    expect(parsed.format).toBe('older');
    expect(parsed.company).toBeNull();
    expect(parsed.filings).toHaveLength(720);
    expect(parsed.filings[0]).toMatchObject({
      accessionNumber: '0000950103-18-001851',
      form: 'SC 13G/A',
      fileNumber: '005-85943',
      primaryDocument: 'dp86572_sc13ga.htm',
    });
    const ipo = parsed.filings.filter((f) => f.fileNumber === '333-164593').map((f) => f.form);
    expect(ipo).toContain('424B4');
    expect(ipo).toContain('S-1');
  });
});

describe('parseSubmissions on the real AAOI page (gzip fixture)', () => {
  const parsed = parseSubmissions(sample('CIK0001158114_applied-optoelectronics.json.gz'));
  it('finds the IPO filings with their file numbers and documents', () => {
    const byAccession = new Map(parsed.filings.map((f) => [f.accessionNumber, f]));
    expect(byAccession.get('0000912057-13-000099')).toMatchObject({ form: 'DRS', fileNumber: '377-00143', filingDate: '2013-04-04' });
    expect(byAccession.get('9999999995-13-002782')).toMatchObject({
      form: 'EFFECT',
      fileNumber: '333-190591',
      primaryDocument: 'xslEFFECTX01/primary_doc.xml',
      act: '33',
    });
    expect(parsed.company?.tickers).toEqual(['AAOI']);
    expect(parsed.olderPages).toEqual([]);
  });
});

describe('parseSubmissions rejects what it cannot read', () => {
  it('throws on non-JSON and on unknown shapes', () => {
    expect(() => parseSubmissions('<html>')).toThrow(SubmissionsParseError);
    expect(() => parseSubmissions('{"cik":"1"}')).toThrow(SubmissionsParseError);
  });

  it('throws when a column is not parallel to accessionNumber (truncated real page)', () => {
    const doc = JSON.parse(sample('CIK0001814722_tr-finance.json').toString('utf8'));
    doc.filings.recent.form.pop();
    expect(() => parseSubmissions(JSON.stringify(doc))).toThrow(/form is not parallel/);
  });
});

describe('firstFilingDate: the entity\'s first EDGAR filing, from the company page alone', () => {
  it('Tesla: its older page (not fetched) starts 2005-02-17, before every recent filing', () => {
    const recent = parseSubmissions(sample('CIK0001318605_tesla.json'));
    expect(recent.filings.map((f) => f.filingDate).sort()[0] > '2005-02-17').toBe(true);
    expect(firstFilingDate(recent)).toBe('2005-02-17');
    expect(firstFilingDate(parseSubmissions(sample('CIK0001318605-submissions-001_tesla-older-page.json')))).toBeNull();
  });

  it('Marvell Technology, Inc. (the 2021 Delaware successor): no older page, its first filing 2020-12-22', () => {
    expect(firstFilingDate(parseSubmissions(sample('CIK0001835632_marvell.json')))).toBe('2020-12-22');
  });
});
