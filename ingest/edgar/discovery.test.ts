import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseCurrentFeed } from '../../schema/edgar/current-feed.parse.ts';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { discoveryFollowUps, followedParties, sightingsFromIndex, type FilingLedger } from './discovery.ts';
import { OFFERING_FORMS } from './offering-forms.ts';

const SAMPLE = join(import.meta.dirname, '../../data/sample/edgar');
const index = parseEdgarIndex(gunzipSync(readFileSync(join(SAMPLE, 'index/form.20200318.idx.gz'))), 'form');
const sightings = sightingsFromIndex(index.entries);
const feed = (name: string) => parseCurrentFeed(readFileSync(join(SAMPLE, `feeds/getcurrent_2026-01-12T${name}.atom.xml`)));
const sighting = (accession: string) => sightings.find((s) => s.accessionNumber === accession)!;

/** What the log holds, as sets: documents by accession, and accessions listed by each company's submissions. */
function ledger(documents: string[] = [], listed: Record<string, string[]> = {}): FilingLedger {
  return {
    hasDocument: (accession) => documents.includes(accession),
    companyListsFiling: (cik, accession) => (listed[cik] ?? []).includes(accession),
  };
}

type SubmissionsData = { cik: string; accessions: string[]; filedOn: string };
const submissionsOf = (jobs: ReturnType<typeof discoveryFollowUps>): Record<string, SubmissionsData> =>
  Object.fromEntries(jobs.map((j) => [(j.data as SubmissionsData).cik, j.data as SubmissionsData]));

describe('which companies a filing is followed to', () => {
  it('folds index rows into one sighting per accession with every CIK it names', () => {
    expect(new Set(index.entries.map((e) => e.accessionNumber)).size).toBe(sightings.length);
    expect(sighting('0001354457-20-000128').parties).toEqual([{ cik: '0001617977', role: null }, { cik: '0001354457', role: null }]);
  });

  it('follows the issuer of a 25-NSE, not the exchange whose filer id the accession carries', () => {
    expect(followedParties(sighting('0001354457-20-000128'))).toEqual(['0001617977']); // Habit Restaurants, not Nasdaq
    expect(followedParties(sighting('0001417835-20-000021'))).toEqual(['0000312070']); // Barclays, not Cboe BZX
    expect(followedParties(sighting('0000876661-20-000230'))).toEqual(['0001119639']); // Petrobras, not the NYSE
  });

  it('in the feed, follows the Subject and never the party a filing is "Filed by"', () => {
    const page = feed('112850_start0000');
    const delisting = page.filings.find((f) => f.accessionNumber === '0000876661-26-000040')!;
    expect(followedParties(delisting)).toEqual(['0000885732']);
    const schedule = page.filings.find((f) => f.formType === 'SCHEDULE 13D/A')!;
    expect(followedParties(schedule)).toEqual([schedule.parties.find((p) => p.role === 'Subject')!.cik]);
  });
});

describe('discoveryFollowUps', () => {
  it('asks once per company for its submissions, naming its new offering filings and the latest filing date', () => {
    const jobs = discoveryFollowUps(sightings, OFFERING_FORMS, ledger());
    expect(jobs.every((j) => j.name === 'edgar.submissions')).toBe(true);
    const byCik = submissionsOf(jobs);
    expect(Object.keys(byCik)).toHaveLength(jobs.length);
    // UTime's F-1 of the day and its DRS and DRS/A of 2019, made public that day.
    expect(byCik['0001789299']).toEqual({ cik: '0001789299', accessions: ['0001213900-19-019358', '0001213900-19-026878', '0001213900-20-006792'], filedOn: '2020-03-18' });
    // EFFECT notices carry the previous day as filing date.
    expect(byCik['0000918160']).toEqual({ cik: '0000918160', accessions: ['9999999995-20-000581'], filedOn: '2020-03-17' });
    expect(byCik['0001617977']).toBeDefined();
    expect(byCik['0001354457']).toBeUndefined();
    // Every followed company filed an offering form that day; 424B2 note supplements are not followed.
    const offeringCiks = new Set(sightings.filter((s) => OFFERING_FORMS.includes(s.formType)).flatMap(followedParties));
    expect(new Set(Object.keys(byCik))).toEqual(offeringCiks);
    const noteIssuers = sightings.filter((s) => s.formType === '424B2').flatMap(followedParties).filter((cik) => !offeringCiks.has(cik));
    expect(noteIssuers.length).toBeGreaterThan(10);
    expect(noteIssuers.some((cik) => byCik[cik])).toBe(false);
  });

  it('skips a filing the log already knows: a prospectus by its document, any other by the company listing it', () => {
    const effect = '9999999995-20-000581'; // AK Steel's EFFECT
    const f1 = '0001213900-20-006792'; // UTime's F-1
    const known = ledger([f1], { '0000918160': [effect], '0001789299': ['0001213900-19-019358'] });
    const byCik = submissionsOf(discoveryFollowUps(sightings, OFFERING_FORMS, known));
    expect(byCik['0000918160']).toBeUndefined();
    expect(byCik['0001789299']).toEqual({ cik: '0001789299', accessions: ['0001213900-19-026878'], filedOn: '2019-12-23' });
    // A prospectus its company lists is still new until its document is fetched.
    const listedOnly = submissionsOf(discoveryFollowUps(sightings, OFFERING_FORMS, ledger([], { '0001789299': [f1] })));
    expect(listedOnly['0001789299'].accessions).toContain(f1);
  });

  it('follows the feed the same way: one job for the S-1/A of TG-17, Inc., one per EFFECT filer, none for the exchange', () => {
    const jobs = ['112850_start0000', '112900_start3500', '112903_start4300'].flatMap((page) => discoveryFollowUps(feed(page).filings, OFFERING_FORMS, ledger()));
    const byCik = submissionsOf(jobs);
    expect(byCik['0001756064']).toEqual({ cik: '0001756064', accessions: ['0001493152-26-001260'], filedOn: '2026-01-12' });
    expect(byCik['0001730773']).toEqual({ cik: '0001730773', accessions: ['0001493152-26-001057'], filedOn: '2026-01-09' });
    expect(byCik['0002049323']).toEqual({ cik: '0002049323', accessions: ['0001213900-26-002815'], filedOn: '2026-01-09' });
    expect(jobs.filter((j) => (j.data as { accessions: string[] }).accessions.some((a) => a.startsWith('9999999995-')))).toHaveLength(15);
    expect(byCik['0000876661']).toBeUndefined();
    expect(byCik['0000885732']).toBeDefined();
    // Not offering forms: the 8-A12B of Tidal Trust II, the 10-12G of HPS.
    expect(byCik['0001924868']).toBeUndefined();
    expect(byCik['0002089975']).toBeUndefined();
  });

  it('follows only the forms it is given', () => {
    const jobs = discoveryFollowUps(sightings, ['F-1'], ledger());
    expect(jobs).toEqual([{ name: 'edgar.submissions', data: { cik: '0001789299', accessions: ['0001213900-20-006792'], filedOn: '2020-03-18' } }]);
  });
});
