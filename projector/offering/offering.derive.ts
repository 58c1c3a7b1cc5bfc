import type { ApiAiEnrichment, ApiTermsExtended } from '../../schema/api/types.ts';
import type { DocumentTerms } from '../extract/document-terms.ts';
import type { CompanyFacts } from './filing.facts.ts';
import type { TradingCalendar } from '../common/trading-calendar.ts';
import type { FilingFact } from './filing.facts.ts';
import { deriveDealType, type DealType, type DealTypeResult } from './deal-type.derive.ts';
import type { Deal } from './deals.group.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import { withVendorEvidence } from './vendor-evidence.derive.ts';
import { vendorDealType } from './vendor-deal-type.derive.ts';
import { amendmentNumbers, changeSummary, formSummary, termChanges } from './filing-summary.derive.ts';
import { baseForm, chronological, OPENING_FORMS, MEF_FORMS, PRICED_FORMS, PROSPECTUS_FORMS } from '../common/forms.ts';
import { deriveLifecycle, type CompanyLifecycle, type DealLifecycle } from './lifecycle.derive.ts';

/** Terms of one filing whose document was read, joined to the filing's own facts. */
export interface FilingTermsFact {
  filing: FilingFact;
  doc: DocumentTerms;
}

/** What the offering rules make of one filing: the served per-filing fields. */
export interface FilingOffering {
  inferredStatus: string;
  formSummary: string | null;
  changeSummary: string | null;
  terms: ApiTermsExtended | null;
  aiEnrichment: ApiAiEnrichment | null;
}

export interface CompanyOffering {
  lifecycle: CompanyLifecycle;
  dealType: DealType;
  /** The current deal's type with its reasons and confidence (classification reads it). */
  dealTypeResult: DealTypeResult;
  /** The current offering's terms (offeringTerms): what the company's latestTerms shows. */
  latestTerms: FilingTermsFact | null;
  filings: Map<string, FilingOffering>;
  /** Read documents by accession, for the lock-up and outcome steps. */
  termsByAccession: ReadonlyMap<string, FilingTermsFact>;
}

export interface OfferingInput {
  facts: CompanyFacts;
  filings: readonly FilingFact[];
  documents: readonly DocumentTerms[];
  companyName: string;
  /** YYYY-MM-DD: the projection's as-of date (see runner.ts), never the wall clock. */
  today: string;
  firstBarDate: string | null;
  calendar?: TradingCalendar;
  /**
   * Vendor IPO rows joined to the company: their evidence types the deal they priced
   * (vendor-deal-type.derive.ts), and their first trades list it (deal-status.scan.ts firstTradeOf).
   */
  vendorRows?: readonly StoredIpoRow[];
  /** False when only daily-index rows name the company (no submissions page): see DealTypeInput.historyKnown. */
  historyKnown?: boolean;
}

/**
 * Lifecycle, deal type and per-filing summaries of one company from its filings and the documents
 * read for them (projector/offering rules). A document counts only when its filing is a
 * registration statement or final prospectus; the filing row's form wins over the document's own.
 */
export function deriveOffering(input: OfferingInput): CompanyOffering {
  const sorted = [...input.filings].sort(chronological);
  const docs = new Map(input.documents.map((d) => [d.accessionNumber, d]));
  const termsByAccession = new Map<string, FilingTermsFact>();
  for (const filing of sorted) {
    const doc = docs.get(filing.accessionNumber);
    if (doc && PROSPECTUS_FORMS.has(filing.formType)) termsByAccession.set(filing.accessionNumber, { filing, doc });
  }
  const company = input.facts;
  const results = new Map<string, DealTypeResult>();
  const dealTypeOf = (deal: Deal): DealType => {
    const read = deal.filings.map((f) => termsByAccession.get(f.accessionNumber)).filter((t): t is FilingTermsFact => t !== undefined);
    const registration = read.filter((t) => OPENING_FORMS.has(baseForm(t.filing.formType)));
    const latestRegistration = registration[registration.length - 1] ?? null;
    const final = read.find((t) => PRICED_FORMS.has(t.filing.formType)) ?? null;
    const result = deriveDealType({
      deal,
      company,
      companyFilings: sorted,
      historyKnown: input.historyKnown,
      filedName: (deal.filings as ReadonlyArray<FilingFact & { companyName?: string | null }>).find((f) => f.companyName)?.companyName ?? input.companyName,
      signals: latestRegistration?.doc.signals ?? null,
      finalSignals: final?.doc.signals ?? null,
      terms: (latestRegistration ?? final)?.doc.terms ?? null,
    });
    const typed = withVendorEvidence(result, deal, input.vendorRows ?? []);
    results.set(deal.key, typed);
    return typed.dealType;
  };
  const lifecycle = deriveLifecycle(sorted, {
    today: input.today,
    calendar: input.calendar,
    firstBarDate: input.firstBarDate,
    vendorTradeDates: (input.vendorRows ?? []).flatMap((ipo) => [ipo, ...(ipo.sameIpo ?? [])]).flatMap(({ row }) => (row.tradeDate ? [row.tradeDate] : [])),
    // A SPAC's removals may be its units, rights and warrants retiring at a combination index rows cannot date: only an operating company's IPO says which class listed.
    listedTradeDates: (input.vendorRows ?? [])
      .filter((ipo) => vendorDealType(ipo.row, (ipo.sameIpo ?? []).map((r) => r.row)).dealType !== 'spac')
      .flatMap((ipo) => [ipo, ...(ipo.sameIpo ?? [])])
      .flatMap(({ row }) => (row.tradeDate ? [row.tradeDate] : [])),
    termsByAccession: new Map([...termsByAccession].map(([acc, t]) => [acc, t.doc.terms])),
    company,
    dealTypeOf,
  });
  const current = lifecycle.currentDeal;
  const dealType: DealType = current ? current.dealKind : 'unknown';
  return {
    lifecycle,
    dealType,
    dealTypeResult: (current && results.get(current.key)) || deriveDealType({ deal: null }),
    latestTerms: offeringTerms(current, termsByAccession),
    filings: filingOfferings(sorted, lifecycle, termsByAccession, input.companyName),
    termsByAccession,
  };
}

