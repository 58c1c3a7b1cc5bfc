/**
 * Given a company's facts (real submissions, real vendor rows, real daily bars), the rows it is
 * served as: the derivation the API, the CSV and the analyst views all render.
 */
import { describe, expect, it } from 'vitest';
import type { ApiConsensus, ApiOffering } from '../../schema/api/types.ts';
import { readSample } from '../common/sample.testkit.ts';
import { parseStooqCsv } from '../market/bars.parse.ts';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import type { StoredBars, StoredIpoRow } from '../market/market.facts.ts';
import type { KnownFiling } from '../offering/filing.facts.ts';
import { loadSubmissions, SUBMISSIONS } from '../offering/sample.testkit.ts';
import { companyIdentity } from './company.derive.ts';
import { barsOfIpo, deriveRows, type CompanyInputs } from './company-rows.derive.ts';
import { vendorCompanyId, vendorOnlyFacts } from './vendor-company.derive.ts';

const OBSERVED = '2026-01-02T00:00:00Z';
const TODAY = '2026-01-02';
const vendorTable = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => r.country === 'US');
const vendorRow = (symbol: string): StoredIpoRow => ({ row: vendorTable.find((r) => r.bloombergTicker === `${symbol} US`)!, observedAt: OBSERVED });
const yahooTable = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz'));
const windowBars = (ticker: string): StoredBars => ({ ticker, bars: parseStooqCsv(readSample(`prices/window/${ticker}.csv`)), adjusted: true, observedAt: OBSERVED });

function edgarCompany(name: keyof typeof SUBMISSIONS, vendorRows: StoredIpoRow[], bars: StoredBars[]): CompanyInputs {
  const { company, filings } = loadSubmissions(name);
  const known: KnownFiling[] = filings.map((f) => ({ ...f, companyName: null, source: 'submissions' }));
  const facts = { ...company, updatedAt: OBSERVED };
  return {
    facts, filings: known, hints: [], identity: companyIdentity(facts, known, []), documents: [], snapshot: null,
    vendorRows, bars: new Map(bars.map((b) => [b.ticker, b])), news: [], today: TODAY,
  };
}

function vendorOnlyCompany(row: IpoTableRow, bars: StoredBars[] = []): CompanyInputs {
  const facts = vendorOnlyFacts(vendorCompanyId(row)!, row.issuer, OBSERVED);
  return {
    facts, filings: [], hints: [], snapshot: null, documents: [], news: [], today: TODAY,
    identity: { name: row.issuer, tickerHint: null, exchangeHint: null, allTickers: [], hintTitles: [] },
    vendorRows: [{ row, observedAt: OBSERVED }], bars: new Map(bars.map((b) => [b.ticker, b])),
  };
}

const offeringsOf = (json: string) => JSON.parse(json) as ApiOffering[];

