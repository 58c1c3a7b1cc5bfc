/** Test-only: the real submissions JSON in data/sample as offering-rule inputs. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseSubmissions } from '../../schema/edgar/submissions.parse.ts';
import type { CompanyFacts, FilingFact } from './filing.facts.ts';

const SUBMISSIONS_DIR = fileURLToPath(new URL('../../data/sample/edgar/submissions/', import.meta.url));

export const SUBMISSIONS = {
  aaoi: 'CIK0001158114_applied-optoelectronics.json.gz',
  learncw: 'CIK0001847577_learncw-spac.json',
  unicycive: 'CIK0001766140_unicycive.json',
  solidion: 'CIK0001881551_solidion.json',
  alzamend: 'CIK0001677077_alzamend.json',
  vincerx: 'CIK0001796129_vincerx.json',
  trfinance: 'CIK0001814722_tr-finance.json',
  tesla: 'CIK0001318605_tesla.json',
  marvell: 'CIK0001835632_marvell.json',
  wolfspeed: 'CIK0000895419_wolfspeed.json',
} as const;
const TESLA_OLDER = 'CIK0001318605-submissions-001_tesla-older-page.json';

export function readSampleFile(path: string): Buffer {
  const bytes = readFileSync(path);
  return path.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

export interface SampleCompany {
  company: CompanyFacts;
  filings: FilingFact[];
}

export function loadSubmissions(name: keyof typeof SUBMISSIONS): SampleCompany {
  const parsed = parseSubmissions(readSampleFile(SUBMISSIONS_DIR + SUBMISSIONS[name]));
  const c = parsed.company!;
  const rows = [...parsed.filings];
  // Tesla's IPO lives on its older page; the sample holds that page too.
  if (name === 'tesla') rows.push(...parseSubmissions(readSampleFile(SUBMISSIONS_DIR + TESLA_OLDER)).filings);
  const filings = rows.map((f) => ({
    accessionNumber: f.accessionNumber,
    cik: c.cik,
    formType: f.form,
    filingDate: f.filingDate,
    fileNumber: f.fileNumber,
    primaryDocument: f.primaryDocument,
    acceptanceDateTime: f.acceptanceDateTime,
    items: f.items,
    reportDate: f.reportDate,
  }));
  return {
    company: {
      cik: c.cik, name: c.name, entityType: c.entityType, sic: c.sic, sicDescription: c.sicDescription, tickers: c.tickers, exchanges: c.exchanges,
      formerNames: c.formerNames, updatedAt: null,
    },
    filings,
  };
}

export function byAccession(filings: FilingFact[], accession: string): FilingFact {
  const f = filings.find((x) => x.accessionNumber === accession);
  if (!f) throw new Error(`no filing ${accession}`);
  return f;
}
