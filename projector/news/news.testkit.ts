import { readSample, listSample } from '../market/sample.testkit.ts';
import { tickerMapFromCompanyTickers } from '../market/ipo-table.parse.ts';
import type { NewsApiArticle } from '../../schema/news/newsapi.parse.ts';
import type { LinkCandidate } from './company.link.ts';

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
 * Twitter is not in it (delisted 2022), so its CIK is null here. Former names are EDGAR's:
 * Snap Inc. filed as Snapchat, Inc. until 2016; PDD Holdings Inc. was Pinduoduo Inc. until 2023.
 */
export function realCandidates(): Record<string, LinkCandidate> {
  const tickers = tickerMapFromCompanyTickers(readSample('edgar/company_tickers.json.gz'));
  const from = (t: string, formerNames: string[] = []): LinkCandidate => {
    const e = tickers.get(t)!;
    return { cik: e.cik, name: e.title, tickers: [t], formerNames };
  };
  return {
    twitter: { cik: tickers.get('TWTR')?.cik ?? null, name: 'Twitter, Inc.', tickers: ['TWTR'] },
    snap: from('SNAP', ['Snapchat, Inc.']),
    gopro: from('GPRO'),
    pinterest: from('PINS'),
    pinduoduo: from('PDD', ['Pinduoduo Inc.']),
  };
}
