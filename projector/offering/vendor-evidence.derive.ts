import { addDays, daysBetween } from '../common/dates.ts';
import { baseForm, TAKEDOWN_FORMS } from '../common/forms.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import type { DealTypeResult } from './deal-type.derive.ts';
import type { Deal } from './deals.group.ts';
import { vendorDealType } from './vendor-deal-type.derive.ts';
import { VENDOR_TRADE_WINDOW_DAYS } from './deal-status.scan.ts';

/** A vendor row prices a deal when it traded after the deal opened and within this many days of it. */
const PRICING_WINDOW_DAYS = 730;
const IPO_REGISTRATION_FORMS = new Set(['S-1', 'F-1', 'S-11']);
/** EDGAR's typings a vendor row's blank-check or fund evidence overrides: filings alone could not tell. */
const OVERRIDABLE = new Set(['ipo', 'other', 'direct_listing']);

/**
 * A deal EDGAR typed as an operating IPO from its forms, whose vendor row shows a blank check or a
 * fund (units at $10.00, the vendor's subgroup), is that: evidence from any source types the offering.
 * A deal EDGAR could not type (a final prospectus of a company only daily-index rows name: IPO or
 * follow-on not known) is the IPO a vendor row shows trading within VENDOR_TRADE_WINDOW_DAYS of its
 * first filing, of the row's type: dMY Squared's 424B4 of 2022-10-03 and its units' first trade on
 * 2022-09-30 are one SPAC IPO, not a priced deal of unknown type beside a listed one. One the vendor
 * shows listed before it, seen only through shelf takedowns, is a follow-on (typedByEarlierListing).
 */
export function withVendorEvidence(result: DealTypeResult, deal: Pick<Deal, 'openedDate' | 'baseForm' | 'filings'>, vendorRows: readonly StoredIpoRow[]): DealTypeResult {
  if (result.dealType === 'unknown') {
    const traded = typedByVendorTrade(result, deal, vendorRows);
    return traded.dealType === 'unknown' ? typedByEarlierListing(traded, deal, vendorRows) : traded;
  }
  if (!OVERRIDABLE.has(result.dealType)) return result;
  const until = addDays(deal.openedDate, PRICING_WINDOW_DAYS);
  for (const { row, sameIpo } of vendorRows) {
    if (row.tradeDate === null || row.tradeDate < deal.openedDate || row.tradeDate > until) continue;
    const vendor = vendorDealType(row, (sameIpo ?? []).map((r) => r.row));
    if (vendor.dealType === 'ipo') continue;
    return { dealType: vendor.dealType, reasons: [...vendor.reasons, ...result.reasons.map((r) => `EDGAR: ${r}`)], confidence: Math.max(result.confidence, 0.8) };
  }
  return result;
}

/**
 * An IPO registration (S-1, F-1, S-11) not withdrawn: when the company's vendor IPO row trades after it
 * opened (within PRICING_WINDOW_DAYS), it registered that IPO. Social Capital Hedosophia Holdings Corp. II
 * filed its S-1/A on 2020-03-18 and its units (IPOB.U) traded from 2020-04-28: one SPAC IPO, not a
 * registration of unknown type beside a vendor offering. A company's IPO precedes any resale or
 * follow-on it registers, so a row trading after the registration is no earlier deal's.
 */
function opensIpoRegistration(deal: Pick<Deal, 'baseForm' | 'filings'>): boolean {
  return deal.baseForm !== null && IPO_REGISTRATION_FORMS.has(baseForm(deal.baseForm)) && !deal.filings.some((f) => baseForm(f.formType) === 'RW');
}

function typedByVendorTrade(result: DealTypeResult, deal: Pick<Deal, 'openedDate' | 'baseForm' | 'filings'>, vendorRows: readonly StoredIpoRow[]): DealTypeResult {
  const near = (tradeDate: string) => Math.abs(daysBetween(deal.openedDate, tradeDate)) <= VENDOR_TRADE_WINDOW_DAYS;
  const registered = (tradeDate: string) => opensIpoRegistration(deal) && tradeDate >= deal.openedDate && tradeDate <= addDays(deal.openedDate, PRICING_WINDOW_DAYS);
  const own = vendorRows.find(({ row }) => row.tradeDate !== null && (near(row.tradeDate) || registered(row.tradeDate)));
  if (!own) return result;
  const vendor = vendorDealType(own.row, (own.sameIpo ?? []).map((r) => r.row));
  const traded = near(own.row.tradeDate!)
    ? `the vendor IPO row ${own.row.bloombergTicker} shows it trading from ${own.row.tradeDate}, within ${VENDOR_TRADE_WINDOW_DAYS} days of its first filing`
    : `the vendor IPO row ${own.row.bloombergTicker} shows the company's IPO trading from ${own.row.tradeDate}, after this registration (${deal.baseForm}) opened on ${deal.openedDate}`;
  return { dealType: vendor.dealType, reasons: [traded, ...vendor.reasons, ...result.reasons.map((r) => `EDGAR: ${r}`)], confidence: 0.8 };
}

/**
 * A deal seen only through shelf takedowns (Rule 424(b)(5) or (7) prospectus supplements: each sells
 * securities an effective shelf registered, and an IPO's final prospectus is a 424B1 or 424B4) of a
 * company a vendor IPO row shows listed before the deal's first filing: the issuer was already public,
 * so the takedown is a follow-on, as it is for an issuer whose periodic reports the data holds
 * (deal-type.derive.ts). Calyxt's 424B5 of 2022-10-03, the only filing the data holds of the company,
 * after the Yahoo list's CLXT IPO of 2017-07-20. A 424B2 is typed debt before this (deal-type.derive.ts).
 */
function typedByEarlierListing(result: DealTypeResult, deal: Pick<Deal, 'openedDate' | 'baseForm' | 'filings'>, vendorRows: readonly StoredIpoRow[]): DealTypeResult {
  const prospectuses = deal.filings.filter((f) => f.formType.startsWith('424B'));
  if (deal.baseForm !== null || prospectuses.length === 0 || !prospectuses.every((f) => TAKEDOWN_FORMS.has(f.formType))) return result;
  // The row's first trade, else the IPO date a Yahoo row states when its first bar is another security's.
  const listed = vendorRows.map(({ row }) => ({ row, date: row.tradeDate ?? row.ipoDate ?? null })).find(({ date }) => date !== null && date < deal.openedDate);
  if (!listed) return result;
  const forms = [...new Set(prospectuses.map((f) => f.formType))].join(', ');
  const why = `shelf takedown (${forms}) of a company the vendor IPO row ${listed.row.bloombergTicker} shows listed on ${listed.date}, before it: already public`;
  return { dealType: 'follow_on', reasons: [why, ...result.reasons.map((r) => `EDGAR: ${r}`)], confidence: 0.6 };
}
