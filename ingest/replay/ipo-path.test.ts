import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSubmissions } from '../../schema/edgar/submissions.parse.ts';
import { ipoPathFilings, submissionsAsOf } from './ipo-path.ts';

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
});
