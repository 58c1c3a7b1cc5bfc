import { describe, expect, it } from 'vitest';
import { sampleDoc } from '../extract/test-docs.ts';
import { extractTerms } from '../extract/terms.extract.ts';
import { groupDeals } from './deals.group.ts';
import { amendmentNumbers, changeSummary, endSentence, formSummary, termChanges } from './filing-summary.derive.ts';
import { byAccession, loadSubmissions } from './sample.testkit.ts';

const { company, filings } = loadSubmissions('unicycive');
const deal = groupDeals(filings).find((d) => d.key === '333-256367')!;
const numbers = amendmentNumbers(deal.filings);
const unicycive = extractTerms(sampleDoc('unicycive')).terms;
const summary = (acc: string, terms = null as typeof unicycive | null) =>
  formSummary({ filing: byAccession(filings, acc), companyName: company.name, dealKind: 'ipo', dealFileNumber: deal.fileNumber, amendmentNumber: numbers.get(acc), terms });

describe('formSummary on Unicycive (real filings and prospectus)', () => {
  it('numbers the amendment and states the read terms', () => {
    expect(summary('0001213900-21-035033', unicycive)).toBe(
      "Amendment No. 3 to Unicycive Therapeutics, Inc.'s IPO registration (S-1/A, 333-256367): 4,550,000 units at $5.00–$6.00 per unit; " +
        'about $25.0 million gross at the range midpoint (an estimate); Nasdaq Capital Market as UNCY; led by Roth Capital Partners, LLC.',
    );
  });

  it('describes drafts under their own 377- number, the S-1, the EFFECT, the 8-A12B and the CERT', () => {
    expect(summary('0001213900-20-034354')).toBe("Amendment No. 1 to Unicycive Therapeutics, Inc.'s confidential draft registration statement (DRS/A, 377-03542).");
    expect(summary('0001213900-21-028391')).toBe("Unicycive Therapeutics, Inc.'s IPO registration on Form S-1 (333-256367).");
    expect(summary('9999999995-21-002720')).toMatch(/^SEC notice that Unicycive Therapeutics, Inc.'s registration statement 333-256367 is effective/);
    expect(formSummary({ filing: byAccession(filings, '0001213900-21-035803'), companyName: company.name })).toMatch(/section 12\(b\)/);
    // A generic CERT is named by its filer, the accession number's first ten digits (Nasdaq's CIK).
    expect(formSummary({ filing: byAccession(filings, '0001354457-21-000764'), companyName: company.name })).toMatch(/^Nasdaq certification/);
  });

  it('AAOI CERTNAS names Nasdaq; a 10-K gets no summary', () => {
    const aaoi = loadSubmissions('aaoi');
    const cert = aaoi.filings.find((f) => f.formType === 'CERTNAS')!;
    expect(formSummary({ filing: cert, companyName: aaoi.company.name })).toMatch(/^Nasdaq certification/);
    expect(formSummary({ filing: aaoi.filings.find((f) => f.formType === '10-K')!, companyName: aaoi.company.name })).toBeNull();
  });
});

describe('formSummary of the filings that end a listing (Learn CW, real filings)', () => {
  it('Form 25, 25-NSE and 15-12G each say what they remove', () => {
    const lcw = loadSubmissions('learncw');
    const of = (acc: string) => formSummary({ filing: byAccession(lcw.filings, acc), companyName: lcw.company.name });
    expect(of('0001140361-24-038312')).toBe("Learn CW Investment Corp's notice removing its class of securities from exchange listing (Form 25).");
    expect(of('0001354457-24-000744')).toBe("Exchange notice removing Learn CW Investment Corp's class of securities from listing.");
    expect(of('0001140361-24-045876')).toBe("Learn CW Investment Corp's certification ending the registration of its securities under Exchange Act section 12(g).");
  });
});

describe('sentence endings', () => {
  it('AAOI: a summary ending in the lead bank\'s "Inc." gets no second full stop', () => {
    const aaoi = loadSubmissions('aaoi');
    const filing = byAccession(aaoi.filings, '0001047469-14-002425');
    const followOn = groupDeals(aaoi.filings).find((d) => d.filings.includes(filing))!;
    const terms = extractTerms(sampleDoc('aaoi')).terms;
    expect(terms.underwriters?.[0]).toBe('Raymond James & Associates, Inc.');
    const text = formSummary({
      filing,
      companyName: aaoi.company.name,
      dealKind: 'follow_on',
      dealFileNumber: followOn.fileNumber,
      amendmentNumber: amendmentNumbers(followOn.filings).get(filing.accessionNumber),
      terms,
    });
    expect(text).toBe(
      "Amendment No. 3 to APPLIED OPTOELECTRONICS, INC.'s follow-on offering registration (S-1/A, 333-194379): 2,700,000 shares; " +
        'NASDAQ Global Market as AAOI; led by Raymond James & Associates, Inc.',
    );
  });

  it('names the lead-left bookrunner, or the agents of a best-efforts sale (Imunon: no book, placed through its placement agents)', () => {
    // Imunon's real terms under a Unicycive filing: only the summary's closing phrase is checked.
    const imunon = extractTerms(sampleDoc('imunon'), { formType: '424B5' }).terms;
    expect(summary('0001213900-21-035033', imunon)).toMatch(/; placed through Maxim Group LLC and others\.$/);
    expect(summary('0001213900-21-035033', { ...unicycive, leadLeftBookrunner: null, leadLeftBookrunnerSource: 'not_stated' })).not.toMatch(/led by/);
  });

  it('Unicycive: a summary ending in "LLC" is closed with one full stop', () => {
    expect(summary('0001213900-21-035033', unicycive)).toMatch(/led by Roth Capital Partners, LLC\.$/);
    expect(summary('0001213900-21-035033', unicycive)).not.toMatch(/\.\.$/);
  });

  it('endSentence adds a full stop only where none closes the text', () => {
    expect(endSentence('led by Raymond James & Associates, Inc.')).toBe('led by Raymond James & Associates, Inc.');
    expect(endSentence('led by Roth Capital Partners, LLC')).toBe('led by Roth Capital Partners, LLC.');
    expect(endSentence('(Raymond James & Associates, Inc.)')).toBe('(Raymond James & Associates, Inc.).');
    expect(endSentence('the offering may now be priced and sold?')).toBe('the offering may now be priced and sold?');
  });
});

describe('changeSummary', () => {
  it('is null for the first filing of a deal and when the current document was not read', () => {
    const s1 = byAccession(filings, '0001213900-21-028391');
    expect(changeSummary(null, { filing: s1, terms: unicycive })).toBeNull();
    expect(changeSummary({ filing: s1, terms: unicycive }, { filing: s1, terms: null })).toBeNull();
  });

  it('reports no change when two readings agree', () => {
    const a1 = byAccession(filings, '0001213900-21-033200');
    const a3 = byAccession(filings, '0001213900-21-035033');
    expect(changeSummary({ filing: a1, terms: unicycive }, { filing: a3, terms: unicycive })).toBe('No change in the offering terms since the S-1/A of 2021-06-21.');
  });

  it('from a real all-blank IPO S-1 (Pandora) to a real launched amendment (Unicycive): range, size, banks and listing are "set"', () => {
    // Two real documents of different issuers: the diff rules only see terms, so this exercises
    // every "first stated" branch without inventing a filing.
    const blank = extractTerms(sampleDoc('pandora')).terms;
    expect(blank.priceRangeLow).toBeNull();
    const changes = termChanges({ ...blank, underwriters: null }, unicycive);
    expect(changes).toEqual([
      'price range set at $5.00–$6.00',
      '4,550,000 securities offered (first stated)',
      'underwriters added: Roth Capital Partners, LLC, EF Hutton, division of Benchmark Investments, LLC',
      'proposed ticker UNCY',
      'exchange named: Nasdaq Capital Market',
    ]);
  });
});

describe('amendmentNumbers on index rows (the real 2022-10-03 company index)', () => {
  it("numbers no amendment whose original statement the data does not hold: Pagaya's two F-1/As of 2022-10-03 are amendments, not Nos. 1 and 2", async () => {
    const { parseEdgarIndex } = await import('../../schema/edgar/index.parse.ts');
    const { readSample } = await import('../common/sample.testkit.ts');
    const rows = parseEdgarIndex(readSample('edgar/index/company.20221003.idx.gz'), 'company').entries.filter((e) => e.cik === '0001883085');
    const pagaya = rows.map((r) => ({ accessionNumber: r.accessionNumber, cik: r.cik, formType: r.formType, filingDate: r.dateFiled, fileNumber: null, primaryDocument: null, acceptanceDateTime: null }));
    expect(pagaya.filter((f) => f.formType === 'F-1/A')).toHaveLength(2);
    expect([...amendmentNumbers(pagaya).values()]).toEqual([]);
    const summaryOf = (accessionNumber: string) =>
      formSummary({ filing: pagaya.find((f) => f.accessionNumber === accessionNumber)!, companyName: 'Pagaya Technologies Ltd.', amendmentNumber: amendmentNumbers(pagaya).get(accessionNumber) });
    expect(summaryOf(pagaya.find((f) => f.formType === 'F-1/A')!.accessionNumber)).toMatch(/^Amendment to Pagaya Technologies Ltd\.'s registration statement \(F-1\/A\)/);
  });
});
