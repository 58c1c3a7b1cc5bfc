import { addDays } from '../common/dates.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import type { DealTypeResult } from './deal-type.derive.ts';
import type { Deal } from './deals.group.ts';
import { vendorDealType } from './vendor-deal-type.derive.ts';

/** A vendor row prices a deal when it traded after the deal opened and within this many days of it. */
const PRICING_WINDOW_DAYS = 730;
/** EDGAR's typings a vendor row's blank-check or fund evidence overrides: filings alone could not tell. */
const OVERRIDABLE = new Set(['ipo', 'other', 'direct_listing']);

/**
 * A deal EDGAR typed as an operating IPO from its forms, whose vendor row shows a blank check or a
 * fund (units at $10.00, the vendor's subgroup), is that: evidence from any source types the offering.
 */
export function withVendorEvidence(result: DealTypeResult, deal: Pick<Deal, 'openedDate'>, vendorRows: readonly StoredIpoRow[]): DealTypeResult {
  if (!OVERRIDABLE.has(result.dealType)) return result;
  const until = addDays(deal.openedDate, PRICING_WINDOW_DAYS);
  for (const { row } of vendorRows) {
    if (row.tradeDate === null || row.tradeDate < deal.openedDate || row.tradeDate > until) continue;
    const vendor = vendorDealType(row);
    if (vendor.dealType === 'ipo') continue;
    return { dealType: vendor.dealType, reasons: [...vendor.reasons, ...result.reasons.map((r) => `EDGAR: ${r}`)], confidence: Math.max(result.confidence, 0.8) };
  }
  return result;
}
