/**
 * A registration the data last saw in progress, whose company the SEC's ticker file
 * (company_tickers.json) lists today: it is not dormant, stale or postponed. The file lists the
 * securities that trade; a registrant that traded nothing when it filed and trades now went public
 * after the filings the data holds, on a day the data does not hold (UTime's F-1 of 2020-03-18, the
 * file's WTO, listed on Nasdaq in 2021 as UTME). The
 * honest status is `listed`, listing date unknown, as of the day the data first saw the file list the
 * symbol (`sec_ticker_file`).
 *
 * Only a registration the data knows could list: an IPO-family or Reg A deal. Never a follow-on,
 * resale, shelf, debt or fund deal, whose company being listed says nothing of the deal, nor a deal
 * seen only through prospectuses (a 424B3 of a registration filed before the data), nor one of a type
 * not known: an S-1 or F-1 whose first filing the data does not hold may register resales or an
 * uplisting of a company that already traded when it filed, and company_tickers.json names no
 * market. Measured on the demo, that wider rule listed 7 companies, 4 of them wrongly: Pagaya's F-1/As
 * of 2022-10-03 registered resales after its 2022 combination had listed it, and Mitesco (MITI),
 * Deep Green (DGWR) and RiskOn (ROII) are quoted over the counter; Atour (ATAT) and Sacks Parente
 * (SPGC), which did list, stay idle with them. Only a symbol seen after the deal's last filing (the
 * file speaks of its own day), and not an over-the-counter one: a foreign issuer's by its form
 * (LCWUF), any by the market the data states for the symbol (company_tickers_exchange.json's row,
 * the submissions page's `exchanges`).
 *
 * Applied in company-rows.derive.ts on the offering after withServedEnd, unless a vendor row's status
 * speaks; the status is as of `observedOn` (`sec_ticker_file`) or later evidence (status-as-of.derive.ts).
 * The ticker file is an event of its own, observed after the filings: a projection that met the
 * filings first records the company dormant, then at the file's batch a revision to listed dated
 * `observedOn`. Two things in
 * the runner had to hold for that (test/projector-rebuild.int.test.ts): a batch orders a revision by
 * the date it is recorded under, not its fact's first date (deal-events.store.ts), and a rebuild over
 * a carried change log derives its history at the live checkpoint itself, never at a batch boundary
 * before it (project.ts: a batch is cut there), where the company was still dormant.
 */
import type { CompanyFacts, TickerHint } from '../offering/filing.facts.ts';
import type { DealLifecycle } from '../offering/lifecycle.derive.ts';
import type { CompanyOffering } from '../offering/offering.derive.ts';
import { listable } from '../offering/deal-status.scan.ts';
import { isForeignOverTheCounterSymbol } from '../offering/vendor-deal-type.derive.ts';
import { marketOf } from './market-family.ts';

export interface TickerFileListing {
  ticker: string;
  /** YYYY-MM-DD: the day the data first saw company_tickers.json list the symbol. */
  observedOn: string;
}

type DealView = Pick<DealLifecycle, 'dealKind' | 'overlay' | 'lastFilingDate' | 'pricedDate' | 'withdrawnDate' | 'endedBy'> & {
  filings: ReadonlyArray<{ formType: string }>;
};

/**
 * The ticker file's listing of the company that overtakes its current deal's overlay, or null (see
 * the header). `submissions`: the company's submissions page's symbols and their markets, if read.
 */
export function tickerFileListing(
  deal: DealView | null,
  hints: readonly TickerHint[],
  submissions: Pick<CompanyFacts, 'tickers' | 'exchanges'> = { tickers: [], exchanges: [] },
): TickerFileListing | null {
  if (deal === null || deal.overlay === null || deal.endedBy !== null || deal.pricedDate !== null || deal.withdrawnDate !== null) return null;
  if (!listable(deal.dealKind)) return null;
  for (const hint of hints) {
    const observedOn = hint.observedAt?.slice(0, 10) ?? null;
    if (observedOn === null || observedOn <= deal.lastFilingDate || isForeignOverTheCounterSymbol(hint.ticker)) continue;
    const stated = [hint.exchange, ...submissions.tickers.flatMap((t, i) => (t === hint.ticker ? [submissions.exchanges[i] ?? null] : []))];
    if (stated.some((exchange) => marketOf(exchange) === 'otc')) continue;
    return { ticker: hint.ticker, observedOn };
  }
  return null;
}

/** The offering rules' result with the current deal served `listed` (no overlay) when the ticker file shows its listing. */
export function withTickerFileListing(offering: CompanyOffering, listing: TickerFileListing | null): CompanyOffering {
  const current = offering.lifecycle.currentDeal;
  if (listing === null || current === null) return offering;
  const listed: DealLifecycle = { ...current, overlay: null, overlaySince: null, displayStatus: 'listed', servedStatus: 'listed' };
  const deals = offering.lifecycle.deals.map((d) => (d === current ? listed : d));
  return { ...offering, lifecycle: { ...offering.lifecycle, deals, currentDeal: listed, offeringStatus: 'listed' } };
}
