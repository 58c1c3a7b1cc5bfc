/**
 * Co-registrants: one registration statement filed under several CIKs, a parent and the
 * subsidiaries that guarantee its securities (QualTek Services' S-1 of 2022 lists twelve LLCs
 * beside it). They are one deal, and only one filer is the issuer going public. The issuer is the
 * filer the SEC's ticker file lists, the one whose stock trades (guarantors have none): Salem Media
 * Group's S-3 of 2022 is filed by 28 subsidiaries too, some of them on EDGAR before it (Bison Media,
 * CIK 1049666; Salem, 1050606, SALM). Else, or among several listed, the lowest CIK: EDGAR numbers
 * CIKs in order of registration, and guarantor subsidiaries mostly get theirs when they first
 * co-register, after their parent holds one.
 */
import type { FilingFact } from './filing.facts.ts';

/**
 * The issuer among the filers of one accession: the lowest CIK of those `listed` says the SEC's
 * ticker file lists, else of all (zero-padded CIKs compare as numbers do).
 */
export function issuerAmong(ciks: Iterable<string>, listed: (cik: string) => boolean = () => false): string | null {
  let lowest: string | null = null;
  let lowestListed: string | null = null;
  for (const cik of ciks) {
    if (lowest === null || cik < lowest) lowest = cik;
    if (listed(cik) && (lowestListed === null || cik < lowestListed)) lowestListed = cik;
  }
  return lowestListed ?? lowest;
}

/** The issuer of a registration this company co-registered, when it is another filer; else null. */
export function coRegisteredIssuer(company: string, opening: Pick<FilingFact, 'coRegistrants' | 'listedFilers'> | null | undefined): string | null {
  const listed = new Set(opening?.listedFilers ?? []);
  const issuer = issuerAmong([company, ...(opening?.coRegistrants ?? [])], (cik) => listed.has(cik));
  return issuer !== company ? issuer : null;
}
