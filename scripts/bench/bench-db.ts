import { readFileSync } from 'node:fs';
import type { OfferingStatus } from '../../schema/api/vocabulary.ts';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import type {
  ApiClassification,
  ApiCompany,
  ApiConsensus,
  ApiLatestTermsCompact,
} from '../../schema/api/types.ts';
import { openReadDbForWrite } from '../../schema/databases.ts';
import { COMPANY_LIST_ITEM_SQL } from '../../schema/read/company-list.ts';
import { padCik } from '../../schema/cik.ts';

/**
 * A read.db of `count` companies for load tests. Names and tickers cycle through the real
 * company_tickers.json; offer terms cycle through the real Bloomberg IPO table. The rows are
 * benchmark load, not facts about those companies: the CIKs past the real list are sequence
 * numbers, and nothing here is served by `npm start`.
 */
export async function buildBenchReadDb(path: string, sampleDir: string, count = 100_000): Promise<void> {
  const tickers = Object.values(
    JSON.parse(gunzipSync(readFileSync(join(sampleDir, 'edgar/company_tickers.json.gz'))).toString('utf8')) as Record<
      string,
      { cik_str: number; ticker: string; title: string }
    >,
  );
  const terms = bloombergTerms(gunzipSync(readFileSync(join(sampleDir, 'reference/bloomberg_ipo_data_2000_2025.csv.gz'))).toString('utf8'));
  const statuses: OfferingStatus[] = ['filed', 'amended', 'launched', 'priced', 'listed', 'withdrawn'];
  const db = await openReadDbForWrite(path);
  const insert = db.sqlite.prepare(`INSERT INTO companies (sort_date, cik, name, name_lower, ticker, exchange, offering_status,
      deal_type, market, is_ipo, kind, gross_proceeds, updated_at, json, latest_terms_json, latest_terms_detail_json,
      classification_json, consensus_json) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
  const insertTicker = db.sqlite.prepare('INSERT OR IGNORE INTO company_tickers (ticker, cik, is_primary) VALUES (?,?,1)');
  const day0 = Date.UTC(2000, 0, 3);
  const usedCiks = new Set<number>();
  db.sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const real = tickers[i % tickers.length];
      // company_tickers.json lists some CIKs once per share class; repeats get sequence CIKs.
      const realCik = i < tickers.length && !usedCiks.has(real.cik_str);
      if (realCik) usedCiks.add(real.cik_str);
      const cik = padCik(realCik ? real.cik_str : 9_000_000 + i);
      const date = new Date(day0 + ((i * 7919) % 9400) * 86_400_000).toISOString().slice(0, 10);
      const t = terms[i % terms.length];
      const ticker = realCik ? real.ticker : null;
      const company: ApiCompany = {
        cik,
        name: real.title,
        updatedAt: `${date}T21:30:00.000Z`,
        latestFormType: 'S-1/A',
        latestFilingDate: date,
        offeringStatus: statuses[i % statuses.length],
        dealType: 'ipo',
        tickerHint: ticker,
        exchangeHint: i % 3 === 0 ? 'NYSE' : 'Nasdaq',
        sicDescription: 'Services-Prepackaged Software',
      };
      const latestTerms: ApiLatestTermsCompact = { ...t, structure: 'common_stock' };
      const classification: ApiClassification = { calendarEligibility: 'include', issuerKind: 'operating', listingPath: 'underwritten_ipo', confidence: 0.9 };
      const consensus: ApiConsensus = {
        ticker,
        exchange: company.exchangeHint,
        listingDate: date,
        offerPrice: t.offeringPrice,
        offerPriceLow: t.priceRangeLow,
        offerPriceHigh: t.priceRangeHigh,
        totalShares: t.totalSharesOffered,
        grossProceeds: t.grossProceeds,
        grossProceedsBasis: t.grossProceeds === null ? null : 'base_deal',
        resolvedAt: `${date}T21:30:00.000Z`,
        sourceSummary: { edgar: `offer ${t.offeringPrice}`, bloomberg: `offer ${t.offeringPrice}` },
      };
      insert.run(date, cik, real.title, real.title.toLowerCase(), ticker, company.exchangeHint, company.offeringStatus, 'ipo',
        'exchange', 1, 'operating', t.grossProceeds, company.updatedAt, JSON.stringify(company), JSON.stringify(latestTerms), 'null',
        JSON.stringify(classification), JSON.stringify(consensus));
      if (ticker) insertTicker.run(ticker, cik);
    }
    // The list's own rows, as the projector writes them beside each companies row (served.store.ts).
    db.sqlite.exec(`INSERT INTO company_list (sort_date, cik, json, latest_terms_json, classification_json, consensus_json)
      SELECT sort_date, cik, json, latest_terms_json, classification_json, consensus_json FROM companies`);
    db.sqlite.exec(`INSERT INTO company_list_items (sort_date, cik, json) SELECT sort_date, cik, ${COMPANY_LIST_ITEM_SQL} FROM company_list`);
  })();
  db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await db.close();
}

function bloombergTerms(csv: string): Array<Omit<ApiLatestTermsCompact, 'structure'>> {
  const out: Array<Omit<ApiLatestTermsCompact, 'structure'>> = [];
  for (const line of csv.split(/\r?\n/).slice(1)) {
    const cells = line.split(',');
    const price = Number(cells[7]);
    const sizeMillions = Number(cells[2]);
    const range = /^([\d.]+) - ([\d.]+)$/.exec(cells[14] ?? '');
    if (!(price > 0) || !(sizeMillions > 0) || !range) continue;
    out.push({
      offeringPrice: price,
      priceRangeLow: Number(range[1]),
      priceRangeHigh: Number(range[2]),
      grossProceeds: Math.round(sizeMillions * 1e6),
      grossProceedsEstimate: null,
      totalSharesOffered: Math.round((sizeMillions * 1e6) / price),
    });
  }
  return out;
}
