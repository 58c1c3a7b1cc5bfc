/**
 * Scores extracted terms against hand labels, field by field. Pure: labels and extractions in,
 * per-field accuracy out. Numbers match within 0.5%; names and hints match ignoring case and a
 * leading "The"; underwriters, bookrunners, co-managers and the lead-left bookrunner match bank by
 * bank, in order (a bank's brand and legal names are one bank); quoted summaries match when they
 * carry at least 60% of the label's words.
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import { bankKey, canonicalBankName } from './fields/bank-names.ts';

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
];
const NUMBER_FIELDS = new Set<ScoredField>(['offeringPrice', 'priceRangeLow', 'priceRangeHigh', 'totalSharesOffered', 'grossProceeds', 'overAllotmentShares']);
const BANK_FIELDS = new Set<ScoredField>(['underwriters', 'bookrunners', 'coManagers', 'leadLeftBookrunner']);
const PROSE_FIELDS = new Set<ScoredField>(['securityDescription', 'unitDescription', 'warrantSummary', 'useOfProceedsSummary']);

export interface ScoreReport {
  perField: Record<ScoredField, { correct: number; total: number }>;
  overall: { correct: number; total: number; accuracy: number };
  mismatches: Array<{ file: string; field: ScoredField; expected: unknown; actual: unknown }>;
}

export function scoreExtractions(pairs: Array<{ label: TermsLabel; terms: LabelledTerms }>): ScoreReport {
  const perField = Object.fromEntries(SCORED_FIELDS.map((f) => [f, { correct: 0, total: 0 }])) as ScoreReport['perField'];
  const mismatches: ScoreReport['mismatches'] = [];
  for (const { label, terms } of pairs) {
    for (const field of SCORED_FIELDS) {
      const expected = label.terms[field];
      const actual = terms[field];
      perField[field].total++;
      if (fieldMatches(field, expected, actual)) perField[field].correct++;
      else mismatches.push({ file: label.file, field, expected, actual });
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

/** Plain-text table: field, correct/total, accuracy; then the overall line. */
export function formatScoreTable(report: ScoreReport): string {
  const lines = ['field                        correct  accuracy'];
  for (const f of SCORED_FIELDS) {
    const { correct, total } = report.perField[f];
    lines.push(`${f.padEnd(28)} ${`${correct}/${total}`.padStart(7)}  ${pct(total ? correct / total : 0).padStart(8)}`);
  }
  lines.push(`${'overall'.padEnd(28)} ${`${report.overall.correct}/${report.overall.total}`.padStart(7)}  ${pct(report.overall.accuracy).padStart(8)}`);
  for (const m of report.mismatches) lines.push(`  miss ${m.file} ${m.field}: expected ${JSON.stringify(m.expected)} got ${JSON.stringify(m.actual)}`);
  return lines.join('\n');
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