describe('deriveRows', () => {
  it('AAOI: an EDGAR IPO with its vendor row and bars is an operating listed IPO; its offering serves the consensus price', () => {
    const rows = deriveRows(edgarCompany('aaoi', [vendorRow('AAOI')], [windowBars('AAOI')]))!;
    const consensus = JSON.parse(rows.company.row.consensus_json) as ApiConsensus;
    expect(rows.company.row).toMatchObject({ deal_type: 'ipo', kind: 'operating', is_ipo: 1, gross_proceeds: consensus.grossProceeds });
    const ipo = offeringsOf(rows.company.row.offerings_json).find((o) => o.isCurrent)!;
    expect(ipo).toMatchObject({ source: 'edgar', dealType: 'ipo', offerPrice: 10, listingDate: '2013-09-26', ritterExclusions: [] });
    expect(ipo.offerPrice).toBe(consensus.offerPrice);
    expect(rows.outcomes).toHaveLength(1);
  });

  it('Learn CW: a SPAC on EDGAR is a spac with Ritter\'s SPAC flag, never an operating IPO', () => {
    const rows = deriveRows(edgarCompany('learncw', [], []))!;
    expect(rows.company.row).toMatchObject({ deal_type: 'spac', kind: 'spac' });
    const spac = offeringsOf(rows.company.row.offerings_json).find((o) => o.isCurrent)!;
    expect(spac.ritterExclusions).toContain('spac');
  });

  it('Gores Holdings II, served by Bloomberg as "Verra Mobility Corp": a vendor-only SPAC unit IPO is a spac offering of source vendor, combined as its row names the company it became', () => {
    const rows = deriveRows(vendorOnlyCompany(vendorRow('GSHTU').row))!;
    expect(rows.company.row).toMatchObject({ deal_type: 'spac', kind: 'spac', offering_status: 'combined', is_ipo: 1 });
    expect(offeringsOf(rows.company.row.offerings_json)).toEqual([
      expect.objectContaining({ source: 'vendor', dealType: 'spac', status: 'combined', stageBeforeEnd: 'listed', isCurrent: true, offerPrice: 10, listingDate: '2017-01-13', ritterExclusions: ['unit_offer', 'spac'], openedDate: null, filingCount: 0 }),
    ]);
  });

  it('a vendor-only closed-end fund is a fund, kind funds', () => {
    const fund = vendorTable.find((r) => r.industrySubgroup === 'Closed-end Funds' && r.tradeDate !== null)!;
    const rows = deriveRows(vendorOnlyCompany(fund))!;
    expect(rows.company.row).toMatchObject({ deal_type: 'fund', kind: 'funds' });
  });

  it('Twitter from its vendor row and bars: gross proceeds filter column equals the served consensus proceeds', () => {
    const rows = deriveRows(vendorOnlyCompany(vendorRow('TWTR').row, [windowBars('TWTR')]))!;
    const consensus = JSON.parse(rows.company.row.consensus_json) as ApiConsensus;
    expect(consensus.grossProceeds).toBeGreaterThan(1e9);
    expect(rows.company.row.gross_proceeds).toBe(consensus.grossProceeds);
    expect(rows.company.row).toMatchObject({ deal_type: 'ipo', kind: 'operating' });
  });

  it('is deterministic: the same facts give byte-identical rows', () => {
    const input = edgarCompany('aaoi', [vendorRow('AAOI')], [windowBars('AAOI')]);
    expect(JSON.stringify(deriveRows(input))).toBe(JSON.stringify(deriveRows(input)));
  });
});

describe('statusAsOf', () => {
  it('Twitter from its vendor row and bars is listed as of its last daily bar, not as of today', () => {
    const bars = windowBars('TWTR');
    const rows = deriveRows(vendorOnlyCompany(vendorRow('TWTR').row, [bars]))!;
    const [offering] = offeringsOf(rows.company.row.offerings_json);
    expect(offering.status).toBe('listed');
    expect(offering.statusAsOf).toBe(bars.bars[bars.bars.length - 1].date);
    expect(offering.statusAsOfSource).toBe('daily_bar');
  });

  it('Venator, CyberArk, Northwest Bancshares: a Yahoo row that dates no first trade (its first bar is another history) is as of the IPO date it states', () => {
    for (const [symbol, ipoDate] of [['VNTR', '2017-08-03'], ['CYBR', '2014-09-24'], ['NWBI', '2009-12-18']]) {
      const row = yahooTable.find((r) => r.ticker === symbol)!;
      expect(row.tradeDate, symbol).toBeNull();
      const [offering] = offeringsOf(deriveRows(vendorOnlyCompany(row))!.company.row.offerings_json);
      expect(offering, symbol).toMatchObject({ status: 'listed', statusAsOf: ipoDate, statusAsOfSource: 'vendor_ipo_date' });
    }
  });

  it('AAOI: as of its newest filing in the submissions page', () => {
    const input = edgarCompany('aaoi', [vendorRow('AAOI')], [windowBars('AAOI')]);
    const newest = input.filings.map((f) => f.filingDate).sort().at(-1);
    const rows = deriveRows(input)!;
    expect(offeringsOf(rows.company.row.offerings_json).every((o) => o.statusAsOf === newest && o.statusAsOfSource === 'filing')).toBe(true);
  });
});

