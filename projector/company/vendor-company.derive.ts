/**
 * Vendor IPO rows (`reference.ipo_row`, a Bloomberg or Yahoo table) joined to companies by identity,
 * not by ticker alone: tickers are recycled, and a delisted company's ticker is in no SEC file.
 * A US row belongs to, in order:
 *   1. an EDGAR company carrying the row's ticker whose name (current, former, or the
 *      company_tickers.json title) is the row's issuer;
 *   2. an EDGAR company with the issuer's name that filed a registration or prospectus (S-1, F-1,
 *      S-11, DRS, 424B*) within two years before the trade date (or a week after it);
 *   3. an EDGAR company whose name is exactly the issuer's (normalized) and which carries no other
 *      ticker (EDGAR holds only later filings of it);
 *   4. nobody: the row becomes a company of its own, named and dated from the vendor, under the
 *      identifier `V-<ticker>-<trade date>` (a row without a trade date cannot be dated and is not served).
 * Ties go to the lowest CIK, so the join never depends on the order events arrived in. Once EDGAR
 * data names the company (a later filing, a tickers snapshot), the row moves to it and the vendor
 * company is no longer served.
 */
import { VENDOR_KEY_PREFIX, vendorCompanyKey } from '../../schema/cik.ts';
import { baseForm } from '../common/forms.ts';
import { normalizeCompanyName, sameCompanyName } from '../common/company-name.ts';
import { addDays } from '../common/dates.ts';
import type { CompanyFacts, FilingFact } from '../offering/filing.facts.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import type { DealType, OfferingStatus } from '../../schema/api/vocabulary.ts';
import { vendorDealType } from '../offering/vendor-deal-type.derive.ts';

/** What a row is matched against: one EDGAR company (or a CIK only company_tickers.json lists). */
export interface VendorCandidate {
  cik: string;
  names: readonly string[];
  tickers: readonly string[];
  filings: readonly Pick<FilingFact, 'formType' | 'filingDate'>[];
}

const REGISTRATION_BASES = new Set(['S-1', 'F-1', 'S-11', 'DRS']);
const LOOKBACK_DAYS = 730;
const LOOKAHEAD_DAYS = 7;

/** The identifier of the company a row becomes when no EDGAR company is its issuer; null without a trade date. */
export function vendorCompanyId(row: StoredIpoRow['row']): string | null {
  return row.tradeDate === null ? null : vendorCompanyKey(row.ticker, row.tradeDate);
}

export function isVendorCompanyId(id: string): boolean {
  return id.startsWith(VENDOR_KEY_PREFIX);
}

/** The CIK a row joins, or null when it is its own company. Non-US rows join nobody and are not served. */
export function resolveVendorRow(row: StoredIpoRow['row'], candidates: readonly VendorCandidate[]): string | null {
  const named = (c: VendorCandidate) => c.names.some((n) => sameCompanyName(row.issuer, n));
  const sorted = [...candidates].sort((a, b) => (a.cik < b.cik ? -1 : a.cik > b.cik ? 1 : 0));
  const byTicker = sorted.find((c) => c.tickers.includes(row.ticker) && named(c));
  if (byTicker) return byTicker.cik;
  if (row.tradeDate === null) return null;
  const from = addDays(row.tradeDate, -LOOKBACK_DAYS);
  const to = addDays(row.tradeDate, LOOKAHEAD_DAYS);
  const registered = (c: VendorCandidate) =>
    c.filings.some((f) => f.filingDate >= from && f.filingDate <= to && (REGISTRATION_BASES.has(baseForm(f.formType)) || f.formType.startsWith('424B')));
  const dated = sorted.find((c) => named(c) && registered(c));
  if (dated) return dated.cik;
  // EDGAR named a company exactly like the issuer (only later filings of it are held, say), and no
  // other ticker of it contradicts the row: the same company.
  const key = normalizeCompanyName(row.issuer);
  return sorted.find((c) => c.names.some((n) => normalizeCompanyName(n) === key) && c.tickers.every((t) => t === row.ticker))?.cik ?? null;
}

/** Rows served as their own company: US rows with a trade date. */
export function mayBeVendorCompany(row: StoredIpoRow['row']): boolean {
  return row.country === 'US' && row.tradeDate !== null;
}

export interface VendorStatus {
  offeringStatus: Extract<OfferingStatus, 'listed' | 'priced'>;
  dealType: DealType;
  /** True when EDGAR holds no IPO-family registration of the company: the vendor row is its IPO. */
  fromVendorAlone: boolean;
}

/**
 * The status a vendor row gives an IPO whose pricing EDGAR has not shown us: listed from its trade
 * date (the vendor's first trading day) on, priced before. The deal type is EDGAR's when it typed
 * the IPO (with the vendor row's evidence already applied), else the row's own evidence
 * (vendor-deal-type.derive.ts): a SPAC's unit IPO is a spac, a closed-end fund's a fund.
 */
export function vendorCompanyStatus(row: StoredIpoRow, today: string, edgarDealType: DealType | undefined): VendorStatus {
  const tradeDate = row.row.tradeDate;
  return { offeringStatus: tradeDate !== null && tradeDate <= today ? 'listed' : 'priced', dealType: edgarDealType ?? vendorDealType(row.row).dealType, fromVendorAlone: edgarDealType === undefined };
}

/**
 * Facts of a company EDGAR has told us nothing about but its company_tickers.json rows (hints), or
 * nothing at all (a vendor-only company: named from the vendor row).
 */
export function vendorOnlyFacts(cik: string, name: string | null, updatedAt: string | null): CompanyFacts {
  return { cik, name, entityType: null, sic: null, sicDescription: null, tickers: [], exchanges: [], formerNames: [], updatedAt };
}
