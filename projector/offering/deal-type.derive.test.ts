import { describe, expect, it } from 'vitest';
import { sampleDoc } from '../extract/test-docs.ts';
import { coverSignals } from '../extract/cover-signals.ts';
import { extractTerms } from '../extract/terms.extract.ts';
import { groupDeals } from './deals.group.ts';
import { deriveDealType } from './deal-type.derive.ts';
import { loadSubmissions } from './sample.testkit.ts';

const dealOf = (name: Parameters<typeof loadSubmissions>[0], key: string) => {
  const s = loadSubmissions(name);
  return { ...s, deal: groupDeals(s.filings).find((d) => d.key === key)! };
};

describe('deriveDealType on real prospectuses', () => {
  it('AAOI follow-on S-1/A (selling stockholders, listed on NASDAQ) is a follow_on, not an IPO', () => {
    const { company, filings, deal } = dealOf('aaoi', '333-194379');
    const doc = sampleDoc('aaoi');
    const r = deriveDealType({ deal, company, companyFilings: filings, signals: coverSignals(doc), terms: extractTerms(doc).terms });
    expect(r.dealType).toBe('follow_on');
    expect(r.reasons.join(' ')).toMatch(/periodic reports/);
  });

  it('Unicycive S-1/A Amendment No. 3 is an IPO (first-time registrant, "initial public offering")', () => {
    const { company, filings, deal } = dealOf('unicycive', '333-256367');
    const r = deriveDealType({ deal, company, companyFilings: filings, signals: coverSignals(sampleDoc('unicycive')) });
    expect(r).toMatchObject({ dealType: 'ipo', confidence: 0.85 });
  });

  it('Twilio and Flushing covers say "listed … under the symbol": follow_on even without a filing history', () => {
    for (const name of ['twilio', 'flushing'] as const) {
      const r = deriveDealType({ deal: { key: 'doc', baseForm: name === 'twilio' ? 'S-1' : 'S-3', openedDate: '2016-10-07' }, signals: coverSignals(sampleDoc(name)) });
      expect(r.dealType).toBe('follow_on');
    }
  });

  it('Acurx S-1 registering selling stockholders only, no underwriter: resale', () => {
    const doc = sampleDoc('acurx');
    const r = deriveDealType({ deal: { key: '333-273015', baseForm: 'S-1', openedDate: '2023-06-29' }, signals: coverSignals(doc), terms: extractTerms(doc).terms });
    expect(r.dealType).toBe('resale');
  });

  it('Pandora S-1 stays an IPO although selling stockholders sell too', () => {
    const doc = sampleDoc('pandora');
    const r = deriveDealType({ deal: { key: '333-172207', baseForm: 'S-1', openedDate: '2011-02-11' }, signals: coverSignals(doc), terms: extractTerms(doc).terms });
    expect(r.dealType).toBe('ipo');
  });

  it('a 424B4 cover asserting an initial public offering wins over an already-listed reading (gh-869 rule)', () => {
    const pandora = coverSignals(sampleDoc('pandora'));
    const aaoi = coverSignals(sampleDoc('aaoi'));
    const r = deriveDealType({ deal: { key: 'x', baseForm: 'S-1', openedDate: '2011-02-11' }, signals: aaoi, finalSignals: pandora });
    expect(r.dealType).toBe('ipo');
    expect(deriveDealType({ deal: { key: 'x', baseForm: 'S-1', openedDate: '2011-02-11' }, signals: aaoi }).dealType).toBe('follow_on');
  });
});