describe('statusAsOf of an end known from a symbol or a vendor row: the date of that evidence, never the IPO day', () => {
  const SEEN = '2026-03-04T05:06:07Z';
  /** A CIK only company_tickers.json lists (the real file's row), with its Bloomberg row: as the loader gives it. */
  function tickerFileCompany(ticker: string, vendorSymbol: string): CompanyInputs {
    const entry = Object.values(JSON.parse(readSample('edgar/company_tickers.json.gz')) as Record<string, { cik_str: number; ticker: string; title: string }>).find((e) => e.ticker === ticker)!;
    const cik = String(entry.cik_str).padStart(10, '0');
    const hints = [{ ticker: entry.ticker, title: entry.title, exchange: null, observedAt: SEEN }];
    const facts = vendorOnlyFacts(cik, null, SEEN);
    return {
      facts, filings: [], hints, identity: companyIdentity(facts, [], hints), documents: [], snapshot: null,
      vendorRows: [vendorRow(vendorSymbol)], bars: new Map(), news: [], today: TODAY,
    };
  }
  const current = (input: CompanyInputs) => {
    const rows = deriveRows(input)!;
    return { status: rows.company.row.offering_status, offering: offeringsOf(rows.company.row.offerings_json).find((o) => o.isCurrent)! };
  };

  it("Biocept, delisted as the SEC's BIOCQ shows: as of the day the data saw company_tickers.json list BIOCQ, not its 2014-02-05 IPO", () => {
    const { status, offering } = current(tickerFileCompany('BIOCQ', 'BIOCQ'));
    expect(status).toBe('delisted');
    expect(offering).toMatchObject({ listingDate: '2014-02-05', statusAsOf: '2026-03-04', statusAsOfSource: 'sec_ticker_file' });
  });

  it('Opendoor\'s SPAC (IPOB/U, filed by Bloomberg as "Opendoor Technologies Inc"): combined as of a day its export does not state, so null, not 2020-04-28', () => {
    const { status, offering } = current(tickerFileCompany('OPEN', 'IPOB/U'));
    expect(status).toBe('combined');
    expect(offering).toMatchObject({ statusAsOf: null, statusAsOfSource: 'vendor_export' });
  });

  it('Gores Holdings II (vendor-only, "Verra Mobility Corp") and Digital Lighthouse (DGLHQ): a vendor row\'s end is undated', () => {
    for (const symbol of ['GSHTU', 'DGLHQ']) {
      const { status, offering } = current(vendorOnlyCompany(vendorRow(symbol).row));
      expect(status, symbol).not.toBe('listed');
      expect(offering, symbol).toMatchObject({ statusAsOf: null, statusAsOfSource: 'vendor_export' });
    }
  });

  it('Pershing Square Tontine (PSTH/U), a SPAC the data shows only on its IPO day: listed as of that day, from its trade date', () => {
    const { status, offering } = current(vendorOnlyCompany(vendorRow('PSTH/U').row));
    expect(status).toBe('listed');
    expect(offering).toMatchObject({ listingDate: '2020-07-22', statusAsOf: '2020-07-22', statusAsOfSource: 'vendor_trade_date' });
  });
});

