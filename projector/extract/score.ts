/**
 * Scores extracted terms against hand labels, field by field. Pure: labels and extractions in,
 * per-field accuracy, precision and recall out. Numbers match within 0.5%; names and hints match ignoring case and a
 * leading "The"; underwriters, bookrunners, co-managers and the lead-left bookrunner match bank by
 * bank, in order (a bank's brand and legal names are one bank); counsel and auditors match firm by
 * firm in any order (fields/firm-names.ts); quoted summaries match when they
 * carry at least 60% of the label's words.
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import { bankKey, canonicalBankName } from './fields/bank-names.ts';
import { firmKey } from './fields/firm-names.ts';

export { bankKey };

/** The role of each underwriter and the lead-left's source are not labelled: the scored lists and lead-left say the same. */
export type LabelledTerms = Omit<ApiTermsExtended, 'confidence' | 'underwriterRoles' | 'leadLeftBookrunnerSource'>;
export type ScoredField = keyof LabelledTerms;

export interface TermsLabel {
  file: string;
  formType: string | null;
  terms: LabelledTerms;
  notes: Record<string, string>;
}

export const SCORED_FIELDS: ScoredField[] = [
  'offeringPrice', 'priceRangeLow', 'priceRangeHigh', 'totalSharesOffered', 'grossProceeds', 'overAllotmentShares',
  'shareClass', 'securityDescription', 'exchangeHint', 'tickerHint', 'unitDescription', 'warrantSummary',
  'useOfProceedsSummary', 'isPrimaryOffering', 'isSecondaryOffering', 'isSellingStockholdersOnly',
  'issuerStructureFlags', 'underwriters', 'bookrunners', 'coManagers', 'leadLeftBookrunner',
  'underwritingDiscountPerShare', 'underwritingDiscountTotal', 'proceedsToIssuerPerShare', 'proceedsToIssuerTotal',
  'proceedsToSellingStockholdersPerShare', 'proceedsToSellingStockholdersTotal', 'feesSource', 'offeringExpenses', 'offeringExpensesSource',
  'issuerCounsel', 'underwritersCounsel', 'auditors',
];
const NUMBER_FIELDS = new Set<ScoredField>([
  'offeringPrice', 'priceRangeLow', 'priceRangeHigh', 'totalSharesOffered', 'grossProceeds', 'overAllotmentShares',
  'underwritingDiscountPerShare', 'underwritingDiscountTotal', 'proceedsToIssuerPerShare', 'proceedsToIssuerTotal',
  'proceedsToSellingStockholdersPerShare', 'proceedsToSellingStockholdersTotal', 'offeringExpenses',
]);
const BANK_FIELDS = new Set<ScoredField>(['underwriters', 'bookrunners', 'coManagers', 'leadLeftBookrunner']);
const FIRM_FIELDS = new Set<ScoredField>(['issuerCounsel', 'underwritersCounsel', 'auditors']);
const PROSE_FIELDS = new Set<ScoredField>(['securityDescription', 'unitDescription', 'warrantSummary', 'useOfProceedsSummary']);

/**
 * Per field: `correct` of `total` documents, and the counts behind precision and recall. A value the
 * label states and the extractor matches is a true positive; a value extracted that is wrong (or
 * where the label has none) a false positive; a labelled value missed or wrong a false negative.
 */
