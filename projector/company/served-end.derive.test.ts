/**
 * A company's end from its later symbol or name, on the real bundled Bloomberg rows: given the rows,
 * the company, outcome, offering and deal-event rows every surface renders.
 */
import { describe, expect, it } from 'vitest';
import type { ApiLifecycleEnd, ApiOffering, ApiOutcome } from '../../schema/api/types.ts';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import type { KnownFiling, TickerHint } from '../offering/filing.facts.ts';
import { loadSubmissions } from '../offering/sample.testkit.ts';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { companyIdentity } from './company.derive.ts';
import { deriveRows, type CompanyInputs } from './company-rows.derive.ts';
import { companyDealEvents } from './deal-events.derive.ts';
import { laterSymbolEnds, servedEnds } from './served-end.derive.ts';
import { vendorCompanyId, vendorOnlyFacts } from './vendor-company.derive.ts';

const OBSERVED = '2026-01-02T00:00:00Z';
const TODAY = '2026-01-02';
const table = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => r.country === 'US');
const row = (symbol: string): IpoTableRow => table.find((r) => r.bloombergTicker === `${symbol} US`)!;
const stored = (symbol: string): StoredIpoRow => ({ row: row(symbol), observedAt: OBSERVED });

function vendorOnly(symbol: string): CompanyInputs {
  const r = row(symbol);
  return {
    facts: vendorOnlyFacts(vendorCompanyId(r)!, r.issuer, OBSERVED), filings: [], hints: [], snapshot: null, documents: [], news: [], today: TODAY,
    identity: { name: r.issuer, tickerHint: null, exchangeHint: null, allTickers: [], hintTitles: [] },
    vendorRows: [{ row: r, observedAt: OBSERVED }], bars: new Map(),
  };
}

/** An EDGAR company the 2022-10-03 company index names, with its company_tickers.json rows. */
function indexCompany(cik: string, hints: TickerHint[]): CompanyInputs {
  const filings: KnownFiling[] = parseEdgarIndex(readSample('edgar/index/company.20221003.idx.gz'), 'company').entries.filter((e) => e.cik === cik).map((r) => ({
    accessionNumber: r.accessionNumber, cik, formType: r.formType, filingDate: r.dateFiled, fileNumber: null, primaryDocument: null,
    acceptanceDateTime: null, companyName: r.companyName, source: 'index',
  }));
  const facts = vendorOnlyFacts(cik, null, OBSERVED);
  return { facts, filings, hints, identity: companyIdentity(facts, filings, hints), documents: [], snapshot: null, vendorRows: [], bars: new Map(), news: [], today: TODAY };
}

function served(input: CompanyInputs) {
  const rows = deriveRows(input)!;
  return {
    rows,
    company: rows.company.row,
    end: JSON.parse(rows.company.row.lifecycle_end_json) as ApiLifecycleEnd | null,
    offerings: JSON.parse(rows.company.row.offerings_json) as ApiOffering[],
    outcome: rows.outcomes[0] ? (JSON.parse(rows.outcomes[0].json) as ApiOutcome) : null,
  };
}