describe('deriveDealType from forms and company facts (real submissions)', () => {
  it.each([
    ['learncw', '333-254820', 'spac'],
    ['vincerx', '333-236466', 'spac'],
    ['vincerx', '333-252589', 'resale'],
    ['solidion', '333-261114', 'spac'],
    ['solidion', '333-278700', 'resale'],
    ['solidion', '333-293402', 'follow_on'],
    ['wolfspeed', '333-291524', 'resale'],
    ['wolfspeed', '333-294149', 'resale'],
    ['trfinance', '333-285927', 'follow_on'],
    // An already-public issuer's registration whose prospectuses are 424B3/424B7 only is a resale; a shelf with a 424B5 takedown is not.
    ['unicycive', '333-280703', 'resale'],
    ['vincerx', '333-262239', 'follow_on'],
    ['alzamend', '024-10637', 'reg_a'],
    ['alzamend', '333-255955', 'ipo'],
    ['trfinance', '333-284840', 'business_combination'],
    ['marvell', '333-285742', 'debt'],
    ['marvell', '333-259141', 'debt'],
    ['tesla', '333-164593', 'ipo'],
    ['tesla', '333-174466', 'follow_on'],
  ] as const)('%s %s → %s', (name, key, expected) => {
    const { company, filings, deal } = dealOf(name, key);
    expect(deriveDealType({ deal, company, companyFilings: filings }).dealType).toBe(expected);
  });

  it('Solidion went public as Nubia Brand International (no SPAC-style name, SIC 3690 today): its 8-K Item 5.06 of 2024-02-08 makes the IPO a SPAC', () => {
    const { company, filings, deal } = dealOf('solidion', '333-261114');
    expect(company).toMatchObject({ sic: '3690', formerNames: [{ name: 'Nubia Brand International Corp.' }] });
    const r = deriveDealType({ deal, company, companyFilings: filings });
    expect(r.dealType).toBe('spac');
    expect(r.reasons.join(' ')).toMatch(/2024-02-08.*5\.06/);
    // Without the items field nothing on the forms says SPAC: a first-time registrant's S-1.
    expect(deriveDealType({ deal, company, companyFilings: filings.map((f) => ({ ...f, items: null })) }).dealType).toBe('ipo');
  });

  it('units at a fixed $10.00 make a SPAC; units at a $5.00–$6.00 range (Unicycive, real terms) do not', () => {
    const { company, filings, deal } = dealOf('solidion', '333-261114');
    const bare = filings.map((f) => ({ ...f, items: null }));
    const terms = { isSellingStockholdersOnly: false, shareClass: null, totalSharesOffered: null, issuerStructureFlags: ['units' as const], offeringPrice: 10 };
    expect(deriveDealType({ deal, company, companyFilings: bare, terms }).dealType).toBe('spac');
    const uncy = dealOf('unicycive', '333-256367');
    const uncyTerms = extractTerms(sampleDoc('unicycive')).terms;
    expect(uncyTerms.issuerStructureFlags).toContain('units');
    expect(deriveDealType({ deal: uncy.deal, company: uncy.company, companyFilings: uncy.filings, terms: uncyTerms }).dealType).toBe('ipo');
  });

  it('a registration a SIC 6770 issuer opens after its first periodic report is no SPAC IPO (Learn CW, 10-Q of 2021-11-29)', () => {
    const { company, filings } = loadSubmissions('learncw');
    const r = deriveDealType({ deal: { key: 'later', baseForm: 'S-1', openedDate: '2023-01-02' }, company, companyFilings: filings });
    expect(r.dealType).toBe('follow_on');
    expect(deriveDealType({ deal: { key: 'ipo', baseForm: 'S-1', openedDate: '2021-03-29' }, company, companyFilings: filings }).dealType).toBe('spac');
  });

  it('no deal → unknown', () => {
    expect(deriveDealType({ deal: null }).dealType).toBe('unknown');
  });
});

describe('deriveDealType for companies only daily-index rows name (real 2022-10-03 company index)', async () => {
  const { parseEdgarIndex } = await import('../../schema/edgar/index.parse.ts');
  const { readSample } = await import('../common/sample.testkit.ts');
  const entries = parseEdgarIndex(readSample('edgar/index/company.20221003.idx.gz'), 'company').entries;
  const finalOf = (name: RegExp) => entries.find((e) => name.test(e.companyName) && e.formType === '424B4')!;
  const prospectusDeal = (e: (typeof entries)[number]) => ({ key: e.accessionNumber, baseForm: null, openedDate: e.dateFiled, filings: [{ formType: e.formType }] });

  it('a 424B4 alone does not make an IPO when the company\'s history is unknown (Panbela had traded since 2020)', () => {
    const panbela = finalOf(/Panbela/i);
    const typed = deriveDealType({ deal: prospectusDeal(panbela), historyKnown: false, filedName: panbela.companyName });
    expect(typed.dealType).toBe('unknown');
    expect(typed.reasons[0]).toMatch(/known only from daily-index rows/);
  });

  it("424B2s only are a shelf takedown's notes, even of an issuer known only from daily-index rows (JPMorgan's, Citigroup's, GS Finance's pricing supplements)", () => {
    const issuers = ['JPMORGAN CHASE & CO', 'CITIGROUP INC', 'GS Finance Corp.'];
    for (const name of issuers) {
      const supplements = entries.filter((e) => e.companyName === name && e.formType === '424B2');
      expect(supplements.length, name).toBeGreaterThan(3);
      const deal = { key: supplements[0].accessionNumber, baseForm: null, openedDate: supplements[0].dateFiled, filings: supplements.map((e) => ({ formType: e.formType })) };
      const typed = deriveDealType({ deal, historyKnown: false, filedName: name });
      expect(typed.dealType, name).toBe('debt');
      expect(typed.reasons[0]).toMatch(/Rule 424\(b\)\(2\)/);
    }
    // A 424B4 among them is no takedown of notes: its type stays open (Panbela's, above).
    const panbela = finalOf(/Panbela/i);
    expect(deriveDealType({ deal: { ...prospectusDeal(panbela), filings: [{ formType: '424B2' }, { formType: '424B4' }] }, historyKnown: false }).dealType).toBe('unknown');
  });

  it('a 424B4 with its insiders\' Forms 3 filed around it is an IPO (Laser Photonics: nine Forms 3 the same day); Panbela\'s has none', () => {
    // The company's rows of the index, as the projector knows index rows (no file numbers).
    const filingsOf = (cik: string) =>
      entries.filter((e) => e.cik === cik).map((e) => ({ accessionNumber: e.accessionNumber, cik, formType: e.formType, filingDate: e.dateFiled, fileNumber: null, primaryDocument: null, acceptanceDateTime: null }));
    const laser = finalOf(/Laser Photonics/i);
    const laserFilings = filingsOf(laser.cik);
    expect(laserFilings.filter((f) => f.formType === '3')).toHaveLength(9);
    const typed = deriveDealType({ deal: prospectusDeal(laser), historyKnown: false, filedName: laser.companyName, companyFilings: laserFilings });
    expect(typed).toMatchObject({ dealType: 'ipo', confidence: 0.7 });
    expect(typed.reasons[1]).toBe("9 insiders' Forms 3 filed within 10 days of its 424B4 of 2022-10-03: its class was first registered with this offering");
    // Without the Forms 3 the same prospectus says nothing of the issuer's past.
    expect(deriveDealType({ deal: prospectusDeal(laser), historyKnown: false, filedName: laser.companyName }).dealType).toBe('unknown');
    const panbela = finalOf(/Panbela/i);
    expect(deriveDealType({ deal: prospectusDeal(panbela), historyKnown: false, companyFilings: filingsOf(panbela.cik) }).dealType).toBe('unknown');
  });

  it('insiders\' Forms 3 come with an IPO and not with a follow-on (Applied Optoelectronics, real submissions)', async () => {
    const { insiderReportsAtListing } = await import('./listing-insiders.ts');
    const { filings } = loadSubmissions('aaoi');
    const finals = filings.filter((f) => f.formType === '424B4').map((f) => [f.filingDate, insiderReportsAtListing(filings, f.filingDate).length]).sort();
    // The IPO's 424B4 of 2013-09-26 came with 14; the follow-on's of 2014-03-20 with none.
    expect(finals).toEqual([['2013-09-26', 14], ['2014-03-20', 0]]);
  });

  it('a blank-check name on the index row types the final prospectus a SPAC IPO (Qomolangma Acquisition Corp.)', () => {
    const qomo = finalOf(/Qomolangma/i);
    expect(deriveDealType({ deal: prospectusDeal(qomo), historyKnown: false, filedName: qomo.companyName }).dealType).toBe('spac');
  });

  it('a confidential draft before the registration still says first-time registrant', () => {
    const deal = { key: '333-1', baseForm: 'F-1', openedDate: '2019-10-01', filings: [{ formType: 'DRS' }, { formType: 'F-1' }] };
    expect(deriveDealType({ deal, historyKnown: false }).dealType).toBe('ipo');
    expect(deriveDealType({ deal: { ...deal, filings: [{ formType: 'F-1' }] }, historyKnown: false }).dealType).toBe('unknown');
  });
});

