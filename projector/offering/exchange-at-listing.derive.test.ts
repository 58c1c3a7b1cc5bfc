/** The exchange at listing on real submissions, real daily indexes and a real prospectus. */
import { describe, expect, it } from 'vitest';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { sampleDoc } from '../extract/test-docs.ts';
import { extractTerms } from '../extract/terms.extract.ts';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import { readSample } from '../common/sample.testkit.ts';
import { isIpoFamily } from './deal-type.derive.ts';
import { deriveLifecycle } from './lifecycle.derive.ts';
import { certifyingExchange, deriveListingExchange, EXCHANGE_CIKS, exchangeName, type ListingExchangeInput } from './exchange-at-listing.derive.ts';
import { loadSubmissions, type SUBMISSIONS } from './sample.testkit.ts';

const TODAY = '2026-07-01';

/** The company's filings and its listing: the IPO-family deal that priced, from its real lifecycle. */
function company(name: keyof typeof SUBMISSIONS) {
  const { company, filings } = loadSubmissions(name);
  const deal = deriveLifecycle(filings, { today: TODAY, company }).deals.filter((d) => isIpoFamily(d.dealKind) && d.pricedDate !== null).at(-1)!;
  const listing = { openedDate: deal.openedDate, tradeDate: deal.firstTradeDate ?? deal.expectedFirstTradeDate ?? deal.pricedDate };
  const current: ListingExchangeInput['current'] = { source: 'submissions page', exchange: company.exchanges[0] ?? null };
  return { filings, listing, current };
}

describe('deriveListingExchange: the exchange certification nearest the listing', () => {
  it('Learn CW → NYSE: a generic CERT filed by NYSE (CIK 0000876661); its 2024 move to Nasdaq is a transfer, not the listing', () => {
    const { filings, listing, current } = company('learncw');
    // The submissions page has no exchange today (delisted 2024), and Nasdaq certified its 2024 transfer.
    expect(current.exchange).toBeNull();
    expect(filings.find((f) => f.accessionNumber === '0001354457-24-000587')?.formType).toBe('CERT');
    const x = deriveListingExchange({ filings, listing, prospectus: null, current });
    expect(x.exchange).toBe('NYSE');
    expect(x.summary).toBe(
      "NYSE: CERT 0000876661-21-001450 filed 2021-10-07, the exchange's certification of the listing (filed by the exchange, CIK 0000876661); " +
        '8-A12B 0001140361-21-033866 filed 2021-10-06 registers the class on an exchange it does not name',
    );
    // Without its 2021 certification, the 2024 one still says nothing about the listing.
    const without2021 = filings.filter((f) => f.accessionNumber !== '0000876661-21-001450');
    expect(deriveListingExchange({ filings: without2021, listing, prospectus: null, current }).exchange).toBeNull();
  });

  it.each([
    ['vincerx', '0001354457-20-000110'],
    ['unicycive', '0001354457-21-000764'],
    ['solidion', '0001354457-22-000178'],
    ['alzamend', '0001354457-21-000651'],
  ] as const)('%s → Nasdaq: a generic CERT filed by Nasdaq (CIK 0001354457), %s', (name, accession) => {
    const { filings, listing, current } = company(name);
    const x = deriveListingExchange({ filings, listing, prospectus: null, current });
    expect(x.exchange).toBe('Nasdaq');
    expect(x.summary).toMatch(new RegExp(`^Nasdaq: CERT ${accession} filed \\S+, the exchange's certification of the listing \\(filed by the exchange, CIK 0001354457\\)`));
  });

  it.each([
    ['aaoi', 'CERTNAS 9999999997-13-014625 filed 2013-09-23'],
    ['tesla', 'CERTNAS 9999999997-10-013375 filed 2010-06-21'],
  ] as const)('%s → Nasdaq: the form type names the exchange (%s)', (name, cert) => {
    const { filings, listing, current } = company(name);
    expect(deriveListingExchange({ filings, listing, prospectus: null, current })).toMatchObject({
      exchange: 'Nasdaq',
      summary: expect.stringMatching(new RegExp(`^Nasdaq: ${cert}, the exchange's certification of the listing \\(the form type names the exchange\\)`)),
    });
  });

  it('Vincerx: today SEC lists no exchange, so without the certification nothing names one; the 8-A12B is reported, not served', () => {
    const { filings, listing, current } = company('vincerx');
    expect(current.exchange).toBeNull();
    const x = deriveListingExchange({ filings: filings.filter((f) => !f.formType.startsWith('CERT')), listing, prospectus: null, current });
    expect(x).toEqual({
      exchange: null,
      summary:
        "unknown: no exchange certification of the listing, no prospectus cover naming one, no exchange in SEC's current files; " +
        '8-A12B 0001104659-20-029551 filed 2020-03-05 registers the class on an exchange it does not name',
    });
  });

  it('Unicycive before its listing: the S-1/A cover names the Nasdaq Capital Market', () => {
    const { filings, listing } = company('unicycive');
    const terms = extractTerms(sampleDoc('unicycive')).terms;
    const asOf = filings.filter((f) => f.filingDate <= '2021-06-30');
    const x = deriveListingExchange({
      filings: asOf,
      listing: { openedDate: listing.openedDate, tradeDate: null },
      prospectus: { formType: 'S-1/A', accessionNumber: '0001213900-21-035033', exchangeHint: terms.exchangeHint },
      current: null,
    });
    expect(x).toEqual({ exchange: 'Nasdaq', summary: `Nasdaq: S-1/A 0001213900-21-035033, the prospectus cover's listing sentence ("Nasdaq Capital Market")` });
  });

  it('Wolfspeed: no IPO in its filings, so its 2021 NYSE certification (a move from Nasdaq) is no listing; today\'s market is served as such', () => {
    const { company: facts, filings } = loadSubmissions('wolfspeed');
    expect(filings.some((f) => f.accessionNumber === '0000876661-21-001427' && f.formType === 'CERT')).toBe(true);
    const x = deriveListingExchange({ filings, listing: null, prospectus: null, current: { source: 'submissions page', exchange: facts.exchanges[0] } });
    expect(x).toEqual({ exchange: 'NYSE', summary: "NYSE: the submissions page, today's market, not necessarily the one it listed on" });
    expect(deriveListingExchange({ filings, listing: null, prospectus: null, current: null }).summary).toBe(
      "unknown: no listing date to tie an exchange certification to, no prospectus cover naming one, no exchange in SEC's current files",
    );
  });
});

