import type { ApiCalendarEntry } from '../../schema/api/types.ts';
import type { QuietPeriodRule } from '../../schema/api/vocabulary.ts';
import { assertNever } from '../../schema/exhaustive.ts';
import { bodyOffset } from '../db/keyset.ts';
import { CALENDAR_KEY } from './calendar.query.ts';

/** The entries of keyed rows (the projector stored each as complete ApiCalendarEntry JSON). */
export function rowsToEntries(rows: readonly string[]): ApiCalendarEntry[] {
  return rows.map((row) => JSON.parse(row.slice(bodyOffset(row, CALENDAR_KEY.length))) as ApiCalendarEntry);
}

const KIND_WORDS: Record<ApiCalendarEntry['kind'], string> = { lockup: 'Lock-up expiry', quiet_period: 'Quiet period ends' };

/** "Lock-up expiry: Unicycive Therapeutics, Inc. (UNCY), tranche 1 (assumed 180 days)": the feeds' title of an entry. */
export function entryTitle(e: ApiCalendarEntry): string {
  const ticker = e.ticker ? ` (${e.ticker})` : '';
  const tranche = e.kind === 'lockup' && e.tranche > 1 ? `, tranche ${e.tranche}` : '';
  const basis =
    e.termsSource === 'assumed_default'
      ? ` (assumed ${e.days} days, not stated)`
      : e.termsSource === 'rule'
        ? ` (${e.days} days, ${ruleName(e.rule)})`
        : e.termsSource === 'market_custom'
          ? ` (${e.days} days, by custom)`
          : ` (${e.days} days)`;
  return `${KIND_WORDS[e.kind]}: ${e.companyName}${ticker}${tranche}${basis}`;
}

function ruleName(rule: QuietPeriodRule | null): string {
  switch (rule) {
    case 'finra_2241':
      return 'FINRA Rule 2241';
    case 'nasd_2711':
      return 'NASD Rule 2711';
    case null:
      return 'rule';
    default:
      return assertNever(rule);
  }
}
