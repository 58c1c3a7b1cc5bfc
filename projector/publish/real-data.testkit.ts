import { padCik } from '../../schema/cik.ts';
import { readSample } from '../common/sample.testkit.ts';
import type { ArticleFiling } from './article.types.ts';

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