describe('offerings of companies that ended: status to its end, the name the issuer had, units and proceeds from evidence', () => {
  const served = (input: CompanyInputs) => {
    const rows = deriveRows(input)!;
    return { row: rows.company.row, offerings: offeringsOf(rows.company.row.offerings_json), consensus: JSON.parse(rows.company.row.consensus_json) as ApiConsensus };
  };

  it('Learn CW, combined 2024-10-03: its SPAC unit IPO (LCWUF, $10.00, 23M units) is served combined, having listed', () => {
    const { row, offerings, consensus } = served(edgarCompany('learncw', [vendorRow('LCWUF')], []));
    expect(row).toMatchObject({ deal_type: 'spac', offering_status: 'combined' });
    expect(offerings).toEqual([
      expect.objectContaining({
        fileNumber: '333-254820', status: 'combined', stageBeforeEnd: 'listed', ritterExclusions: ['unit_offer', 'spac'],
        issuerNameAtOffering: 'Learn CW Investment Corp', issuerNameAtOfferingSource: 'submissions',
        grossProceeds: 230_000_000, grossProceedsBasis: 'vendor_offer_size',
      }),
    ]);
    expect(consensus).toMatchObject({ grossProceeds: 230_000_000, grossProceedsBasis: 'vendor_offer_size' });
  });

  it('Solidion, combined 2024-02-08: its SPAC IPO went public as Nubia Brand International Corp. and is served combined; later follow-ons keep their own statuses', () => {
    const { row, offerings } = served(edgarCompany('solidion', [vendorRow('NUBIU')], []));
    expect(row).toMatchObject({ name: 'Solidion Technology Inc.', offering_status: 'combined' });
    expect(offerings.map((o) => [o.fileNumber, o.status, o.stageBeforeEnd, o.issuerNameAtOffering])).toEqual([
      ['333-261114', 'combined', 'listed', 'Nubia Brand International Corp.'],
      ['333-278700', 'effective', null, 'Solidion Technology Inc.'],
      ['333-282470', 'effective', null, 'Solidion Technology Inc.'],
      ['333-293402', 'filed', null, 'Solidion Technology Inc.'],
    ]);
    expect(offerings[0].ritterExclusions).toEqual(['unit_offer', 'spac']);
  });

  it('Vincerx, delisted 2025-04-28: the SPAC IPO of LifeSci Acquisition Corp. ended in its 2020 combination, every registration opened before the Form 25 is delisted', () => {
    const { offerings } = served(edgarCompany('vincerx', [vendorRow('VINCU')], []));
    expect(offerings[0]).toMatchObject({ isCurrent: true, status: 'combined', stageBeforeEnd: 'listed', issuerNameAtOffering: 'LifeSci Acquisition Corp.', ritterExclusions: ['unit_offer', 'spac'] });
    expect(offerings.slice(1).every((o) => o.status === 'delisted' && o.stageBeforeEnd !== null)).toBe(true);
  });

  it('Gores Holdings II, served by Bloomberg as "Verra Mobility Corp": no EDGAR evidence of its name at the IPO, and the source summary says the vendor name may be later', () => {
    const { offerings, consensus } = served(vendorOnlyCompany(vendorRow('GSHTU').row));
    expect(offerings[0]).toMatchObject({ issuerNameAtOffering: null, issuerNameAtOfferingSource: null, stageBeforeEnd: 'listed' });
    expect(consensus.sourceSummary.vendor_ipo_table).toMatch(/issuer "Verra Mobility Corp" as the vendor names it at its export \(may be a later name\)$/);
  });

  it('Twitter: Bloomberg\'s $2,093M is the deal with its exercised over-allotment (80.5M shares × $26), said beside the value', () => {
    const { offerings, consensus } = served(vendorOnlyCompany(vendorRow('TWTR').row, [windowBars('TWTR')]));
    expect(consensus).toMatchObject({ grossProceeds: 2_093_000_000, grossProceedsBasis: 'vendor_offer_size' });
    expect(offerings[0]).toMatchObject({ grossProceeds: 2_093_000_000, grossProceedsBasis: 'vendor_offer_size' });
    expect(vendorRow('TWTR').row.offerSizeMillions! * 1e6).toBe(80_500_000 * 26);
  });
});

