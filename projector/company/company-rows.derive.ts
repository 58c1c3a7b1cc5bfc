import type { ApiFinancialSnapshot, ApiLifecycleEnd } from '../../schema/api/types.ts';
import type { CalendarEntriesTable, FilingsTable, NewsTable, OutcomesTable } from '../../schema/read/tables.ts';
import { deriveCompany, type CompanyIdentity, type DerivedCompany } from './company.derive.ts';
import type { CompanyFacts, KnownFiling, TickerHint } from '../offering/filing.facts.ts';
import type { DocumentTerms } from '../extract/document-terms.ts';
import type { StoredBars, StoredIpoRow } from '../market/market.facts.ts';
import type { StoredNews } from '../news/news.facts.ts';
import { deriveFiling } from '../offering/filing-row.derive.ts';
import { baseForm, isListingForm } from '../common/forms.ts';
import { deriveNewsRows } from '../news/news-rows.derive.ts';
import { deriveOffering, offeringTerms, type FilingOffering } from '../offering/offering.derive.ts';
import { deriveCompanyOutcome, pricedIpoDeal, vendorRowFor } from './company-outcome.derive.ts';
import { companyClassification, companyConsensus, companyListingExchange } from './consensus.derive.ts';
import { companyPriceHistory } from '../offering/company-price-history.derive.ts';
import { financialSnapshotOf } from './financial-snapshot.choose.ts';
import { rowsOfIpo, vendorCompanyStatus, vendorTickers } from './vendor-company.derive.ts';
import { exchangeListingSymbol, ipoIssuerName, ipoSymbol } from './vendor-symbol.derive.ts';
import { isForeignOverTheCounterSymbol } from '../offering/vendor-deal-type.derive.ts';
import { isIpoFamily } from '../offering/deal-type.derive.ts';
import { vendorRowDate } from './vendor-same-ipo.derive.ts';
import { daysBetween } from '../common/dates.ts';
import { VENDOR_TRADE_WINDOW_DAYS } from '../offering/deal-status.scan.ts';
import { isCombinedCompanySymbol, isRebuiltUnitSymbol, laterSymbolEnds, servedEnds, withServedEnd } from './served-end.derive.ts';
import { listingOwnSymbol } from './listing-symbol.derive.ts';
import { statusAsOf } from './status-as-of.derive.ts';
import { tickerFileListing, withTickerFileListing } from './ticker-file-listing.derive.ts';
import { filesAsCanadianIssuer, filesAsForeignPrivateIssuer, registersDepositaryShares } from '../offering/structure-evidence.ts';
import { createTradingCalendar, type TradingCalendar } from '../common/trading-calendar.ts';
import { deriveExpiryCalendar } from '../offering/expiry-calendar.derive.ts';

export interface CompanyRows {
  company: DerivedCompany;
  filings: FilingsTable[];
  outcomes: OutcomesTable[];
  news: NewsTable[];
  /** The expiry calendar's rows of the company's priced IPO-family offerings. */
  calendar: CalendarEntriesTable[];
  /**
   * The outcome's listing (else a vendor IPO row's no outcome describes, dated by the consensus) and the
   * symbol the listing's own evidence names for it (listing-symbol.derive.ts): what the change log's
   * `listed` event may say. Not a served row.
   */
  listing: { date: string; ticker: string | null } | null;
  /**
   * Every end the company went through, oldest first (served-end.derive.ts servedEnds: a SPAC's
   * combination, then the combined company's delisting), each with its own evidence and date: the
   * change log's `combined` and `delisted` facts. Not a served row (lifecycleEnd is the one in force).
   */
  ends: ApiLifecycleEnd[];
}

