import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseEdgarIndex } from '../schema/edgar/index.parse.ts';
import { parseSubmissions } from '../schema/edgar/submissions.parse.ts';
import { deriveDealType } from './deal-type.derive.ts';
import { currentDeal, dealStatus, groupDeals, listingFilingDates } from './deals.derive.ts';
import type { FilingFact } from './facts.ts';

const EDGAR = join(import.meta.dirname, '../data/sample/edgar');
const read = (path: string) => {
  const bytes = readFileSync(join(EDGAR, path));
  return path.endsWith('.gz') ? gunzipSync(bytes) : bytes;
};

function factsOf(file: string): FilingFact[] {
  const parsed = parseSubmissions(read(`submissions/${file}`));
  return parsed.filings.map((f) => ({
    cik: parsed.company!.cik,
    accessionNumber: f.accessionNumber,
    formType: f.form,
    filingDate: f.filingDate,
    fileNumber: f.fileNumber,
    primaryDocument: f.primaryDocument,
    acceptanceDateTime: f.acceptanceDateTime,
    companyName: null,
    source: 'submissions',
  }));
}

/** The company's record as it stood on `date`: the same real filings, cut off. */
const asOf = (filings: FilingFact[], date: string) => filings.filter((f) => f.filingDate <= date);
const listedOnNasdaq = (filings: FilingFact[]) => ({ listingFilingDates: listingFilingDates(filings), hasExchangeTicker: true });

describe('groupDeals and dealStatus on the real AAOI history', () => {
  const aaoi = factsOf('CIK0001158114_applied-optoelectronics.json.gz');
  const deals = groupDeals(aaoi);
  const byKey = new Map(deals.map((d) => [d.key, d]));

  it('groups by 333- file number; the DRS joins the IPO it was flipped into; S-8 and MEF are no deals', () => {
    expect([...byKey.keys()].sort()).toEqual(['333-190591', '333-194379', '333-204703', '333-214146', '333-234310']);
    const ipo = byKey.get('333-190591')!;
    expect(ipo.baseForm).toBe('S-1');
    expect(ipo.firstDate).toBe('2013-04-04');
    expect(ipo.filings.map((f) => f.formType)).toEqual([
      'DRS', 'DRS/A', 'DRS/A', 'S-1', 'S-1/A', 'S-1/A', 'S-1/A', 'EFFECT', 'FWP', '424B4',
    ]);
  });

  it('walks the IPO through draft → filed → amended → effective → priced → listed', () => {
    const statusOn = (date: string) => {
      const filings = asOf(aaoi, date);
      const deal = currentDeal(groupDeals(filings));
      return deal ? dealStatus(deal, listedOnNasdaq(filings)) : 'none';
    };
    expect(statusOn('2013-04-03')).toBe('none');
    expect(statusOn('2013-07-31')).toBe('draft');
    expect(statusOn('2013-08-13')).toBe('filed');
    expect(statusOn('2013-09-20')).toBe('amended');
    expect(statusOn('2013-09-25')).toBe('listed');
    expect(dealStatus(byKey.get('333-190591')!, { listingFilingDates: [], hasExchangeTicker: true })).toBe('priced');
  });

  it('does not count the 2013 Nasdaq certification as a listing of the 2014 follow-on', () => {
    expect(dealStatus(byKey.get('333-194379')!, listedOnNasdaq(aaoi))).toBe('priced');
    expect(dealStatus(byKey.get('333-234310')!, listedOnNasdaq(aaoi))).toBe('effective');
    expect(currentDeal(deals)?.key).toBe('333-234310');
  });

  it('types the 2013 deal as an IPO and the 2014 S-1 (after 10-K/10-Q) as a follow-on, or an uplisting when OTC', () => {
    const dealTypeOn = (date: string, market: 'exchange' | 'otc') => {
      const filings = asOf(aaoi, date);
      return deriveDealType({ sic: '3674', deal: currentDeal(groupDeals(filings)), filings, market });
    };
    expect(dealTypeOn('2013-09-30', 'exchange')).toBe('ipo');
    expect(dealTypeOn('2014-03-31', 'exchange')).toBe('follow_on');
    expect(dealTypeOn('2014-03-31', 'otc')).toBe('uplisting');
    expect(dealTypeOn('2020-12-31', 'exchange')).toBe('follow_on');
    expect(deriveDealType({ sic: '3674', deal: null, filings: [], market: 'unknown' })).toBe('unknown');
  });
});

