import { assertNever } from '../../../schema/exhaustive.ts';
/**
 * Which summary-table rows feed which snapshot field, and how each row's sign maps onto the XBRL
 * convention that the company-facts path keeps (xbrl-snapshot.derive.ts):
 * balances are positive, a negative accumulatedDeficit is a deficit, a negative net value is a
 * loss, and a negative working capital is a working-capital deficit.
 */
import { normalizeLabel } from './cells.ts';

export type SnapshotField =
  | 'cashAndCashEquivalents'
  | 'cashAndMarketableSecurities'
  | 'workingCapital'
  | 'totalAssets'
  | 'totalLiabilities'
  | 'accumulatedDeficit'
  | 'netLoss';

/** How a printed value becomes the stored value. */
type SignRule =
  | 'as_printed'
  /** A balance that cannot be negative; some tables print liabilities in parentheses as a deduction. */
  | 'magnitude'
  /** The label already says "deficit"/"loss": a printed positive is the size of a negative amount. */
  | 'negative'
  /** "Net loss" rows print losses either as "(1,234)" or, in expense-style tables, as "1,234". */
  | 'loss_row';

export interface RowMatch {
  field: SnapshotField;
  /** Lower wins: a plain "Net loss" beats "Net loss attributable to common stockholders". */
  priority: number;
  sign: SignRule;
}

const RULES: { field: SnapshotField; re: RegExp; priority: number; sign: SignRule }[] = [
  { field: 'cashAndCashEquivalents', re: /^cash(?: and (?:cash )?equivalents)?$/, priority: 0, sign: 'magnitude' },
  {
    field: 'cashAndMarketableSecurities',
    re: /^(?:total )?cash,? (?:and )?(?:cash equivalents,? (?:and )?)?(?:short-term |marketable |current )?(?:investments|marketable securities|securities)$/,
    priority: 0,
    sign: 'magnitude',
  },
  { field: 'workingCapital', re: /^(?:net )?working capital(?: \((?:deficit|deficiency)\))?$/, priority: 0, sign: 'as_printed' },
  { field: 'workingCapital', re: /^(?:net )?working capital (?:deficit|deficiency)$/, priority: 0, sign: 'negative' },
  { field: 'totalAssets', re: /^total assets$/, priority: 0, sign: 'magnitude' },
  { field: 'totalLiabilities', re: /^total liabilities$/, priority: 0, sign: 'magnitude' },
  { field: 'accumulatedDeficit', re: /^(?:accumulated deficit|deficit accumulated during the development stage)$/, priority: 0, sign: 'negative' },
  {
    field: 'accumulatedDeficit',
    re: /^(?:retained earnings \((?:accumulated )?deficit\)|accumulated deficit \(retained earnings\)|accumulated \(deficit\) earnings|retained \(deficit\) earnings)$/,
    priority: 0,
    sign: 'as_printed',
  },
  { field: 'netLoss', re: /^net loss$/, priority: 0, sign: 'loss_row' },
  { field: 'netLoss', re: /^net (?:income \(loss\)|\(loss\) income|loss \(income\)|\(income\) loss|income)$/, priority: 0, sign: 'as_printed' },
  { field: 'netLoss', re: /^net loss attributable to (?!non-?controlling)/, priority: 1, sign: 'loss_row' },
  { field: 'netLoss', re: /^net (?:income \(loss\)|\(loss\) income) attributable to (?!non-?controlling)/, priority: 1, sign: 'as_printed' },
];

export function matchRow(label: string): RowMatch | null {
  // "Net loss and comprehensive loss" is the same number as "Net loss" for these issuers' tables.
  const l = normalizeLabel(label).replace(/ and (?:total )?comprehensive (?:\(?loss\)?|\(?income\)?)(?: \(?(?:income|loss)\)?)?$/, '');
  for (const r of RULES) if (r.re.test(l)) return { field: r.field, priority: r.priority, sign: r.sign };
  return null;
}

/** Applies a row's sign rule to one value, given every value printed on the row. */
export function signed(value: number, row: readonly (number | null | undefined)[], sign: SignRule): number {
  switch (sign) {
    case 'as_printed':
      return value;
    case 'magnitude':
      return Math.abs(value);
    case 'negative':
      return negate(Math.abs(value));
    case 'loss_row':
      // Mixed signs mean the row prints its own signs (a loss year beside a profit year).
      return row.some((v) => typeof v === 'number' && v < 0) ? value : negate(value);
    default:
      return assertNever(sign);
  }
}

const negate = (v: number) => (v === 0 ? 0 : -v);
