/**
 * Co-registrants: one registration statement filed under several CIKs, a parent and the
 * subsidiaries that guarantee its securities (QualTek Services' S-1 of 2022 lists twelve LLCs
 * beside it). They are one deal, and only one filer is the issuer going public. The issuer is the
 * filer with the lowest CIK: EDGAR numbers CIKs in order of registration, and guarantor
 * subsidiaries get theirs when they first co-register, after their parent holds one.
 */
import type { FilingFact } from './filing.facts.ts';

/** The issuer among the filers of one accession: the lowest CIK (zero-padded CIKs compare as numbers do). */
export function issuerAmong(ciks: Iterable<string>): string | null {
  let lowest: string | null = null;
  for (const cik of ciks) if (lowest === null || cik < lowest) lowest = cik;
  return lowest;
}

/** The issuer of a registration this company co-registered, when it is another filer; else null. */
export function coRegisteredIssuer(company: string, opening: Pick<FilingFact, 'coRegistrants'> | null | undefined): string | null {
  const issuer = issuerAmong([company, ...(opening?.coRegistrants ?? [])]);
  return issuer !== company ? issuer : null;
}
