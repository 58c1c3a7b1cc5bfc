/**
 * What a foreign issuer's offering listed: American depositary shares (Ritter's ADR exclusion), its own
 * shares listed directly, or a security no evidence shows. Rules measured on the bundled vendor tables
 * (data/sample/reference; listed-security.derive.test.ts):
 *   ads      ADSs on the cover, "ADR"/"ADS"/"American Depositary" in an issuer name, a vendor symbol with
 *            the ADR fifth letter Y, or an F-6 under the issuer's own CIK (its ADR program) for an F-1
 *            offering or one known only from a vendor row; or a Bloomberg row's US CUSIP for an issuer
 *            foreign by a legal form no US corporation takes (plc, S.A., N.V., "Cayman": Talend SA,
 *            Centessa Pharmaceuticals PLC, Ambrx Biopharma Cayman Inc) or by its forms (20-F, 6-K, F-1:
 *            Legend Biotech Corp). A depositary is a US bank, so its receipts carry a US CUSIP; a foreign
 *            company's own shares carry a CINS (a letter first: Wix M98068105, Credo G25457105).
 *   shares   a prospectus cover that names the security sold, and it is no ADS; a Canadian issuer (40-F,
 *            F-10: Canada is in the CUSIP system and its companies list their common shares); a Bloomberg
 *            row with a CINS, or with its CUSIP blank ("N.A."): the export leaves a CINS out, and every
 *            foreign-named US row it so blanks is a direct listing (Herbalife Ltd, Jazz Pharmaceuticals
 *            PLC, Sensata Technologies Holding NV, Credo Technology Group Holding Ltd).
 *   unknown  a foreign issuer with none of this: a Yahoo list row carries no CUSIP, and of its 37 US rows
 *            named with a foreign legal form 14 listed ADSs (Alibaba, Zai Lab, Secoo) and 23 their shares
 *            (Accenture Ltd, Ferrari NV, CyberArk Software Ltd).
 * "Ltd" or "Limited" alone marks a foreign issuer only where no US CUSIP speaks: the Bloomberg export's
 * US-CUSIP rows so named are mostly US companies (Wynn Resorts Ltd, GrafTech International Ltd, Bowman
 * Consulting Group Ltd) beside three ADS issuers (BeiGene, Connect Biopharma, Ambow Education), and the
 * row cannot tell them apart: null (no foreign issuer shown), the sample keeping them.
 * A SPAC's or a fund's listing is not read (a vendor names a SPAC after the company it merged with), nor a
 * debt offering's (Barclays Bank PLC's notes list no shares).
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import type { DealType, ForeignListing } from '../../schema/api/vocabulary.ts';
import type { IpoTableRow } from '../market/ipo-table.parse.ts';
import { vendorSymbol } from './vendor-deal-type.derive.ts';
import { hasForeignLegalForm, hasLimitedForm } from './structure-evidence.ts';

export interface ListingEvidence {
  dealType: DealType;
  baseForm: string | null;
  /** The issuer's names: EDGAR's at the deal, the vendor row's, company_tickers.json's titles. */
  names: readonly string[];
  terms: Pick<ApiTermsExtended, 'issuerStructureFlags' | 'securityDescription'> | null;
  vendorRow: IpoTableRow | null;
  /** The other tables' rows of the same IPO, joined to the vendor row (their CUSIP, when it has none). */
  sameIpoRows?: readonly IpoTableRow[];
  /** The issuer filed an F-6 (structure-evidence.ts registersDepositaryShares): it has an ADR program. */
  depositaryShares?: boolean;
  /** The issuer filed a foreign private issuer's form (structure-evidence.ts filesAsForeignPrivateIssuer). */
  foreignPrivateIssuer?: boolean;
  /** The issuer filed a Canadian issuer's form (structure-evidence.ts filesAsCanadianIssuer). */
  canadianIssuer?: boolean;
}

const ADR_TEXT = /\bADRs?\b|\bADSs?\b|American Depositary/i;
/** Nasdaq's fifth-letter Y, kept by vendors and over-the-counter quotes, marks an ADR. */
const ADR_SYMBOL = /^[A-Z]{4}Y$/;

/** ADSs shown by the offering's own documents, names, symbol or the issuer's F-6. */
export function showsDepositaryShares(e: ListingEvidence): boolean {
  const symbol = e.vendorRow ? vendorSymbol(e.vendorRow) : null;
  return (
    (e.terms?.issuerStructureFlags ?? []).includes('adr') || ADR_TEXT.test(e.terms?.securityDescription ?? '') || e.names.some((n) => ADR_TEXT.test(n)) ||
    (symbol !== null && ADR_SYMBOL.test(symbol)) ||
    // No registration form: an offering known only from a vendor row, whose issuer's ADR program is what it listed.
    ((e.baseForm === 'F-1' || e.baseForm === null) && e.depositaryShares === true)
  );
}

/** A CUSIP's kind: a US-style one (a digit first: US and Canadian issuers, and US depositaries' receipts) or a CINS (a letter first). */
export function cusipKind(cusip: string | null | undefined): 'us' | 'cins' | null {
  const c = (cusip ?? '').trim().toUpperCase();
  if (!/^[0-9A-Z]{8}[0-9]$/.test(c)) return null;
  return /^[0-9]/.test(c) ? 'us' : 'cins';
}

export function foreignListing(e: ListingEvidence): ForeignListing | null {
  if (e.dealType === 'spac' || e.dealType === 'fund' || e.dealType === 'debt') return null;
  if (showsDepositaryShares(e)) return 'ads';
  const foreignForm = e.names.some(hasForeignLegalForm);
  const filesAsForeign = e.foreignPrivateIssuer === true || e.baseForm === 'F-1';
  const canadian = e.canadianIssuer === true || e.baseForm === 'F-10';
  const bloomberg = [e.vendorRow, ...(e.sameIpoRows ?? [])].filter((r): r is IpoTableRow => r !== null && r.layout !== 'yahoo');
  const cusips = bloomberg.map((r) => cusipKind(r.cusip));
  const usCusip = cusips.includes('us');
  const limited = e.names.some(hasLimitedForm) && !usCusip;
  if (!foreignForm && !filesAsForeign && !canadian && !limited) return null;
  if (canadian || e.terms?.securityDescription) return 'shares';
  if (cusips.includes('cins')) return 'shares';
  if (usCusip) return 'ads';
  return bloomberg.length > 0 ? 'shares' : 'unknown';
}