describe('delisted: the bankruptcy marker on the last symbol', () => {
  it('Digital Lighthouse (Bloomberg DGLHQ, 2000-03-24): listed as DGLH, served delisted, undated, from the vendor', () => {
    const { rows, company, end, offerings, outcome } = served(vendorOnly('DGLHQ'));
    expect(company).toMatchObject({ cik: 'V-DGLHQ-2000-03-24', ticker: 'DGLH', offering_status: 'delisted' });
    expect(end).toMatchObject({ status: 'delisted', date: null, accessionNumber: null, formType: null, source: 'vendor' });
    expect(end!.reason).toMatch(/DGLHQ US|DGLHQ/);
    expect(offerings).toEqual([expect.objectContaining({ source: 'vendor', status: 'delisted', stageBeforeEnd: 'listed', listingDate: '2000-03-24' })]);
    expect(outcome?.ticker).toBe('DGLH');
    expect(rows.outcomes[0].ticker).toBe('DGLH');
    expect(rows.company.tickers.map((t) => [t.ticker, t.held_since])).toEqual([['DGLH', '2000-03-24'], ['DGLHQ', null]]);
    // The calendar's listing row is the symbol it listed under.
    expect(rows.calendar.every((e) => e.ticker === 'DGLH')).toBe(true);
    const events = companyDealEvents(rows);
    expect(events.filter((e) => e.type === 'delisted')).toEqual([
      expect.objectContaining({ key: 'delisted:V-DGLHQ-2000-03-24:vendor', occurredOn: null, data: expect.objectContaining({ source: 'vendor', date: null }) }),
    ]);
    expect(events.some((e) => e.type === 'listed' && e.occurredOn === '2000-03-24')).toBe(true);
  });

  it('Viasystems Group/Old (VSGIQ) and Accuride Corp/Old (AURDQ): the same, whatever the name', () => {
    for (const symbol of ['VSGIQ', 'AURDQ']) {
      const { company, end } = served(vendorOnly(symbol));
      expect(company.offering_status, symbol).toBe('delisted');
      expect(company.ticker, symbol).toBe(symbol.slice(0, 4));
      expect(end?.source, symbol).toBe('vendor');
    }
  });

  it('a symbol of four letters or fewer ending in Q is the issuer\'s own: PetIQ (PETQ), LKQ, Eloqua (ELOQ) stay listed under it', () => {
    for (const symbol of ['PETQ', 'LKQ', 'ELOQ']) {
      const { company, end, outcome } = served(vendorOnly(symbol));
      expect([company.offering_status, company.ticker, outcome?.ticker, end], symbol).toEqual(['listed', symbol, symbol, null]);
    }
  });

  it('the SEC\'s current ticker decides first: a marker there (Acorda\'s ACORQ) is a delisting of source edgar; a live symbol there (Peabody\'s BTU after BTUUQ) is none', () => {
    expect(laterSymbolEnds({ vendorRows: [], currentTickers: ['ACORQ'], edgarIpoType: null })).toEqual([
      expect.objectContaining({ status: 'delisted', date: null, source: 'edgar' }),
    ]);
    expect(laterSymbolEnds({ vendorRows: [stored('BTUUQ')], currentTickers: ['BTU'], edgarIpoType: null })).toEqual([]);
    // Served: Timber Pharmaceuticals (its 424B5 and 8-K of 2022-10-03, no vendor row), which company_tickers.json lists as TMBRQ, is delisted.
    const { company, end, offerings } = served(indexCompany('0001504167', [{ ticker: 'TMBRQ', title: 'TREX WIND-DOWN, INC.', exchange: null }]));
    expect([company.offering_status, end?.source, end?.date]).toEqual(['delisted', 'edgar', null]);
    expect(offerings.map((o) => [o.status, o.stageBeforeEnd])).toEqual([['delisted', 'priced']]);
    expect(laterSymbolEnds({ vendorRows: [stored('BTUUQ')], currentTickers: [], edgarIpoType: null })).toEqual([
      expect.objectContaining({ status: 'delisted', source: 'vendor' }),
    ]);
  });
  it('a company that went public, listed by the SEC only under preferred classes, is delisted: Oaktree (OAK 2012, company_tickers.json OAK-PA and OAK-PB); a company with no IPO is not', () => {
    const oaktree = stored('OAK');
    expect(oaktree.row.issuer).toBe('Oaktree Capital Group LLC');
    expect(laterSymbolEnds({ vendorRows: [oaktree], currentTickers: ['OAK-PA', 'OAK-PB'], edgarIpoType: null })).toEqual([
      expect.objectContaining({ status: 'delisted', source: 'edgar', date: null }),
    ]);
    expect(laterSymbolEnds({ vendorRows: [oaktree], currentTickers: ['OAK', 'OAK-PA'], edgarIpoType: null })).toEqual([]);
    expect(laterSymbolEnds({ vendorRows: [], currentTickers: ['CMS-PB'], edgarIpoType: null })).toEqual([]);
  });

  it("an EDGAR company's current ticker on the four letters it went bankrupt with is the SEC file's old symbol, not a relisting: Spirit Airlines' SAVE beside SAVEQ, 2U's TWOU beside TWOUQ", () => {
    for (const [marked, sec] of [['SAVEQ', 'SAVE'], ['TWOUQ', 'TWOU']]) {
      expect(laterSymbolEnds({ vendorRows: [stored(marked)], currentTickers: [sec], edgarIpoType: null }), marked).toEqual([
        expect.objectContaining({ status: 'delisted', source: 'vendor' }),
      ]);
    }
  });
});