describe('a Reg A fund known only from daily-index rows (the real 2020-03-18 form index)', async () => {
  const { parseEdgarIndex } = await import('../../schema/edgar/index.parse.ts');
  const entries = parseEdgarIndex(readSample('edgar/index/form.20200318.idx.gz'), 'form').entries;

  it('DLP Positive Note Fund LLC (1-A, 1-A/A) is a fund, kind funds, not an operating company\'s Reg A offering', () => {
    const rows = entries.filter((e) => e.companyName === 'DLP Positive Note Fund LLC');
    expect(rows.map((r) => r.formType).sort()).toEqual(['1-A', '1-A/A']);
    const cik = rows[0].cik;
    const filings: KnownFiling[] = rows.map((r) => ({
      accessionNumber: r.accessionNumber, cik, formType: r.formType, filingDate: r.dateFiled, fileNumber: null, primaryDocument: null,
      acceptanceDateTime: null, companyName: r.companyName, source: 'index',
    }));
    const facts = vendorOnlyFacts(cik, null, OBSERVED);
    const served = deriveRows({
      facts, filings, hints: [], identity: companyIdentity(facts, filings, []), documents: [], snapshot: null, vendorRows: [], bars: new Map(), news: [], today: TODAY,
    })!;
    expect(served.company.row).toMatchObject({ deal_type: 'fund', kind: 'funds', is_ipo: 0 });
    const [offering] = offeringsOf(served.company.row.offerings_json);
    expect(offering).toMatchObject({ dealType: 'fund', issuerNameAtOffering: 'DLP Positive Note Fund LLC', issuerNameAtOfferingSource: 'filing', ritterExclusions: ['closed_end_fund'] });
  });
});

