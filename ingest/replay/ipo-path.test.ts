import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSubmissions } from '../../schema/edgar/submissions.parse.ts';
import { ipoPathFilings, submissionsAsOf } from './ipo-path.ts';

const IPO_FILES = [
  'CIK0001158114_applied-optoelectronics.json.gz', 'CIK0001796129_vincerx.json', 'CIK0001677077_alzamend.json',
  'CIK0001766140_unicycive.json', 'CIK0001847577_learncw-spac.json', 'CIK0001881551_solidion.json',
];

const SUBMISSIONS = join(import.meta.dirname, '../../data/sample/edgar/submissions');
const read = (file: string) => {
  const bytes = readFileSync(join(SUBMISSIONS, file));
  return file.endsWith('.gz') ? gunzipSync(bytes) : bytes;
};

describe('a company’s IPO as the feed listed it', () => {
  it('takes the followed filings from the first registration statement to the final prospectus, in acceptance order', () => {
    const unicycive = ipoPathFilings(read('CIK0001766140_unicycive.json'));
    expect(unicycive.map((f) => `${f.formType} ${f.filedOn}`)).toEqual([
      'S-1 2021-05-21', 'S-1/A 2021-06-07', 'S-1/A 2021-06-21', 'S-1/A 2021-06-30', 'S-1/A 2021-07-12', 'S-1/A 2021-07-12', 'EFFECT 2021-07-12', '424B4 2021-07-14',
    ]);
    expect(unicycive[3]).toEqual({
      accessionNumber: '0001213900-21-035033',
      formType: 'S-1/A',
      cik: '0001766140',
      companyName: 'Unicycive Therapeutics, Inc.',
      role: 'Filer',
      filedOn: '2021-06-30',
      acceptedAt: expect.stringMatching(/^2021-06-30T/),
      size: expect.stringMatching(/^\d+ [KM]B$/),
    });
  });

  it('names the filer as it was named then (Solidion filed its IPO as Nubia Brand International)', () => {
    const solidion = ipoPathFilings(read('CIK0001881551_solidion.json'));
    expect(solidion).toHaveLength(11);
    expect(new Set(solidion.map((f) => f.companyName))).toEqual(new Set(['Nubia Brand International Corp.']));
  });

  it('finds none where the recent filings hold no priced IPO (Wolfspeed’s 2025 S-1, Tesla’s IPO on an older page)', () => {
    expect(ipoPathFilings(read('CIK0000895419_wolfspeed.json'))).toEqual([]);
    expect(ipoPathFilings(read('CIK0001318605_tesla.json'))).toEqual([]);
  });

  it('serves the submissions file as it read then: the filings accepted by that moment, every column alike', () => {
    const body = read('CIK0001158114_applied-optoelectronics.json.gz');
    const path = ipoPathFilings(body);
    const s1a = path.find((f) => f.formType === 'S-1/A')!;
    const then = parseSubmissions(submissionsAsOf(body, Date.parse(s1a.acceptedAt)));
    const all = parseSubmissions(body);
    expect(then.company).toEqual(all.company);
    expect(then.filings.map((f) => f.accessionNumber)).toContain(s1a.accessionNumber);
    expect(then.filings.every((f) => (f.acceptanceDateTime ?? '') <= s1a.acceptedAt)).toBe(true);
    expect(then.filings.map((f) => f.accessionNumber)).toEqual(all.filings.filter((f) => (f.acceptanceDateTime ?? '') <= s1a.acceptedAt).map((f) => f.accessionNumber));
    expect(then.filings.length).toBeLessThan(all.filings.length);
  });

  describe('the company as it stood then', () => {
    /** The file as it read when the company's filing of `form` (the last such on its IPO path) was accepted: raw JSON and parsed. */
    const at = (file: string, form: string) => {
      const body = read(file);
      const filing = ipoPathFilings(body).filter((f) => f.formType === form).pop()!;
      const served = submissionsAsOf(body, Date.parse(filing.acceptedAt));
      return { filing, raw: JSON.parse(served.toString('utf8')) as Record<string, unknown>, company: parseSubmissions(served).company! };
    };

    it('names Solidion as Nubia Brand International, the SPAC it was, and withholds today’s ticker and SIC', () => {
      const { filing, raw, company } = at('CIK0001881551_solidion.json', '424B4');
      expect(filing.filedOn).toBe('2022-03-14');
      // Recorded today: "Solidion Technology Inc.", SIC 3690, STI on Nasdaq, Nubia's name until 2024-02-02.
      expect(company).toMatchObject({ name: 'Nubia Brand International Corp.', formerNames: [], tickers: [], exchanges: [], sic: null, sicDescription: null });
      // As EDGAR writes an entity without a SIC code; the office assigned by SIC goes with it.
      expect(raw).toMatchObject({ sic: '', sicDescription: '' });
      expect(raw).not.toHaveProperty('ownerOrg');
      // What does not describe today's company stays.
      expect(company).toMatchObject({ cik: '0001881551', entityType: 'operating', fiscalYearEnd: '1231' });
      expect(raw.addresses).toEqual(JSON.parse(read('CIK0001881551_solidion.json').toString('utf8')).addresses);
    });

    it('names Vincerx as LifeSci Acquisition Corp. in March 2020, with none of the names it took in December 2020 and January 2021', () => {
      const { filing, company } = at('CIK0001796129_vincerx.json', '424B4');
      expect(filing.filedOn).toBe('2020-03-09');
      expect(company).toMatchObject({ name: 'LifeSci Acquisition Corp.', formerNames: [], tickers: [], exchanges: [], sic: null, sicDescription: null });
    });

    it('keeps today’s metadata of a company not renamed since: AAOI’s 2012 rename had ended by its 2013 S-1, Unicycive’s former name is its name', () => {
      const aaoi = at('CIK0001158114_applied-optoelectronics.json.gz', 'S-1').company;
      expect(aaoi).toMatchObject({ name: 'APPLIED OPTOELECTRONICS, INC.', tickers: ['AAOI'], exchanges: ['Nasdaq'], sic: '3674' });
      expect(aaoi.formerNames).toEqual([{ name: 'APPLIED OPTOELECTRONICS INC', from: '2006-12-15T00:00:00.000Z', to: '2012-09-18T00:00:00.000Z' }]);
      const unicycive = at('CIK0001766140_unicycive.json', 'S-1');
      expect(unicycive.company).toMatchObject({ name: 'Unicycive Therapeutics, Inc.', tickers: ['UNCY'], exchanges: ['Nasdaq'], sic: '2834', formerNames: [] });
      expect(unicycive.raw.ownerOrg).toBe('03 Life Sciences');
    });

    it('at every filing of the six IPOs: the name the feed lists, no former name ending that day or later, no older page begun after it', () => {
      for (const file of IPO_FILES) {
        const body = read(file);
        for (const filing of ipoPathFilings(body)) {
          const served = submissionsAsOf(body, Date.parse(filing.acceptedAt));
          const company = parseSubmissions(served).company!;
          expect(company.name, `${file} ${filing.accessionNumber}`).toBe(filing.companyName);
          expect(company.formerNames.filter((f) => (f.to ?? '').slice(0, 10) >= filing.filedOn), `${file} ${filing.accessionNumber}`).toEqual([]);
          const files = (JSON.parse(served.toString('utf8')) as { filings: { files: Array<{ filingFrom: string }> } }).filings.files;
          expect(files.filter((page) => page.filingFrom > filing.filedOn)).toEqual([]);
        }
      }
    });
  });
});