export interface FieldScore {
  correct: number;
  total: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export interface ScoreReport {
  perField: Record<ScoredField, FieldScore>;
  overall: { correct: number; total: number; accuracy: number };
  mismatches: Array<{ file: string; field: ScoredField; expected: unknown; actual: unknown }>;
}

/** A field's value is stated unless null (an empty list is a finding: "no flags"). */
const stated = (v: unknown) => v !== null && v !== undefined;

export function scoreExtractions(pairs: Array<{ label: TermsLabel; terms: LabelledTerms }>): ScoreReport {
  const perField = Object.fromEntries(
    SCORED_FIELDS.map((f) => [f, { correct: 0, total: 0, truePositives: 0, falsePositives: 0, falseNegatives: 0 }]),
  ) as ScoreReport['perField'];
  const mismatches: ScoreReport['mismatches'] = [];
  for (const { label, terms } of pairs) {
    for (const field of SCORED_FIELDS) {
      const expected = label.terms[field];
      const actual = terms[field];
      const score = perField[field];
      score.total++;
      const match = fieldMatches(field, expected, actual);
      if (match) score.correct++;
      else mismatches.push({ file: label.file, field, expected, actual });
      if (match && stated(expected)) score.truePositives++;
      if (!match && stated(actual)) score.falsePositives++;
      if (!match && stated(expected)) score.falseNegatives++;
    }
  }
  const correct = SCORED_FIELDS.reduce((n, f) => n + perField[f].correct, 0);
  const total = SCORED_FIELDS.reduce((n, f) => n + perField[f].total, 0);
  return { perField, overall: { correct, total, accuracy: total === 0 ? 0 : correct / total }, mismatches };
}

export function fieldMatches(field: ScoredField, expected: unknown, actual: unknown): boolean {
  if (expected === null || actual === null || expected === undefined || actual === undefined) {
    return (expected ?? null) === (actual ?? null);
  }
  if (NUMBER_FIELDS.has(field)) {
    const e = Number(expected);
    const a = Number(actual);
    return Math.abs(e - a) <= Math.max(0.005, Math.abs(e) * 0.005);
  }
  if (field === 'issuerStructureFlags') {
    const e = new Set(expected as string[]);
    const a = new Set(actual as string[]);
    return e.size === a.size && [...e].every((x) => a.has(x));
  }
  if (FIRM_FIELDS.has(field)) {
    // Counsel and auditors are sets: one name per firm (fields/firm-names.ts), in any order.
    const firms = (v: unknown) => [...new Set((v as string[]).map(firmKey))].sort();
    return JSON.stringify(firms(expected)) === JSON.stringify(firms(actual));
  }
  if (BANK_FIELDS.has(field)) {
    // One bank under its brand or its legal name is one underwriter (fields/bank-names.ts).
    const banks = (v: unknown) => (Array.isArray(v) ? v : [v]).map((n) => bankKey(canonicalBankName(String(n))));
    const e = banks(expected);
    const a = banks(actual);
    return e.length === a.length && e.every((x, i) => x === a[i]);
  }
  if (PROSE_FIELDS.has(field)) return wordRecall(String(expected), String(actual)) >= 0.6;
  if (typeof expected === 'string') return hintKey(expected) === hintKey(String(actual));
  return expected === actual;
}

function hintKey(s: string): string {
  return s.toLowerCase().replace(/^the\s+/, '').replace(/\s+/g, ' ').trim();
}

function words(s: string): string[] {
  return s.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [];
}

function wordRecall(expected: string, actual: string): number {
  const want = words(expected);
  if (want.length === 0) return words(actual).length === 0 ? 1 : 0;
  const have = new Set(words(actual));
  return want.filter((w) => have.has(w)).length / want.length;
}

/** Precision and recall of a field; null when nothing was extracted (precision) or labelled (recall). */
export function precisionRecall(s: FieldScore): { precision: number | null; recall: number | null } {
  const extracted = s.truePositives + s.falsePositives;
  const labelled = s.truePositives + s.falseNegatives;
  return { precision: extracted ? s.truePositives / extracted : null, recall: labelled ? s.truePositives / labelled : null };
}

/** Plain-text table: field, correct/total, accuracy, precision, recall; then the overall line. */
export function formatScoreTable(report: ScoreReport): string {
  const lines = [`${'field'.padEnd(37)} correct  accuracy  precision    recall`];
  for (const f of SCORED_FIELDS) {
    const s = report.perField[f];
    const { precision, recall } = precisionRecall(s);
    const pr = (x: number | null) => (x === null ? '-' : pct(x)).padStart(9);
    lines.push(`${f.padEnd(37)} ${`${s.correct}/${s.total}`.padStart(7)}  ${pct(s.total ? s.correct / s.total : 0).padStart(8)}  ${pr(precision)} ${pr(recall)}`);
  }
  lines.push(`${'overall'.padEnd(37)} ${`${report.overall.correct}/${report.overall.total}`.padStart(7)}  ${pct(report.overall.accuracy).padStart(8)}`);
  for (const m of report.mismatches) lines.push(`  miss ${m.file} ${m.field}: expected ${JSON.stringify(m.expected)} got ${JSON.stringify(m.actual)}`);
  return lines.join('\n');
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