describe('delisted: an IPO Bloomberg lists only under a placeholder symbol', () => {
  const ends = (symbols: string[], more: Partial<Parameters<typeof laterSymbolEnds>[0]> = {}) =>
    laterSymbolEnds({ vendorRows: symbols.map(stored), currentTickers: [], edgarIpoType: null, ...more });

  it("Angie's List (9895420D, 2011, merged into ANGI in 2017) and Gander Mountain (1403557D, taken private in 2010): delisted, undated, from the vendor", () => {
    for (const symbol of ['9895420D', '1403557D']) {
      expect(ends([symbol]), symbol).toEqual([
        expect.objectContaining({ status: 'delisted', date: null, source: 'vendor', reason: expect.stringContaining(`placeholder ${symbol}`) }),
      ]);
    }
  });

  it("not when the SEC lists the company or an exact namesake today (Warner Music's 2005 stock, 1800354D, beside WMG), nor a SPAC's placeholder (VectoIQ as Nikola, 1854789D), nor an IPO one of whose rows keeps a symbol (NRG beside 316623Q)", () => {
    expect(ends(['1800354D'], { namesakeTickers: ['WMG'] })).toEqual([]);
    expect(ends(['1800354D'], { currentTickers: ['WMG'] })).toEqual([]);
    expect(ends(['1854789D']).filter((e) => e.status === 'delisted')).toEqual([]);
    expect(ends(['1854789D'], { edgarIpoType: 'spac' }).filter((e) => e.status === 'delisted')).toEqual([]);
    expect(laterSymbolEnds({ vendorRows: [{ ...stored('NRG'), sameIpo: [stored('316623Q')] }], currentTickers: [], edgarIpoType: null })).toEqual([]);
  });
});

describe("combined: a SPAC's registrant the SEC lists under another symbol and an operating company's title", () => {
  // company_tickers.json (data/sample/edgar/company_tickers.json.gz) rows of each registrant.
  const ends = (symbol: string, tickers: string[], title: string) =>
    laterSymbolEnds({ vendorRows: [stored(symbol)], currentTickers: tickers, currentTitles: [title], edgarIpoType: null });

  it("Good Works' units (GWACU, 2020) are Cipher Mining's (CIFR, CIFRW); XPDI's (XPDIU, 2021) Core Scientific's (CORZ): combined, undated, source edgar", () => {
    for (const [units, tickers, title] of [['GWACU', ['CIFR', 'CIFRW'], 'Cipher Mining Inc.'], ['XPDIU', ['CORZ', 'CORZW', 'CORZZ'], 'Core Scientific, Inc./tx']] as const) {
      expect(ends(units, [...tickers], title), units).toEqual([expect.objectContaining({ status: 'combined', date: null, source: 'edgar' })]);
    }
  });

  it('not a blank check the SEC lists under its own stem (Slam: SLAM, SLAMU, SLAMW) or titles as one (Everest Consolidator Acquisition Corp, MNTN), nor units known only by a later over-the-counter symbol', () => {
    expect(ends('SLMUF', ['SLAM', 'SLAMU', 'SLAMW'], 'Slam Corp.')).toEqual([]);
    expect(ends('EVCOU', ['MNTN', 'MNTN-UN', 'MNTN-WT'], 'Everest Consolidator Acquisition Corp')).toEqual([]);
    expect(ends('OTECU', ['OTAC'], 'OceanTech Acquisitions I Corp.')).toEqual([]);
    // Slam's vendor symbol is foreign OTC (SLMUF): its stem says nothing of the symbols it listed under, whatever the SEC's title.
    expect(ends('SLMUF', ['XYZ'], 'Slam Corp.')).toEqual([]);
  });
});

