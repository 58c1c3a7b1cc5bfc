import { readSample, listSample } from '../common/sample.testkit.ts';
import { tickerMapFromCompanyTickers } from '../market/ipo-table.parse.ts';
import type { NewsApiArticle } from '../../schema/news/newsapi.parse.ts';
import type { LinkCandidate } from './company.link.ts';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';

/** The 20 real news records (data/sample/news), with the company their file name names. */
export function realNewsRecords(): Array<{ file: string; company: string; raw: string; article: NewsApiArticle }> {
  return listSample('news')
    .filter((f) => f.endsWith('.json'))
    .map((file) => {
      const raw = readSample(`news/${file}`);
      return { file, company: file.replace(/_\d+\.json$/, ''), raw, article: JSON.parse(raw) as NewsApiArticle };
    });
}

/**
 * Candidates for the five companies, CIKs and current names from the real company_tickers.json.
 * Twitter is not in it (delisted 2022): its CIK and name are those of its row in the real EDGAR
 * company index of 2022-10-03. Former names are EDGAR's: Snap Inc. filed as Snapchat, Inc. until
 * 2016; PDD Holdings Inc. was Pinduoduo Inc. until 2023.
 */
export function realCandidates(): Record<string, LinkCandidate> {
  const tickers = tickerMapFromCompanyTickers(readSample('edgar/company_tickers.json.gz'));
  const from = (t: string, formerNames: string[] = []): LinkCandidate => {
    const e = tickers.get(t)!;
    return { cik: e.cik, name: e.title, tickers: [t], formerNames };
  };
  const twitter = parseEdgarIndex(readSample('edgar/index/company.20221003.idx.gz')).entries.find((e) => e.companyName === 'TWITTER, INC.')!;
  return {
    twitter: { cik: twitter.cik, name: twitter.companyName, tickers: ['TWTR'] },
    snap: from('SNAP', ['Snapchat, Inc.']),
    gopro: from('GPRO'),
    pinterest: from('PINS'),
    pinduoduo: from('PDD', ['Pinduoduo Inc.']),
  };
}

/**
 * Every company of the real company_tickers.json (~10k, one candidate per CIK with all its tickers)
 * with the five above in place of their own rows (adding Twitter and the former names).
 */
export function everyRealCandidate(): LinkCandidate[] {
  const byCik = new Map<string, LinkCandidate & { tickers: string[] }>();
  for (const e of tickerMapFromCompanyTickers(readSample('edgar/company_tickers.json.gz')).values()) {
    const c = byCik.get(e.cik) ?? { cik: e.cik, name: e.title, tickers: [] };
    c.tickers.push(e.ticker);
    byCik.set(e.cik, c);
  }
  for (const five of Object.values(realCandidates())) {
    const own = byCik.get(five.cik!);
    byCik.set(five.cik!, { ...five, tickers: [...new Set([...five.tickers, ...(own?.tickers ?? [])])] });
  }
  return [...byCik.values()];
}