/** Everything one company's served rows are derived from. */
export interface CompanyInputs {
  facts: CompanyFacts;
  filings: KnownFiling[];
  hints: TickerHint[];
  identity: CompanyIdentity;
  documents: DocumentTerms[];
  snapshot: { snapshot: ApiFinancialSnapshot | null; observedAt: string } | null;
  /** Vendor rows joined to this company by identity (vendor-company.derive.ts). */
  vendorRows: StoredIpoRow[];
  /** Bars per ticker, for the company's tickers and its vendor rows' tickers. */
  bars: Map<string, StoredBars>;
  news: StoredNews[];
  today: string;
  /** A vendor-only company's: the SEC's tickers of its exact namesakes (vendor-company.derive.ts `secNamesakeTickers`). */
  namesakeTickers?: readonly string[];
  /** Shared across derivations (it memoizes holidays); a fresh one per call when absent. */
  calendar?: TradingCalendar;
}

/** Registration statements whose filing is offering activity (amendments included). */
const REGISTRATION_BASES = new Set(['S-1', 'F-1', 'S-11', 'DRS', '10-12B', '1-A', 'DOS', 'S-3', 'S-3ASR', 'F-3', 'F-3ASR', 'N-2', 'S-1MEF', 'F-1MEF']);

/**
 * The company universe is the deal universe: a company is served when it has offering activity — a
 * registration (S-1, F-1, S-11, DRS, 10-12B, 1-A, a shelf, and their amendments), a prospectus
 * (424B*), a vendor IPO row, or a SPAC listing (SIC 6770 with an 8-A12B or exchange certification).
 * Other filers (insiders' Forms 3/4, Form D funds …) stay in the event log and the projector state,
 * and a later filing promotes them.
 */
export function hasOfferingActivity(
  facts: Pick<CompanyFacts, 'sic'>,
  filings: readonly Pick<KnownFiling, 'formType'>[],
  vendorRows: readonly StoredIpoRow[],
): boolean {
  if (vendorRows.length > 0) return true;
  return filings.some(
    (f) => REGISTRATION_BASES.has(baseForm(f.formType)) || f.formType.startsWith('424B') || (facts.sic === '6770' && isListingForm(f.formType)),
  );
}

/**
 * The symbols the data holds for the company besides the vendor IPO's own: the SEC's (submissions,
 * company_tickers.json) and those of its other vendor rows. A SPAC's unit symbol built on one of
 * them was rebuilt by the vendor (served-end.derive.ts isRebuiltUnitSymbol).
 */
function laterSymbols(input: CompanyInputs, ipo: StoredIpoRow): string[] {
  const own = new Set(rowsOfIpo(ipo).map((r) => r.row.ticker));
  const after = (r: StoredIpoRow) => (vendorRowDate(r.row) ?? '') > (vendorRowDate(ipo.row) ?? '');
  const others = vendorTickers(input.vendorRows.filter((r) => r !== ipo && after(r))).filter((t) => !own.has(t));
  return [...new Set([...input.identity.allTickers, ...input.hints.map((h) => h.ticker), ...others])];
}

/**
 * Pure: a company's inputs to its company, filing, outcome and news rows; null when it has no
 * offering activity (not a company of this API).
 */