describe('other real histories', () => {
  it('Learn CW (SIC 6770) is a SPAC; its S-1 deal is priced', () => {
    const lcw = factsOf('CIK0001847577_learncw-spac.json');
    const deal = currentDeal(groupDeals(lcw))!;
    expect(deal.key).toBe('333-254820');
    expect(dealStatus(deal, { listingFilingDates: listingFilingDates(lcw), hasExchangeTicker: false })).toBe('priced');
    expect(deriveDealType({ sic: '6770', deal, filings: lcw, market: 'unknown' })).toBe('spac');
  });

  it('Alzamend: the DOS draft joins its Reg A 1-A (024-), which QUALIF makes effective', () => {
    const alzn = asOf(factsOf('CIK0001677077_alzamend.json'), '2017-12-31');
    const deal = currentDeal(groupDeals(alzn))!;
    expect(deal.key).toBe('024-10637');
    expect(deal.filings.map((f) => f.formType)).toContain('DOS');
    expect(dealStatus(deal, { listingFilingDates: [], hasExchangeTicker: false })).toBe('effective');
    expect(deriveDealType({ sic: '2834', deal, filings: alzn, market: 'unknown' })).toBe('reg_a');
  });

  it('unnumbered index rows: UTime’s DRS and DRS/A join its public F-1 of 2020-03-18', () => {
    const entries = parseEdgarIndex(read('index/form.20200318.idx.gz')).entries.filter((e) => e.cik === '0001789299');
    const filings: FilingFact[] = entries.map((e) => ({
      cik: e.cik,
      accessionNumber: e.accessionNumber,
      formType: e.formType,
      filingDate: e.dateFiled,
      fileNumber: null,
      primaryDocument: null,
      acceptanceDateTime: null,
      companyName: e.companyName,
      source: 'index',
    }));
    const deals = groupDeals(filings);
    expect(deals).toHaveLength(1);
    expect(deals[0].baseForm).toBe('F-1');
    expect(deals[0].filings.map((f) => f.formType)).toEqual(['DRS', 'DRS/A', 'F-1']);
    expect(dealStatus(deals[0], { listingFilingDates: [], hasExchangeTicker: false })).toBe('filed');
    expect(deriveDealType({ sic: null, deal: deals[0], filings, market: 'unknown' })).toBe('ipo');
  });

  it('an RW withdraws its deal unless a later RW WD takes it back; AW withdraws nothing', () => {
    // Hypothetical sequences (the sample holds no real RW inside a deal): the real AAOI deal with
    // withdrawal forms appended, their accession fields visibly not EDGAR accession numbers.
    const ipo = groupDeals(factsOf('CIK0001158114_applied-optoelectronics.json.gz')).find((d) => d.key === '333-190591')!;
    const withForm = (formType: string, filingDate: string): FilingFact => ({ ...ipo.filings[3], formType, filingDate, accessionNumber: `${formType}-${filingDate}` });
    const status = (...extra: FilingFact[]) =>
      dealStatus({ ...ipo, filings: [...ipo.filings, ...extra] }, { listingFilingDates: [], hasExchangeTicker: false });
    expect(status(withForm('RW', '2013-10-01'))).toBe('withdrawn');
    expect(status(withForm('RW', '2013-10-01'), withForm('RW WD', '2013-10-02'))).toBe('priced');
    expect(status(withForm('AW', '2013-10-01'))).toBe('priced');
  });
});
