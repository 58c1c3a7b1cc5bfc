import { padCik } from '../../schema/cik.ts';
import { parseStooqCsv } from '../market/bars.parse.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import { deriveOutcome } from '../market/outcome.derive.ts';
import { readSample } from '../common/sample.testkit.ts';
import { createTradingCalendar } from '../common/trading-calendar.ts';
import { readWindowIndex } from '../market/window-index.testkit.ts';
import type { ArticleFiling, ArticleOutcome } from './article.types.ts';

/**
 * Article inputs built from the real sample: outcomes from the 321 window price files with the
 * Bloomberg offer price and size, and filings from a real EDGAR daily form index.
 * Deal type here is only what the sample can tell: "Acquisition" issuers are SPACs.
 */
export function realOutcomes(): ArticleOutcome[] {
  const cal = createTradingCalendar();
  const bloomberg = new Map(parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz'))
    .filter((r) => r.country === 'US')
    .map((r) => [r.ticker, r]));
  return readWindowIndex().map((w) => {
    const row = bloomberg.get(w.ticker)!;
    const bars = parseStooqCsv(readSample(`prices/window/${w.ticker}.csv`));
    const outcome = deriveOutcome(
      { cik: w.cik ? padCik(w.cik) : `ticker:${w.ticker}`, companyName: w.issuer, ticker: w.ticker, exchange: null, sicDescription: null, updatedAt: null },
      { offerPrice: row.offerPrice, pricingDate: w.tradeDate, bars },
      cal,
    )!;
    return {
      outcome,
      dealType: /acquisition/i.test(w.issuer) ? 'spac' : 'ipo',
      grossProceeds: row.offerSizeMillions === null ? null : Math.round(row.offerSizeMillions * 1e6),
      calendarEligibility: null,
      inVendorTable: true,
      offerSource: { label: `Bloomberg IPO table, ${row.bloombergTicker}`, url: null },
      priceSource: { label: `daily price bars, ${w.ticker}`, url: null },
    };
  });
}

/** Rows of a real EDGAR daily form index (fixed-width), as article filings. */
export function realDailyIndexFilings(file: string): ArticleFiling[] {
  const out: ArticleFiling[] = [];
  for (const line of readSample(file).split('\n')) {
    const m = /^(\S+(?: \S+)*)\s{2,}(.+?)\s{2,}(\d+)\s+(\d{8})\s+(edgar\/data\/\S+)/.exec(line);
    if (!m) continue;
    const accession = m[5].split('/').pop()!.replace(/\.txt$/, '');
    out.push({
      formType: m[1],
      companyName: m[2].trim(),
      cik: padCik(m[3]),
      filingDate: `${m[4].slice(0, 4)}-${m[4].slice(4, 6)}-${m[4].slice(6)}`,
      accessionNumber: accession,
      url: `https://www.sec.gov/Archives/${m[5]}`,
    });
  }
  return out;
}