export function deriveRows(input: CompanyInputs): CompanyRows | null {
  const { vendorRows } = input;
  // A joined vendor row's ticker is one of the company's tickers (a delisted one is in no SEC file),
  // and so are those of other tables' rows of its IPO.
  const joinedTickers = vendorTickers(vendorRows).filter((t) => !input.identity.allTickers.includes(t));
  // A SPAC's units the vendor lists under the combined company's symbol never traded: no symbol of the day.
  const rebuilt = new Set(vendorRows.filter((ipo) => isRebuiltUnitSymbol(ipo, input.identity.allTickers, laterSymbols(input, ipo))));
  // Nor did a SPAC's IPO the vendor lists under the combined company's own symbol (QS for Kensington
  // Capital's KCAC.U), which is still the company's symbol (CRMU for Crumbs, 57th Street's combination).
  const combinedSymbol = new Set(vendorRows.filter(isCombinedCompanySymbol));
  // A foreign issuer's over-the-counter symbol (LCWUF) is not its listing's: the SEC's symbol of the company stands in.
  const overTheCounter = (ipo: StoredIpoRow) => { const s = ipoSymbol(ipo); return s !== null && isForeignOverTheCounterSymbol(s); };
  const listedAs = (ipo: StoredIpoRow) => (rebuilt.has(ipo) ? null : overTheCounter(ipo) ? exchangeListingSymbol(input.identity.allTickers) : ipoSymbol(ipo));
  const identity: CompanyIdentity = {
    ...input.identity,
    tickerHint: input.identity.tickerHint ?? (vendorRows.length > 0 ? listedAs(vendorRows[vendorRows.length - 1]) : null),
    allTickers: [...input.identity.allTickers, ...joinedTickers],
    currentTickers: input.identity.allTickers,
    // Held since the IPO: the symbol of its day (Yahoo's SERV, not Bloomberg's later TMX), never a placeholder.
    tickerSince: Object.fromEntries(
      vendorRows.flatMap((ipo) => {
        // The symbol standing in for an over-the-counter one is not known to have traded from that day.
        const symbol = overTheCounter(ipo) ? null : listedAs(ipo);
        const traded = rowsOfIpo(ipo).find((r) => r.row.tradeDate !== null)?.row.tradeDate ?? null;
        return symbol !== null && traded !== null ? [[symbol, traded]] : [];
      }).sort((a, b) => (a[1] < b[1] ? 1 : -1)),
    ),
  };
  if (!hasOfferingActivity(input.facts, input.filings, vendorRows)) return null;
  // The listed security's bars: the vendor row's ticker when one is linked, else the primary ticker.
  const ipoDate = vendorRows.length > 0 ? vendorRowDate(vendorRows[vendorRows.length - 1].row) : null;
  const barsTicker = [...vendorTickers(vendorRows), ...identity.allTickers].find((t) => input.bars.has(t) && barsOfIpo(input.bars.get(t)!, ipoDate)) ?? null;
  const bars = barsTicker ? (input.bars.get(barsTicker) as StoredBars) : null;
  // updatedAt: the latest observation of anything the company's rows are derived from (news aside).
  const observed = [
    input.facts.updatedAt,
    ...input.documents.map((d) => d.observedAt),
    input.snapshot?.observedAt ?? null,
    ...vendorRows.flatMap(rowsOfIpo).map((r) => r.observedAt),
    bars?.observedAt ?? null,
  ].filter((t): t is string => t !== null);
  const facts = { ...input.facts, updatedAt: observed.length > 0 ? observed.reduce((a, b) => (a > b ? a : b)) : null };
  const derived = deriveOffering({
    facts,
    filings: input.filings,
    documents: input.documents,
    companyName: identity.name,
    today: input.today,
    calendar: input.calendar,
    firstBarDate: bars?.bars[0]?.date ?? null,
    vendorRows,
    historyKnown: input.facts.name !== null || input.filings.some((f) => f.source === 'submissions'),
  });
  // The vendor row speaks for the company when EDGAR shows no IPO-family offering of it: a company
  // EDGAR never named, one known from unrelated filings (Snap's Form 4s in a daily index), or a
  // seasoned issuer whose IPO predates the filings we hold. Its IPO is then the current offering,
  // so latestTerms and consensus never mix a later follow-on's terms into it.
  const vendorSpeaks = vendorRows.length > 0 && !derived.lifecycle.deals.some((d) => isIpoFamily(d.dealKind));
  // The company's end: EDGAR's, else what its later symbol or name says (served-end.derive.ts).
  const edgarIpo = derived.lifecycle.currentDeal && isIpoFamily(derived.lifecycle.currentDeal.dealKind) ? derived.lifecycle.currentDeal.dealKind : null;
  const later = laterSymbolEnds({ vendorRows, currentTickers: input.identity.allTickers, currentTitles: input.identity.hintTitles, edgarIpoType: edgarIpo, namesakeTickers: input.namesakeTickers });
  const end = servedEnds(derived.lifecycle.terminalEvents, derived.lifecycle.terminal, later);
  // The names a vendor row gives the company a SPAC's combination made (see withServedEnd).
  const combinedNames = vendorRows.flatMap(rowsOfIpo).map((r) => r.row.issuer);
  const ended = withServedEnd(vendorSpeaks ? { ...derived, latestTerms: null } : derived, end.terminal, end.events, combinedNames);
  const deal = pricedIpoDeal(ended.lifecycle.deals);
  const vendorRow = vendorRowFor(vendorRows, deal);
  // A vendor row that traded after the current IPO registration opened is its pricing, which EDGAR
  // has not shown us (no 424B4 in the log): the deal priced and listed, so no overlay applies.
  const current = ended.lifecycle.currentDeal;
  const vendorPricedCurrent =
    !vendorSpeaks && current !== null && isIpoFamily(current.dealKind) && current.pricedDate === null && current.withdrawnDate === null &&
    vendorRow !== null && vendorRow.row.offerPrice !== null && vendorRow.row.tradeDate !== null && vendorRow.row.tradeDate >= current.openedDate;
  // The status is the vendor's when a vendor row speaks; else the offering rules', an overlay of the
  // clock included, unless the SEC's ticker file lists the company of a registration idle so: it
  // listed on a day the data does not hold (ticker-file-listing.derive.ts).
  const vendorStatus = vendorSpeaks || (vendorPricedCurrent && ended.lifecycle.terminal === null);
  const tickerListing = vendorStatus ? null : tickerFileListing(current, input.hints, input.facts);
  const offering = withTickerFileListing(ended, tickerListing);
  const idle = vendorStatus ? null : offering.lifecycle.currentDeal;
  const outcome = deriveCompanyOutcome({
    cik: facts.cik,
    companyName: identity.name,
    companyTicker: identity.tickerHint,
    exchange: companyListingExchange({ facts, filings: input.filings, hints: input.hints, offering, vendorRow }).exchange,
    sicDescription: facts.sicDescription,
    deal,
    vendorRow,
    bars,
    terms: offering.termsByAccession,
    listingSymbolUnknown: vendorRow !== null && (rebuilt.has(vendorRow) || combinedSymbol.has(vendorRow)),
    secTickers: input.identity.allTickers,
  });
  const listingSymbolOf = (ticker: string | null, date: string) => listingOwnSymbol({
    ticker,
    tradingStartDate: date,
    vendorRow,
    bars,
    secTickers: input.identity.allTickers,
    namesSinceListing: namesSince(input, date),
    termsAccession: offeringTerms(deal, offering.termsByAccession)?.filing.accessionNumber ?? null,
    terms: offering.termsByAccession,
  });
  const consensus = companyConsensus({ facts, filings: input.filings, hints: input.hints, identity, offering, vendorRow, bars });
  // A listing no outcome describes (a vendor row that dates no first trade: Calyxt's CLXT, IPO 2017-07-20) is
  // dated by the consensus and named by its row's symbol of the day, when its evidence names it.
  const vendorListedOn = vendorRow ? vendorRowDate(vendorRow.row) : null;
  const listing = outcome
    ? { date: outcome.tradingStartDate, ticker: listingSymbolOf(outcome.ticker, outcome.tradingStartDate) }
    : vendorRow && vendorListedOn && consensus.listingDate ? { date: consensus.listingDate, ticker: listingSymbolOf(listedAs(vendorRow), vendorListedOn) } : null;
  const listingSymbol = listing?.ticker ?? null;
  const servedVendorRow = vendorRow ?? (vendorSpeaks ? (vendorRows[vendorRows.length - 1] ?? null) : null);
  const company = deriveCompany(
    facts,
    input.filings,
    identity,
    offering,
    {
      // A company with no deal is not on any calendar: no classification.
      classificationJson: JSON.stringify(offering.lifecycle.currentDeal ? companyClassification({ facts, offering }) : null),
      consensus,
      offerings: {
        // A company only index rows name still has a name (theirs): Ritter's name evidence reads it.
        facts: { ...facts, name: facts.name ?? identity.name },
        nameHistory: { name: facts.name, formerNames: facts.formerNames, firstFilingDate: facts.firstFilingDate ?? null },
        tickers: identity.allTickers,
        tickerTitles: identity.hintTitles,
        depositaryShares: registersDepositaryShares(input.filings),
        foreignPrivateIssuer: filesAsForeignPrivateIssuer(input.filings),
        canadianIssuer: filesAsCanadianIssuer(input.filings),
        vendorRow: servedVendorRow?.row ?? null,
        sameIpoRows: (servedVendorRow?.sameIpo ?? []).map((r) => r.row),
        vendorNameAtListing: vendorSpeaks && vendorRows.length > 0 ? ipoIssuerName(vendorRow ?? vendorRows[vendorRows.length - 1]) : null,
        statusAsOf: statusAsOf({
          filings: input.filings, bars, vendorRows, end: end.terminal, currentTickers: input.identity.allTickers, hints: input.hints,
          overlaySince: idle?.overlay ? idle.overlaySince : null,
          tickerFileListing: tickerListing,
        }),
        listingSymbol,
      },
      lifecycleEnd: end.terminal,
      snapshot: financialSnapshotOf(input.snapshot?.snapshot ?? null, offering.termsByAccession),
      // The vendor row that priced the current registration is its pricing too (Pandora's one blank S-1).
      priceHistory: companyPriceHistory(offering, vendorRow, deal ?? (vendorPricedCurrent ? current : null)),
    },
    // A company whose lifecycle ended in EDGAR keeps that terminal status whatever a vendor row says
    // (the vendor status takes the ends as its own); a vendor's end is the vendor status's. The IPO a
    // vendor row speaks for is served whatever ended it (Change Healthcare's, listed 2019, before the
    // 25-NSE of 2022 a daily index holds), with the stage it had reached.
    vendorStatus
      ? vendorCompanyStatus(vendorRow ?? vendorRows[vendorRows.length - 1], input.today, vendorSpeaks ? undefined : current?.dealKind, end.terminal ? end.events.map((e) => e.status) : [])
      : null,
  );
  return {
    listing,
    ends: end.events,
    company,
    // The offering rules describe every filing they were given.
    filings: input.filings.map((f) => deriveFiling(f, identity.name, offering.filings.get(f.accessionNumber) as FilingOffering)),
    outcomes: outcome
      ? [
          {
            trading_start_date: outcome.tradingStartDate,
            cik: outcome.cik,
            // The key column holds '' for an outcome with no known ticker; the JSON and ipo_outcomes serve null.
            ticker: outcome.ticker ?? '',
            company_name: outcome.companyName,
            name_lower: outcome.companyName?.toLowerCase() ?? null,
            status: outcome.status,
            json: JSON.stringify(outcome),
          },
        ]
      : [],
    news: deriveNewsRows(facts.cik, identity.name, input.news),
    calendar: deriveExpiryCalendar({
      company: { cik: facts.cik, name: identity.name, ticker: identity.tickerHint, listing: outcome ? { date: outcome.tradingStartDate, ticker: outcome.ticker } : null },
      offerings: company.offerings,
      deals: offering.lifecycle.deals,
      termsByAccession: offering.termsByAccession,
      calendar: input.calendar ?? createTradingCalendar(),
    }),
  };
}

/** The names EDGAR gave the company on or after `date`: its filings' conformed names, and former names in use then. */
function namesSince(input: Pick<CompanyInputs, 'filings' | 'facts'>, date: string): string[] {
  const names = input.filings.filter((f) => f.filingDate >= date && f.companyName).map((f) => f.companyName as string);
  const former = input.facts.formerNames.filter((f) => f.to !== null && f.to >= date).map((f) => f.name);
  return [...new Set([...names, ...former])];
}

/**
 * Whether bars under one of the company's symbols are its IPO's security: their first day is within
 * the vendor's trade window of the IPO's date (a Yahoo first bar may be the day before Bloomberg's
 * trade date). Bars that begin years later are another security's under a recycled symbol: Inogen's
 * INGN from 2014-02-14 are not Introgen Therapeutics', listed in 2000 as INGN (Bloomberg's INGNQ).
 * Without a vendor IPO date every series is the company's.
 */
export function barsOfIpo(bars: StoredBars, ipoDate: string | null): boolean {
  const first = bars.bars[0]?.date;
  return ipoDate === null || (first !== undefined && Math.abs(daysBetween(ipoDate, first)) <= VENDOR_TRADE_WINDOW_DAYS);
}
