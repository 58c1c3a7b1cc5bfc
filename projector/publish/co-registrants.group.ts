import { isAmendment, isRegistrationFiling } from '../common/forms.ts';
import { issuerAmong } from '../offering/co-registrants.derive.ts';
import type { ArticleFiling } from './article.types.ts';

type GroupedFiling = Pick<ArticleFiling, 'cik' | 'formType' | 'accessionNumber' | 'filingDate' | 'fileNumber' | 'listed'>;

/** Whether a filer of these filings is listed, as issuerAmong asks. */
export function listedFilers(filings: readonly Pick<ArticleFiling, 'cik' | 'listed'>[]): (cik: string) => boolean {
  const listed = new Set(filings.filter((f) => f.listed).map((f) => f.cik));
  return (cik) => listed.has(cik);
}

/**
 * Co-registrants: EDGAR lists a filing with several registrants once per registrant CIK (domain.md
 * §1.2), each under its own form type — a parent amending its S-1 and the subsidiaries it adds, which
 * file the same document as their first S-1. The CIKs that filed one registration filing together
 * (one accession number, or one file number on one day) are one registrant, led by its issuer
 * (issuerAmong, the offering rule). Only registration filings join registrants: insiders' and
 * holders' reports (Forms 3 and 4, 13G) name several filers too, but an investor filing for two
 * companies does not make them one registrant. Returns each CIK's lead (a CIK alone leads itself).
 */
export function registrantLeads(filings: readonly GroupedFiling[]): (cik: string) => string {
  const listed = listedFilers(filings);
  const parent = new Map<string, string>();
  const find = (cik: string): string => {
    let root = cik;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    for (let c = cik; c !== root; ) {
      const next = parent.get(c)!;
      parent.set(c, root);
      c = next;
    }
    return root;
  };
  const firstFiler = new Map<string, string>();
  for (const f of filings) {
    if (!isRegistrationFiling(f.formType)) continue;
    for (const key of [`acc:${f.accessionNumber}`, f.fileNumber ? `file:${f.fileNumber}|${f.filingDate}` : null]) {
      if (key === null) continue;
      const other = firstFiler.get(key);
      if (other === undefined) firstFiler.set(key, f.cik);
      else {
        const [a, b] = [find(other), find(f.cik)];
        const issuer = issuerAmong([a, b], listed)!;
        if (a !== b) parent.set(issuer === a ? b : a, issuer);
      }
    }
  }
  return find;
}

/** One filing as its registrants filed it: the lead's row first, the co-registrants' after. */
export interface JointFiling<F extends GroupedFiling> {
  lead: F;
  coRegistrants: F[];
  /** A registrant filed it as an amendment: the registration existed before, whatever forms the newcomers used. */
  amends: boolean;
}

/** Filings grouped by accession number, each group led by its issuer's row, in the order of the groups' first rows. */
export function jointFilings<F extends GroupedFiling>(filings: readonly F[]): JointFiling<F>[] {
  const byAccession = new Map<string, F[]>();
  for (const f of filings) byAccession.set(f.accessionNumber, [...(byAccession.get(f.accessionNumber) ?? []), f]);
  return [...byAccession.values()].map((rows) => {
    const issuer = issuerAmong(rows.map((r) => r.cik), listedFilers(rows));
    const lead = rows.find((r) => r.cik === issuer)!;
    const coRegistrants = rows.filter((r) => r !== lead).sort((a, b) => a.cik.localeCompare(b.cik));
    return { lead, coRegistrants, amends: rows.some((r) => isAmendment(r.formType)) };
  });
}