describe('deriveDealType of funds by their names (real 2020-03-18 form and 2022-10-03 company indexes)', async () => {
  const { parseEdgarIndex } = await import('../../schema/edgar/index.parse.ts');
  const { readSample } = await import('../common/sample.testkit.ts');
  const entries = [
    ...parseEdgarIndex(readSample('edgar/index/form.20200318.idx.gz'), 'form').entries,
    ...parseEdgarIndex(readSample('edgar/index/company.20221003.idx.gz'), 'company').entries,
  ];
  const rowsOf = (name: RegExp) => entries.filter((e) => name.test(e.companyName));
  const dealOfRows = (rows: typeof entries) => ({
    key: `unnumbered:${rows[0].accessionNumber}`, baseForm: rows.some((r) => r.formType.startsWith('1-A')) ? '1-A' : null, openedDate: rows[0].dateFiled, filings: rows.map((r) => ({ formType: r.formType })),
  });

  it('Reg A Tier 2 funds filing 1-A are funds, not operating companies\' Reg A offerings', () => {
    for (const name of [/Investment Grade R\.E\. Income Fund/, /DLP Positive Note Fund/]) {
      const rows = rowsOf(name).filter((r) => r.formType.startsWith('1-A'));
      expect(rows.length, String(name)).toBeGreaterThan(0);
      const typed = deriveDealType({ deal: dealOfRows(rows), historyKnown: false, filedName: rows[0].companyName });
      expect(typed.dealType, String(name)).toBe('fund');
      expect(typed.reasons[0]).toMatch(/Fund.*a fund/);
      // Without the name nothing says fund: a Reg A offering.
      expect(deriveDealType({ deal: dealOfRows(rows), historyKnown: false, filedName: 'Alzamend Neuro, Inc.' }).dealType).toBe('reg_a');
    }
  });

  it('an interval fund\'s 424B3 with no registration in the filings is a fund\'s offering; Prosper Funding\'s 424B3 notes are not', () => {
    const thrivent = rowsOf(/Thrivent Church Loan & Income Fund/).filter((r) => r.formType === '424B3');
    expect(deriveDealType({ deal: dealOfRows(thrivent), historyKnown: false, filedName: thrivent[0].companyName }).dealType).toBe('fund');
    const prosper = rowsOf(/Prosper Funding LLC/).filter((r) => r.formType === '424B3');
    expect(prosper.length).toBeGreaterThan(0);
    expect(deriveDealType({ deal: dealOfRows(prosper), historyKnown: false, filedName: prosper[0].companyName }).dealType).toBe('unknown');
  });
});
