/** Offering intelligence: pure rules over filings, terms and company facts (see each file's header). */
export type { CompanyFacts, DealOverlay, DealStatus, FilingFact, FilingTerms } from './types.ts';
export { baseForm, chronological, isListingForm } from './forms.ts';
export { groupDeals, type Deal } from './deals.group.ts';
export {
  deriveLifecycle, DEFAULT_DORMANT_DAYS, DEFAULT_POSTPONED_TRADING_DAYS, DEFAULT_STALE_DAYS,
  type CompanyLifecycle, type DealLifecycle, type LifecycleOptions, type RangeTerms,
} from './lifecycle.derive.ts';
export { deriveDealType, isIpoFamily, priorPeriodicReport, type DealType, type DealTypeInput, type DealTypeResult } from './deal-type.derive.ts';
export { derivePriceHistory, observationsFromTerms, type PriceHistory, type PriceObservation, type RangePoint } from './price-history.derive.ts';
export { deriveClassification, type Classification, type ClassificationInput } from './classification.derive.ts';
export { deriveConsensus, type ConsensusInput, type VendorRow } from './consensus.derive.ts';
export { extractLockup, type LockupBasis, type LockupExtraction, type LockupTrancheText } from './lockup.extract.ts';
export { deriveLockupSchedule, type LockupScheduleInput } from './lockup.derive.ts';
export { amendmentNumbers, changeSummary, formSummary, termChanges, type FilingSummaryInput } from './filing-summary.derive.ts';
export { RISK_TAXONOMY, type RiskCategory } from './risk-taxonomy.ts';
export { deriveAiEnrichment, narrativeSummary, riskFlags, riskHeadings, type AiEnrichmentInput } from './ai-enrichment.derive.ts';
export { buildLlmRequest, enrichWithLlm, parseLlmResponse, type FetchFn, type LlmConfig, type LlmEnrichmentInput } from './llm-enrichment.ts';