describe('combined: a SPAC\'s row naming the company it became', () => {
  it('Social Capital Hedosophia II (IPOB/U, Bloomberg "Opendoor Technologies Inc", E-Commerce/Services): combined, undated; its units keep their symbol', () => {
    const { company, end, offerings, outcome, rows } = served(vendorOnly('IPOB/U'));
    expect(company).toMatchObject({ deal_type: 'spac', offering_status: 'combined', ticker: 'IPOB-U' });
    expect(end).toMatchObject({ status: 'combined', date: null, source: 'vendor' });
    expect(end!.reason).toContain('Opendoor Technologies Inc');
    expect(offerings[0]).toMatchObject({ status: 'combined', stageBeforeEnd: 'listed' });
    expect(outcome?.ticker).toBe('IPOB-U');
    expect(companyDealEvents(rows).filter((e) => e.type === 'combined').map((e) => [e.key, e.occurredOn])).toEqual([['combined:V-IPOB-U-2020-04-28:vendor', null]]);
  });

  it('Social Capital Hedosophia II on EDGAR (its S-1/A of 2020-03-18, SEC ticker OPEN "Opendoor Technologies Inc.") with its IPOB/U row: combined; its IPO listed as IPOB-U; the current ticker OPEN', () => {
    const entries = parseEdgarIndex(readSample('edgar/index/form.20200318.idx.gz'), 'form').entries.filter((e) => e.cik === '0001801169');
    const filings: KnownFiling[] = entries.map((r) => ({
      accessionNumber: r.accessionNumber, cik: r.cik, formType: r.formType, filingDate: r.dateFiled, fileNumber: null, primaryDocument: null,
      acceptanceDateTime: null, companyName: r.companyName, source: 'index',
    }));
    const facts = vendorOnlyFacts('0001801169', null, OBSERVED);
    const hints = [{ ticker: 'OPEN', title: 'Opendoor Technologies Inc.', exchange: null }];
    const { company, end, offerings, outcome, rows } = served({
      facts, filings, hints, identity: companyIdentity(facts, filings, hints), documents: [], snapshot: null,
      vendorRows: [stored('IPOB/U')], bars: new Map(), news: [], today: TODAY,
    });
    expect(company).toMatchObject({ ticker: 'OPEN', deal_type: 'spac', offering_status: 'combined' });
    expect(end).toMatchObject({ status: 'combined', date: null, source: 'vendor' });
    expect(offerings.find((o) => o.isCurrent)).toMatchObject({ status: 'combined', stageBeforeEnd: 'listed', listingDate: '2020-04-28' });
    expect(outcome?.ticker).toBe('IPOB-U');
    const events = companyDealEvents(rows);
    expect(events.filter((e) => e.type === 'listed').map((e) => e.occurredOn)).toEqual(['2020-04-28']);
    expect(events.filter((e) => e.type === 'combined').map((e) => e.key)).toEqual(['combined:0001801169:vendor']);
  });

  it('Virgin Galactic (SEC ticker SPCE) with Bloomberg\'s SPCE/U, the units Social Capital Hedosophia sold as IPOA.U: combined; no symbol of the day is served, neither SPCE-U nor SPCE', () => {
    const facts = vendorOnlyFacts('0001706946', null, OBSERVED);
    const hints = [{ ticker: 'SPCE', title: 'Virgin Galactic Holdings, Inc', exchange: null }];
    const { company, end, outcome, rows } = served({
      facts, filings: [], hints, identity: companyIdentity(facts, [], hints), documents: [], snapshot: null,
      vendorRows: [stored('SPCE/U')], bars: new Map(), news: [], today: TODAY,
    });
    expect(company).toMatchObject({ ticker: 'SPCE', deal_type: 'spac', offering_status: 'combined' });
    expect(end).toMatchObject({ status: 'combined', source: 'vendor' });
    expect(outcome).toMatchObject({ ticker: null, tradingStartDate: '2017-09-14' });
    expect(rows.outcomes[0].ticker).toBe('');
    expect(rows.company.tickers.map((t) => [t.ticker, t.held_since, t.is_current])).toEqual([['SPCE', null, 1], ['SPCE-U', null, 0]]);
  });

  it.each([
    ['Kensington Capital as QuantumScape (Bloomberg 1861474D, SEC QS; units KCAC.U)', '1861474D', '0001811414', 'QS', 'QuantumScape Corp', '2020-06-26'],
    ['SVF Investment Corp 3 as Symbotic (Bloomberg SYM, SEC SYM; shares SVFC)', 'SYM', '0001837240', 'SYM', 'Symbotic Inc.', '2021-03-09'],
  ])("%s: combined; the row's symbol and the company's are the combined company's, so no symbol of the day is served", (_name, symbol, cik, ticker, title, listed) => {
    const facts = vendorOnlyFacts(cik, null, OBSERVED);
    const hints = [{ ticker, title, exchange: null }];
    const { company, outcome, rows } = served({
      facts, filings: [], hints, identity: companyIdentity(facts, [], hints), documents: [], snapshot: null,
      vendorRows: [stored(symbol)], bars: new Map(), news: [], today: TODAY,
    });
    expect(company).toMatchObject({ ticker, deal_type: 'spac', offering_status: 'combined' });
    expect(outcome).toMatchObject({ ticker: null, tradingStartDate: listed });
    expect(companyDealEvents(rows).find((e) => e.type === 'listed')?.data).toMatchObject({ listingDate: listed, ticker: null });
  });

  it('CONX Corp (Bloomberg CONXU, "Conx Corp", Real Estate Oper/Develop), whose units the SEC still lists: combined, its IPO listed as CONXU', () => {
    const facts = vendorOnlyFacts('0001823000', null, OBSERVED);
    const hints = ['CNXX', 'CONX', 'CONXU', 'CONXW'].map((ticker) => ({ ticker, title: 'CONX Corp.', exchange: null }));
    const { company, outcome } = served({
      facts, filings: [], hints, identity: companyIdentity(facts, [], hints), documents: [], snapshot: null,
      vendorRows: [stored('CONXU')], bars: new Map(), news: [], today: TODAY,
    });
    expect([company.offering_status, outcome?.ticker]).toEqual(['combined', 'CONXU']);
  });

  it('a SPAC the vendor still files as a blank check (Social Capital Hedosophia IV, IPOD/U) or as an investment company after liquidating (Santa Monica Media, MEJ/U) is not combined', () => {
    for (const symbol of ['IPOD/U', 'MEJ/U']) {
      const { company, end } = served(vendorOnly(symbol));
      expect([company.deal_type, company.offering_status, end], symbol).toEqual(['spac', 'listed', null]);
    }
  });

  it('Crumbs Bake Shop (CRMUQ, a 2010 blank check that combined, then went bankrupt): combined, then delisted in force', () => {
    const ends = laterSymbolEnds({ vendorRows: [stored('CRMUQ')], currentTickers: [], edgarIpoType: null });
    expect(ends.map((e) => e.status)).toEqual(['combined', 'delisted']);
    expect(servedEnds([], null, ends).terminal?.status).toBe('delisted');
    // Served: the company delisted, its SPAC IPO combined (a SPAC's IPO ends in its combination), the
    // company's symbol CRMU; 57th Street's IPO listed under its own units' symbol, which the row does not name.
    const { company, offerings, outcome } = served(vendorOnly('CRMUQ'));
    expect([company.offering_status, company.ticker, outcome?.ticker]).toEqual(['delisted', 'CRMU', null]);
    expect(offerings[0]).toMatchObject({ dealType: 'spac', status: 'combined', stageBeforeEnd: 'listed' });
  });

  it('EDGAR\'s dated end stands: Learn CW combined 2024-10-03 (8-K), whatever its vendor row says', () => {
    const { company, filings } = loadSubmissions('learncw');
    const known: KnownFiling[] = filings.map((f) => ({ ...f, companyName: null, source: 'submissions' }));
    const facts = { ...company, updatedAt: OBSERVED };
    const input: CompanyInputs = {
      facts, filings: known, hints: [], identity: companyIdentity(facts, known, []), documents: [], snapshot: null,
      vendorRows: [stored('LCWUF')], bars: new Map(), news: [], today: TODAY,
    };
    const { end } = served(input);
    expect(end).toMatchObject({ status: 'combined', source: 'edgar' });
    expect(end!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