describe('companies known only from daily-index rows, with their vendor rows (the real 2022-10-03 and 2020-03-18 indexes)', async () => {
  const { parseEdgarIndex } = await import('../../schema/edgar/index.parse.ts');
  const entries = [
    ...parseEdgarIndex(readSample('edgar/index/company.20221003.idx.gz'), 'company').entries,
    ...parseEdgarIndex(readSample('edgar/index/form.20200318.idx.gz'), 'form').entries,
  ];
  const indexCompany = (cik: string, vendorRows: StoredIpoRow[]): CompanyInputs => {
    const filings: KnownFiling[] = entries.filter((e) => e.cik === cik).map((r) => ({
      accessionNumber: r.accessionNumber, cik, formType: r.formType, filingDate: r.dateFiled, fileNumber: null, primaryDocument: null,
      acceptanceDateTime: null, companyName: r.companyName, source: 'index',
    }));
    const facts = vendorOnlyFacts(cik, null, OBSERVED);
    return { facts, filings, hints: [], identity: companyIdentity(facts, filings, []), documents: [], snapshot: null, vendorRows, bars: new Map(), news: [], today: TODAY };
  };

  it.each([
    ['Qomolangma Acquisition Corp. (QOMOU)', '0001894210', 'QOMOU'],
    ['dMY Squared Technology Group (DMYY/U)', '0001915380', 'DMYY/U'],
  ])('%s: a SPAC whose 424B4 follows its units\' first trade is served listed from that trade, on every surface\'s row', (_name, cik, symbol) => {
    const served = deriveRows(indexCompany(cik, [vendorRow(symbol)]))!;
    const consensus = JSON.parse(served.company.row.consensus_json) as ApiConsensus;
    expect(consensus.listingDate).toBe('2022-09-30');
    expect(served.company.row).toMatchObject({ deal_type: 'spac', offering_status: 'listed', listing_date: '2022-09-30' });
    // One offering, the EDGAR 424B4's, which the vendor row dates: not a priced deal beside a listed vendor one.
    const offerings = offeringsOf(served.company.row.offerings_json);
    expect(offerings.map((o) => [o.source, o.dealType, o.status, o.listingDate, o.pricedDate, o.expectedFirstTradeDate])).toEqual([
      ['edgar', 'spac', 'listed', '2022-09-30', '2022-09-29', '2022-09-30'],
    ]);
    const prospectus = served.filings.find((f) => f.form_type === '424B4')!;
    expect(JSON.parse(prospectus.json).inferredStatus).toBe('listed');
  });

  it('Laser Photonics (a 424B4 and nine insiders\' Forms 3 of 2022-10-03, no vendor row) is served an operating IPO, priced', () => {
    const served = deriveRows(indexCompany('0001807887', []))!;
    expect(served.company.row).toMatchObject({ deal_type: 'ipo', kind: 'operating', is_ipo: 1, offering_status: 'priced' });
    const offerings = offeringsOf(served.company.row.offerings_json);
    // The trading day before its 424B4 was filed, as deal-status.scan.ts dates a final prospectus without an EFFECT notice.
    expect(offerings.map((o) => [o.source, o.dealType, o.status, o.pricedDate])).toEqual([['edgar', 'ipo', 'priced', '2022-09-30']]);
  });

  it('Calyxt (a 424B5 of 2022-10-03; the Yahoo list\'s CLXT, IPO 2017-07-20; the SEC\'s CBUS, Cibus, today): its IPO listed as CLXT on the IPO date; its takedown a follow-on', () => {
    const clxt = yahooTable.find((r) => r.ticker === 'CLXT')!;
    const tickers = JSON.parse(readSample('edgar/company_tickers.json.gz')) as Record<string, { cik_str: number; ticker: string; title: string }>;
    const hints = Object.values(tickers).filter((t) => t.cik_str === 1705843).map((t) => ({ ticker: t.ticker, title: t.title, exchange: null }));
    expect(hints.map((h) => h.ticker)).toEqual(['CBUS']);
    const input = indexCompany('0001705843', [{ row: clxt, observedAt: OBSERVED }]);
    const served = deriveRows({ ...input, hints, identity: companyIdentity(input.facts, input.filings, hints) })!;
    expect(served.company.row).toMatchObject({ ticker: 'CBUS', listing_date: '2017-07-20' });
    expect(offeringsOf(served.company.row.offerings_json).map((o) => [o.source, o.dealType, o.status, o.listingDate, o.listingSymbol, o.statusAsOf, o.statusAsOfSource])).toEqual([
      // Oldest first, now that the IPO is dated.
      // Listed as of the newest evidence of the company: the takedown of its listed stock, five years on.
      ['vendor', 'ipo', 'listed', '2017-07-20', 'CLXT', '2022-10-03', 'filing'],
      // The 424B5's cover was not read: no symbol of its own.
      ['edgar', 'follow_on', 'priced', null, null, '2022-10-03', 'filing'],
    ]);
    // The change log's listed event names the listing's symbol, which no outcome describes (no first trade is dated).
    expect([served.outcomes, served.listing]).toEqual([[], { date: '2017-07-20', ticker: 'CLXT' }]);
    // Its quiet period is dated by the listing and names the listing's symbol.
    expect(served.calendar.map((e) => [e.kind, e.ticker])).toContainEqual(['quiet_period', 'CLXT']);
  });

  it("DICE Therapeutics (an S-3 of 2022-10-03; Bloomberg's raw 2021 row, IPO 2021-09-15): the idle shelf is dormant as of the day the clock's rule first held, not of its own filing day", () => {
    const dice = parseIpoTable(readSample('reference/bloomberg_raw_2021.csv.gz')).find((r) => r.bloombergTicker === 'DICE US')!;
    const served = deriveRows(indexCompany('0001645569', [{ row: dice, observedAt: OBSERVED }]))!;
    expect(offeringsOf(served.company.row.offerings_json).map((o) => [o.source, o.dealType, o.status, o.statusAsOf, o.statusAsOfSource])).toEqual([
      ['vendor', 'ipo', 'listed', '2022-10-03', 'filing'],
      // 270 days with no registration activity after 2022-10-03.
      ['edgar', 'follow_on', 'dormant', '2023-07-01', 'inactivity'],
    ]);
  });

  it('Calyxt is served by its name now, Cibus, when company_tickers.json was seen naming it after the index row did; searchable by both', () => {
    const tickers = JSON.parse(readSample('edgar/company_tickers.json.gz')) as Record<string, { cik_str: number; ticker: string; title: string }>;
    const titled = (observedAt: string) =>
      Object.values(tickers).filter((t) => t.cik_str === 1705843).map((t) => ({ ticker: t.ticker, title: t.title, exchange: null, observedAt }));
    const input = indexCompany('0001705843', []);
    const served = (hints: ReturnType<typeof titled>) => deriveRows({ ...input, hints, identity: companyIdentity(input.facts, input.filings, hints) })!.company;
    const now = served(titled(OBSERVED));
    expect([now.row.name, now.search.name]).toEqual(['Cibus, Inc.', 'Cibus, Inc. · Calyxt, Inc.']);
    // A ticker file seen before the index row named it Calyxt is older news than the row.
    expect(served(titled('2022-01-01T00:00:00.000Z')).row.name).toBe('Calyxt, Inc.');
  });

  it('Vivint Smart Home: the S-1/A it filed under that name on 2020-03-18 came after the combination its SPAC\'s vendor row names undated, which did not overtake it', () => {
    const served = deriveRows(indexCompany('0001713952', [vendorRow('MOSC/U')]))!;
    const offerings = offeringsOf(served.company.row.offerings_json);
    expect(offerings.map((o) => [o.source, o.dealType, o.status, o.stageBeforeEnd])).toEqual([
      ['vendor', 'spac', 'combined', 'listed'],
      // Its own status: a resale registration amended in 2020, idle since.
      ['edgar', 'unknown', 'dormant', null],
    ]);
    expect(served.company.row.offering_status).toBe('combined');
  });

  it('UTime (F-1 of 2020-03-18, after its DRS of 2019-10-01 and DRS/A of 2019-12-23) is served one offering', () => {
    const served = deriveRows(indexCompany('0001789299', []))!;
    const offerings = offeringsOf(served.company.row.offerings_json);
    expect(offerings.map((o) => [o.dealType, o.openedDate, o.filingCount])).toEqual([['ipo', '2020-03-18', 3]]);
  });
});