/**
 * The terms of one offering: its final prospectus when read (it wins over the preliminaries), else
 * its newest read registration document. A Rule 462(b) registration read after a preliminary adds
 * its shares; a final prospectus filed after it already counts them. Never another offering's terms.
 */
export function offeringTerms(deal: DealLifecycle | null, terms: ReadonlyMap<string, FilingTermsFact>): FilingTermsFact | null {
  if (!deal) return null;
  const read = deal.filings.map((f) => terms.get(f.accessionNumber)).filter((t): t is FilingTermsFact => t !== undefined);
  const final = read.find((t) => PRICED_FORMS.has(t.filing.formType));
  if (final) return final;
  const registration = read.filter((t) => !MEF_FORMS.has(baseForm(t.filing.formType)));
  const latest = registration[registration.length - 1] ?? null;
  if (!latest) return null;
  const mefShares = read
    .filter((t) => MEF_FORMS.has(baseForm(t.filing.formType)) && t.filing.filingDate >= latest.filing.filingDate)
    .reduce((n, t) => n + (t.doc.terms.totalSharesOffered ?? 0), 0);
  if (mefShares === 0 || latest.doc.terms.totalSharesOffered === null) return latest;
  const totalSharesOffered = latest.doc.terms.totalSharesOffered + mefShares;
  const price = latest.doc.terms.offeringPrice;
  const upsized = {
    ...latest.doc.terms,
    totalSharesOffered,
    grossProceeds: price === null ? null : Math.round(price * totalSharesOffered * 100) / 100,
  };
  return { ...latest, doc: { ...latest.doc, terms: upsized } };
}

function filingOfferings(
  sorted: FilingFact[],
  lifecycle: CompanyLifecycle,
  terms: Map<string, FilingTermsFact>,
  companyName: string,
): Map<string, FilingOffering> {
  const out = new Map<string, FilingOffering>();
  const context = new Map<string, { deal: DealLifecycle; amendment: number | undefined; previous: FilingFact | null }>();
  for (const deal of lifecycle.deals) {
    const numbers = amendmentNumbers(deal.filings);
    let previous: FilingFact | null = null;
    for (const f of deal.filings) {
      context.set(f.accessionNumber, { deal, amendment: numbers.get(f.accessionNumber), previous });
      // The previous registration document of the deal that was read: an unread one cannot say what changed.
      if (PROSPECTUS_FORMS.has(f.formType) && terms.has(f.accessionNumber)) previous = f;
    }
  }
  for (const filing of sorted) {
    const ctx = context.get(filing.accessionNumber);
    const read = terms.get(filing.accessionNumber) ?? null;
    const previous = ctx?.previous ? { filing: ctx.previous, terms: terms.get(ctx.previous.accessionNumber)?.doc.terms ?? null } : null;
    const current = { filing, terms: read?.doc.terms ?? null };
    const isRegistration = PROSPECTUS_FORMS.has(filing.formType);
    out.set(filing.accessionNumber, {
      inferredStatus: lifecycle.inferredStatus.get(filing.accessionNumber) ?? 'none',
      formSummary: formSummary({
        filing,
        companyName,
        dealKind: ctx?.deal.dealKind ?? null,
        dealFileNumber: ctx?.deal.fileNumber ?? null,
        amendmentNumber: ctx?.amendment ?? null,
        terms: read?.doc.terms ?? null,
      }),
      changeSummary: isRegistration ? changeSummary(previous, current) : null,
      terms: read?.doc.terms ?? null,
      aiEnrichment: read
        ? { ...read.doc.enrichment, materialChanges: previous?.terms ? termChanges(previous.terms, read.doc.terms) : null }
        : null,
    });
  }
  return out;
}