describe('deriveListingExchange: a company known from vendor rows alone', () => {
  const bloomberg = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz'));
  const yahoo = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz'));
  const vendorOf = (row: IpoTableRow): ListingExchangeInput['vendor'] => ({ layout: row.layout ?? 'bloomberg', symbol: row.bloombergTicker, date: row.tradeDate ?? row.ipoDate ?? null, exchange: row.exchange ?? null });

  it('GoPro (Bloomberg row, no filings held): the listing is the vendor trade date; unknown, and the reason names the vendor table', () => {
    const gopro = bloomberg.find((r) => r.ticker === 'GPRO' && r.country === 'US')!;
    const x = deriveListingExchange({ filings: [], listing: { openedDate: null, tradeDate: gopro.tradeDate }, prospectus: null, current: null, vendor: vendorOf(gopro) });
    expect(x).toEqual({
      exchange: null,
      summary: "unknown: no exchange certification of the listing, no prospectus cover naming one, no exchange in SEC's current files, no exchange column in the Bloomberg IPO table row",
    });
  });

  it('Silicon Laboratories (Yahoo row): step 4, the exchange column NasdaqGM is Nasdaq, said as the Yahoo row\'s', () => {
    const slab = yahoo.find((r) => r.ticker === 'SLAB')!;
    const x = deriveListingExchange({ filings: [], listing: { openedDate: null, tradeDate: slab.tradeDate }, prospectus: null, current: null, vendor: vendorOf(slab) });
    expect(x).toEqual({ exchange: 'Nasdaq', summary: 'Nasdaq: the Yahoo Finance IPO list row SLAB, IPO 2000-03-24, its exchange column ("NasdaqGM")' });
  });

  it('the vendor column ranks below the certification and the prospectus cover, above today\'s market', () => {
    const { filings, listing, current } = company('aaoi');
    const aaoi = { ...vendorOf(yahoo.find((r) => r.ticker === 'SLAB')!)!, symbol: 'AAOI', exchange: 'NYSE' };
    expect(deriveListingExchange({ filings, listing, prospectus: null, current, vendor: aaoi }).summary).toMatch(/^Nasdaq: CERTNAS /);
    const uncertified = filings.filter((f) => !f.formType.startsWith('CERT'));
    expect(deriveListingExchange({ filings: uncertified, listing, prospectus: null, current, vendor: aaoi }).summary).toMatch(/^NYSE: the Yahoo Finance IPO list row AAOI/);
    expect(deriveListingExchange({ filings: uncertified, listing, prospectus: null, current, vendor: { ...aaoi, exchange: null } }).summary).toMatch(/^Nasdaq: the submissions page, today's market/);
  });

  it('every exchange the Yahoo list writes for a US row is one of the served names', () => {
    const written = [...new Set(yahoo.map((r) => r.exchange))].sort();
    expect(written).toEqual(['NASDQ', 'NYSE', 'NasdaqGM', 'OTC BB']);
    expect(written.map((w) => exchangeName(w))).toEqual(['Nasdaq', 'NYSE', 'Nasdaq', 'OTC']);
  });
});

describe('exchange names', () => {
  const indexes = [
    parseEdgarIndex(Buffer.from(readSample('edgar/index/form.20200318.idx.gz'))),
    parseEdgarIndex(Buffer.from(readSample('edgar/index/company.20221003.idx.gz'))),
    parseEdgarIndex(Buffer.from(readSample('edgar/index/master.2024-01-02.idx.gz'))),
  ].flatMap((p) => p.entries);

  it('every exchange CIK is the filer EDGAR\'s daily indexes name as that exchange', () => {
    for (const [cik, exchange] of Object.entries(EXCHANGE_CIKS)) {
      const names = new Set(indexes.filter((e) => e.cik === cik).map((e) => e.companyName));
      expect(names.size, cik).toBeGreaterThan(0);
      for (const name of names) expect(exchangeName(name), `${cik} ${name}`).toBe(exchange);
    }
  });

  it('every certification in the bundled indexes names its exchange, by form type or filer', () => {
    const certs = indexes.filter((e) => /^CERT/.test(e.formType));
    expect(certs.length).toBeGreaterThan(0);
    // Generic CERTs all: ETF trusts NYSE Arca lists, and Cohen & Company, an NYSE American issuer.
    expect(certs.map((e) => [e.companyName, e.formType, certifyingExchange(e)])).toEqual([
      ['Bitwise Funds Trust', 'CERT', 'NYSE Arca'], ['Global X Funds', 'CERT', 'NYSE Arca'], ['Thrivent ETF Trust', 'CERT', 'NYSE Arca'],
      ['Cohen & Co Inc.', 'CERT', 'NYSE American'], ['Federated Hermes ETF Trust', 'CERT', 'NYSE Arca'], ['Tidal Commodities Trust I', 'CERT', 'NYSE Arca'],
    ]);
  });

  it('one name per market, as prospectuses and SEC files write them', () => {
    const written = {
      'The Nasdaq Capital Market': 'Nasdaq', 'NASDAQ Global Market': 'Nasdaq', 'Nasdaq Global Select Market': 'Nasdaq', Nasdaq: 'Nasdaq',
      'New York Stock Exchange': 'NYSE', NYSE: 'NYSE', 'NYSE MKT': 'NYSE American', 'NYSE Amex': 'NYSE American', 'New York Stock Exchange American': 'NYSE American',
      'NYSE Arca': 'NYSE Arca', 'Cboe BZX Exchange': 'Cboe BZX', CBOE: 'Cboe', OTC: 'OTC', 'OTC Pink': 'OTC', OTCQB: 'OTC', 'TSX Venture Exchange': 'TSX Venture Exchange',
    };
    expect(Object.fromEntries(Object.keys(written).map((w) => [w, exchangeName(w)]))).toEqual(written);
    expect([exchangeName(''), exchangeName(null)]).toEqual([null, null]);
  });
});
