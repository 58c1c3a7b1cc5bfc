/**
 * A bankrupt issuer the vendor alone knows (its last symbol ends in the bankruptcy marker Q), looked
 * up in the SEC's real company_tickers.json by its exact name: listed again under a symbol of its
 * own, or still held under the symbol it went bankrupt with. On the real bundled Bloomberg rows.
 */
import { describe, expect, it } from 'vitest';
import type { ApiConsensus, ApiLifecycleEnd } from '../../schema/api/types.ts';
import { parseCompanyTickers } from '../../schema/edgar/company-tickers.parse.ts';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import { deriveRows, type CompanyInputs } from './company-rows.derive.ts';
import { deriveConsensus } from './consensus-rules.derive.ts';
import { relistedAs } from './served-end.derive.ts';
import { secNamesakeTickers, vendorCompanyId, vendorOnlyFacts, type VendorCandidate } from './vendor-company.derive.ts';

const OBSERVED = '2026-01-02T00:00:00Z';
const table = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => r.country === 'US');
const row = (symbol: string) => table.find((r) => r.bloombergTicker === `${symbol} US`)!;
/** Every company_tickers.json entity, as a vendor row's candidate named by its title. */
const secEntities: VendorCandidate[] = [
  ...parseCompanyTickers(readSample('edgar/company_tickers.json.gz')).reduce((m, r) => {
    const c = m.get(r.cik) ?? { cik: r.cik, names: [], tickers: [], filings: [] };
    m.set(r.cik, { ...c, names: [...c.names, r.title], tickers: [...c.tickers, r.ticker] });
    return m;
  }, new Map<string, VendorCandidate>()).values(),
];

function served(symbol: string) {
  const r = row(symbol);
  const input: CompanyInputs = {
    facts: vendorOnlyFacts(vendorCompanyId(r)!, r.issuer, OBSERVED), filings: [], hints: [], snapshot: null, documents: [], news: [], today: '2026-01-02',
    identity: { name: r.issuer, tickerHint: null, exchangeHint: null, allTickers: [], hintTitles: [] },
    vendorRows: [{ row: r, observedAt: OBSERVED }], bars: new Map(), namesakeTickers: secNamesakeTickers(r, secEntities),
  };
  const rows = deriveRows(input)!;
  return {
    company: rows.company.row,
    end: JSON.parse(rows.company.row.lifecycle_end_json) as ApiLifecycleEnd | null,
    consensus: JSON.parse(rows.company.row.consensus_json) as ApiConsensus,
    outcomeTicker: rows.outcomes[0]?.ticker ?? null,
  };
}

describe('a vendor-only bankrupt issuer the SEC lists today', () => {
  it('listed again under a symbol of its own (Peabody BTUUQ → BTU, Chord OASPQ → CHRD, Genco GNKOQ → GNK, Amplify MPOYQ → AMPY): no end', () => {
    for (const [symbol, sec] of [['BTUUQ', 'BTU'], ['OASPQ', 'CHRD'], ['GNKOQ', 'GNK'], ['MPOYQ', 'AMPY']]) {
      expect(secNamesakeTickers(row(symbol), secEntities), symbol).toEqual([sec]);
      const { company, end } = served(symbol);
      expect([company.offering_status, end], symbol).toEqual(['listed', null]);
    }
  });

  it('the SEC still holding the symbol it went bankrupt with (2U TWOUQ → TWOU, Cue Health HLTHQ → HLTH, SunPower SPWRQ → SPWR): delisted stands', () => {
    for (const symbol of ['TWOUQ', 'HLTHQ', 'SPWRQ']) {
      expect(relistedAs(symbol.slice(0, 4), secNamesakeTickers(row(symbol), secEntities)), symbol).toBeNull();
      const { company, end } = served(symbol);
      expect([company.offering_status, end?.source], symbol).toEqual(['delisted', 'vendor']);
    }
  });

  it('a namesake of another state is another company: Community Bancorp/NV (CBONQ) is not COMMUNITY BANCORP /VT (CMTV)', () => {
    expect(secNamesakeTickers(row('CBONQ'), secEntities)).toEqual([]);
    expect(served('CBONQ').company.offering_status).toBe('delisted');
  });

  it('another class on the four letters is the same stale listing: Applied UV\'s AUVIP beside AUVI for AUVIQ', () => {
    expect(relistedAs('AUVI', ['AUVI', 'AUVIP'])).toBeNull();
    expect(relistedAs('BTUU', ['BTU'])).toBe('BTU');
  });

  it('no SEC entity of the exact name (Digital Lighthouse DGLHQ): delisted; a namesake under a marked symbol is no relisting', () => {
    expect(served('DGLHQ').company.offering_status).toBe('delisted');
    expect(relistedAs('ACOR', ['ACORQ'])).toBeNull();
  });
});

describe('consensus.ticker never carries the bankruptcy marker', () => {
  it('EP Energy (Bloomberg EPEGQ): the IPO\'s symbol, as the company and its outcome serve it', () => {
    const { company, consensus, outcomeTicker } = served('EPEGQ');
    expect(consensus.ticker).toBe('EPEG');
    expect([company.ticker, outcomeTicker]).toEqual(['EPEG', 'EPEG']);
  });

  it('the SEC\'s current ticker with the marker (Acorda\'s ACORQ) is served as the symbol before it', () => {
    const c = deriveConsensus({ submissions: { tickers: ['ACORQ'], exchanges: [null], observedAt: OBSERVED }, observedAt: OBSERVED });
    expect(c.ticker).toBe('ACOR');
    expect(c.sourceSummary.submissions).toContain('ACORQ');
  });
});