describe('market: the family of the served exchange (consensus.exchange)', () => {
  const yahoo = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz')).filter((r) => r.country === 'US');
  const served = (symbol: string) => {
    const row = deriveRows(vendorOnlyCompany(yahoo.find((r) => r.ticker === symbol)!))!.company.row;
    return { market: row.market, exchange: (JSON.parse(row.consensus_json) as ApiConsensus).exchange };
  };

  it('an IPO the Yahoo list quotes on the OTC Bulletin Board is otc (Wrap Technologies as PTRC, Artec Consulting, Medifirst)', () => {
    for (const symbol of ['PTRC', 'ACTL', 'MFST']) expect(served(symbol), symbol).toEqual({ market: 'otc', exchange: 'OTC' });
  });

  it('one it lists on NYSE or a Nasdaq tier is an exchange listing (EverBank on NYSE, Triumph Bancorp on NasdaqGM)', () => {
    expect(served('EVER')).toEqual({ market: 'exchange', exchange: 'NYSE' });
    expect(served('TBK')).toEqual({ market: 'exchange', exchange: 'Nasdaq' });
  });

  it('a Bloomberg row alone names no exchange: unknown', () => {
    const row = deriveRows(vendorOnlyCompany(vendorRow('TWTR').row))!.company.row;
    expect(row.market).toBe('unknown');
  });
});

