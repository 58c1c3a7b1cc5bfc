import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { IndexParseError, parseEdgarIndex } from './index.parse.ts';

const INDEX_DIR = join(import.meta.dirname, '../../data/sample/edgar/index');

function sample(name: string): Buffer {
  const bytes = readFileSync(join(INDEX_DIR, name));
  return name.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

/** Rows in the file that point at a filing: every one must end up parsed, deduplicated or reported. */
function dataRowCount(bytes: Buffer): number {
  return bytes.toString('latin1').split(/\r?\n/).filter((l) => /edgar\/data\/\d+\//.test(l)).length;
}

describe('parseEdgarIndex on the real daily form index of 2020-03-18', () => {
  const bytes = sample('form.20200318.idx.gz');
  const parsed = parseEdgarIndex(bytes, 'form');

  it('reads the header', () => {
    expect(parsed.kind).toBe('form');
    expect(parsed.description).toBe('Daily Index of EDGAR Dissemination Feed by Form Type');
    expect(parsed.lastDataReceived).toBe('Mar 18, 2020');
  });

  it('reads the rows quoted in domain.md §1.7, with dates normalised and CIKs padded', () => {
    const byAccession = (acc: string) => parsed.entries.filter((e) => e.accessionNumber === acc);
    expect(byAccession('0001213900-19-019358')).toEqual([
      {
        cik: '0001789299',
        companyName: 'UTime Ltd',
        formType: 'DRS',
        dateFiled: '2019-10-01',
        accessionNumber: '0001213900-19-019358',
        fileName: 'edgar/data/1789299/0001213900-19-019358.txt',
      },
    ]);
    expect(byAccession('9999999995-20-000578')[0]).toMatchObject({ formType: 'EFFECT', companyName: 'Emerald Bioscience, Inc.', dateFiled: '2020-03-17' });
    expect(byAccession('0001213900-20-006792')[0]).toMatchObject({ formType: 'F-1', cik: '0001789299' });
  });

  it('keeps form types that contain spaces whole', () => {
    const forms = new Set(parsed.entries.map((e) => e.formType));
    for (const form of ['1-A POS', 'SC 13G/A', 'SEC STAFF', 'NT 10-K']) expect(forms).toContain(form);
    expect(parsed.entries.every((e) => !/\s{2,}/.test(e.formType) && e.companyName === e.companyName.trim())).toBe(true);
  });

  it('accounts for every data row: parsed, or dropped as a duplicate (accession, cik)', () => {
    expect(parsed.malformed).toEqual([]);
    expect(parsed.entries.length + parsed.duplicatesDropped).toBe(dataRowCount(bytes));
    expect(parsed.duplicatesDropped).toBeGreaterThan(0);
    const keys = parsed.entries.map((e) => `${e.accessionNumber}/${e.cik}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps per-filer rows of one accession (one entry per filer)', () => {
    // A real multi-filer 40-APP in this file: one accession, seven filers, seven rows.
    const rows = parsed.entries.filter((e) => e.accessionNumber === '0001193125-20-076296');
    expect(rows.map((e) => e.cik).sort()).toEqual(['0000727920', '0001634385', '0001634452', '0001641002', '0001667363', '0001746553', '0001750515']);
  });

  it('keeps the first of repeated rows for the same filer (real 485BPOS rows listed twice)', () => {
    const rows = parsed.entries.filter((e) => e.accessionNumber === '0001683863-20-000696');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cik: '0001004655', formType: '485BPOS' });
  });

  it('decodes a Buffer as Latin-1, the same as the already-decoded text', () => {
    expect(parseEdgarIndex(bytes.toString('latin1'))).toEqual(parsed);
  });
});

describe('parseEdgarIndex on the real daily company index of 2022-10-03', () => {
  const bytes = sample('company.20221003.idx.gz');
  const parsed = parseEdgarIndex(bytes);

  it('recognises the company layout despite its header wrapped over two lines', () => {
    expect(parsed.kind).toBe('company');
    expect(parsed.lastDataReceived).toBe('Oct  3, 2022');
  });

  it('splits name-first rows into name and form type', () => {
    expect(parsed.entries[0]).toEqual({
      cik: '0001700461',
      companyName: '1st stREIT Office Inc.',
      formType: '1-A POS',
      dateFiled: '2022-10-03',
      accessionNumber: '0001104659-22-105357',
      fileName: 'edgar/data/1700461/0001104659-22-105357.txt',
    });
    const sc13 = parsed.entries.find((e) => e.accessionNumber === '0001104659-22-104841');
    expect(sc13).toMatchObject({ companyName: '36Kr Holdings Inc.', formType: 'SC 13D/A', cik: '0001779476' });
  });

  it('accounts for every data row', () => {
    expect(parsed.malformed).toEqual([]);
    expect(parsed.entries.length + parsed.duplicatesDropped).toBe(dataRowCount(bytes));
  });

  it('refuses to be read as another kind', () => {
    expect(() => parseEdgarIndex(bytes, 'form')).toThrow(IndexParseError);
  });
});

describe('parseEdgarIndex on the real edge-case files', () => {
  it('reads a header-only index as no entries', () => {
    const parsed = parseEdgarIndex(sample('empty-form.idx'));
    expect(parsed).toMatchObject({ kind: 'form', entries: [], malformed: [], duplicatesDropped: 0 });
    expect(parsed.lastDataReceived).toBe('March 29, 2025');
  });

  it('reads the malformed full form index: YYYY-MM-DD dates, an overflowing name, a repeated accession', () => {
    const bytes = sample('badform.idx.txt');
    const parsed = parseEdgarIndex(bytes);
    expect(parsed.description).toBe('Master Index of EDGAR Dissemination Feed by Form Type');
    expect(parsed.malformed).toEqual([]);
    // The name is wider than its column and shifts the CIK right: read from the right, it still parses.
    expect(parsed.entries.find((e) => e.cik === '0000820694')).toEqual({
      cik: '0000820694',
      companyName: "UNITED PLANNERS' FINANCIAL SERVICES OF AMERICA A LIMITED PARTNER",
      formType: 'X-17A-5',
      dateFiled: '2021-02-24',
      accessionNumber: '9999999997-21-003146',
      fileName: 'edgar/data/820694/9999999997-21-003146.txt',
    });
    // ALFADAN's accession is listed as 1-A and again as 1-A POS: one entry, the first.
    const alfadan = parsed.entries.filter((e) => e.accessionNumber === '0001477932-21-001700');
    expect(alfadan).toHaveLength(1);
    expect(alfadan[0].formType).toBe('1-A');
    expect(parsed.duplicatesDropped).toBe(1);
    expect(parsed.entries).toHaveLength(dataRowCount(bytes) - 1);
  });

  it('rejects text that is not an index', () => {
    expect(() => parseEdgarIndex('<html><title>SEC.gov | File Not Found</title></html>')).toThrow(IndexParseError);
  });
});

describe('parseEdgarIndex on the master (pipe) format', () => {
  // No master file is in data/sample; these are the real excerpt lines quoted in domain.md §1.7
  // (a daily master.YYYYMMDD.idx and a quarterly full-index master.idx), verbatim.
  const dailyMaster = [
    'Description:           Daily Index of EDGAR Dissemination Feed',
    'Last Data Received:    Aug 24, 2026',
    'Comments:              webmaster@sec.gov',
    'Anonymous FTP:         ftp://ftp.sec.gov/edgar/',
    '',
    'CIK|Company Name|Form Type|Date Filed|File Name',
    '--------------------------------------------------------------------------------',
    '1000184|SAP SE|S-8|20260824|edgar/data/1000184/0001104659-26-100300.txt',
  ].join('\n');
  const fullMaster = [
    'CIK|Company Name|Form Type|Date Filed|Filename',
    '--------------------------------------------------------------------------------',
    '320193|Apple Inc.|8-K|2024-01-15|edgar/data/320193/0000320193-24-000010.txt',
  ].join('\n');

  it('reads the daily master (File Name, YYYYMMDD)', () => {
    const parsed = parseEdgarIndex(Buffer.from(dailyMaster, 'latin1'), 'master');
    expect(parsed.lastDataReceived).toBe('Aug 24, 2026');
    expect(parsed.entries).toEqual([
      {
        cik: '0001000184',
        companyName: 'SAP SE',
        formType: 'S-8',
        dateFiled: '2026-08-24',
        accessionNumber: '0001104659-26-100300',
        fileName: 'edgar/data/1000184/0001104659-26-100300.txt',
      },
    ]);
  });

  it('reads the full-index master (Filename, YYYY-MM-DD)', () => {
    const parsed = parseEdgarIndex(fullMaster);
    expect(parsed.kind).toBe('master');
    expect(parsed.entries[0]).toMatchObject({ cik: '0000320193', formType: '8-K', dateFiled: '2024-01-15', accessionNumber: '0000320193-24-000010' });
  });

  it('reports a row with missing fields instead of guessing', () => {
    const cut = fullMaster.replace('|2024-01-15|edgar/data/320193/0000320193-24-000010.txt', '');
    const parsed = parseEdgarIndex(cut);
    expect(parsed.entries).toEqual([]);
    expect(parsed.malformed).toHaveLength(1);
    expect(parsed.malformed[0].line).toBe(3);
  });
});