describe('a vendor IPO served under the symbol and name of its day', () => {
  const yahooTable = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz'));
  const joined = (bloomberg: string, yahoo: string): StoredIpoRow => ({
    ...vendorRow(bloomberg),
    sameIpo: [{ row: yahooTable.find((r) => r.bloombergTicker === yahoo)!, observedAt: OBSERVED }],
  });
  const inputs = (ipo: StoredIpoRow): CompanyInputs => ({ ...vendorOnlyCompany(ipo.row), vendorRows: [ipo] });

  it('ServiceMaster\'s 2014 IPO (Bloomberg TMX, Terminix; Yahoo SERV): named Terminix, SERV held since 2014-06-26, its name at listing Yahoo\'s', () => {
    const rows = deriveRows(inputs(joined('TMX', 'SERV')))!;
    expect(rows.company.tickers.map((t) => [t.ticker, t.held_since]).sort()).toEqual([['SERV', '2014-06-26'], ['TMX', null]]);
    expect([rows.company.row.name, rows.company.row.ticker]).toEqual(['Terminix Global Holdings Inc', 'SERV']);
    expect(offeringsOf(rows.company.row.offerings_json)[0]).toMatchObject({ issuerNameAtOffering: 'ServiceMaster Global Hldgs Inc', issuerNameAtOfferingSource: 'vendor_listing', listingDate: '2014-06-26' });
  });

  it('EverBank\'s 2012 IPO (Bloomberg 1624831D, "TIAA FSB Holdings"; Yahoo EVER): the placeholder is no ticker of it', () => {
    const rows = deriveRows(inputs(joined('1624831D', 'EVER')))!;
    expect(rows.company.row.ticker).toBe('EVER');
    expect(rows.company.tickers.map((t) => t.ticker)).toEqual(['EVER']);
  });

  it('Banco Macro (Yahoo alone, $2.035 a share against a first bar of $23.05 an ADS): no offer price served', () => {
    const row = yahooTable.find((r) => r.bloombergTicker === 'BMA')!;
    const rows = deriveRows(vendorOnlyCompany(row))!;
    expect(offeringsOf(rows.company.row.offerings_json)[0]).toMatchObject({ source: 'vendor', offerPrice: null });
  });

  describe('a status is as of no day before it took effect (the filings as EDGAR listed them at a moment of the IPO)', () => {
    /** The company's submissions with only the filings filed up to `through`, as a live feed would have revealed them. */
    const through = (name: 'aaoi' | 'vincerx', date: string): CompanyInputs => {
      const input = edgarCompany(name, [], []);
      const filings = input.filings.filter((f) => f.filingDate <= date);
      return { ...input, filings, identity: companyIdentity(input.facts, filings, []) };
    };

    it("AAOI with its 424B4 of 2013-09-25 and no trade yet: listed by the clock as of its expected first trading day, 2013-09-26, not the prospectus's day", () => {
      const rows = deriveRows(through('aaoi', '2013-09-25'))!;
      const ipo = offeringsOf(rows.company.row.offerings_json).find((o) => o.isCurrent)!;
      expect([ipo.status, ipo.listingDate, ipo.statusAsOf, ipo.statusAsOfSource]).toEqual(['listed', '2013-09-26', '2013-09-26', 'expected_first_trade']);
      // Its later filings are later evidence: the whole submissions page's newest filing dates it.
      const whole = offeringsOf(deriveRows(edgarCompany('aaoi', [], []))!.company.row.offerings_json).find((o) => o.isCurrent)!;
      expect(whole.statusAsOfSource).toBe('filing');
    });

    it('LifeSci Acquisition (Vincerx) with its filings to its 424B4 of 2020-03-09: combined as of the rename its submissions page dates, 2020-12-23', () => {
      const rows = deriveRows(through('vincerx', '2020-03-09'))!;
      expect(rows.company.row.offering_status).toBe('combined');
      const spac = offeringsOf(rows.company.row.offerings_json).find((o) => o.isCurrent)!;
      expect([spac.status, spac.statusAsOf, spac.statusAsOfSource]).toEqual(['combined', '2020-12-23', 'sec_submissions']);
      expect(rows.ends.map((e) => [e.status, e.date])).toEqual([['combined', '2020-12-23']]);
    });
  });
});

describe('bars of a recycled symbol are not the IPO\'s', () => {
  it("Inogen's INGN bars from 2014-02-14 are its own IPO's, not Introgen Therapeutics' (Bloomberg's INGNQ, listed 2000-10-12 as INGN)", () => {
    const bars = windowBars('INGN');
    expect(barsOfIpo(bars, '2014-02-14')).toBe(true);
    expect(barsOfIpo(bars, '2000-10-12')).toBe(false);
    const introgen = deriveRows(vendorOnlyCompany(vendorRow('INGNQ').row, [bars]))!;
    expect(introgen.outcomes.map((o) => [o.ticker, o.trading_start_date, o.status])).toEqual([['INGN', '2000-10-12', 'partial']]);
    const inogen = deriveRows(vendorOnlyCompany(vendorRow('INGN').row, [bars]))!;
    expect(inogen.outcomes.map((o) => [o.ticker, o.trading_start_date, o.status])).toEqual([['INGN', '2014-02-14', 'complete']]);
  });
});
