// The cover's fee lines and the estimated offering expenses, on the real bundled documents. No bundled
// document prints a priced table in columns or a priced selling-stockholder line; those positive
// cases are constructed tables in the usual wording, marked as such, with the bundled documents'
// own headings.
import { describe, expect, it } from 'vitest';
import { makeContext } from '../extract-context.ts';
import { readProspectus } from '../prospectus-reader.ts';
import { sampleDoc } from '../test-docs.ts';
import { extractCoverFees } from './cover-fees.extract.ts';
import { extractOfferingExpenses } from './offering-expenses.extract.ts';

const ctxOf = (html: string) => makeContext(readProspectus(html));
const table = (rows: string[][]) => `<table>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
const cover = (...parts: string[]) => `<p>Filed Pursuant to Rule 424(b)(4)</p><p>10,000,000 Shares</p>${parts.join('')}`;
const fees = (ctx: ReturnType<typeof makeContext>) => extractCoverFees(ctx).value;

describe('the cover\'s fee lines', () => {
  it('reads a best-efforts deal\'s placement agents\' fee and the proceeds, per share from the first per-security column (Imunon)', () => {
    const found = extractCoverFees(makeContext(sampleDoc('imunon')));
    expect(found.value).toEqual({
      underwritingDiscountPerShare: 0.2527,
      underwritingDiscountTotal: 490014.11,
      proceedsToIssuerPerShare: 3.3573,
      proceedsToIssuerTotal: 6510026.52,
      proceedsToSellingStockholdersPerShare: null,
      proceedsToSellingStockholdersTotal: null,
      feesSource: 'cover_table',
    });
    expect(found.text).toMatch(/Placement Agents’ fees\(1\) \| \$0\.2527 \| \$0\.2527 \| \$490,014\.11/);
  });

  it('leaves a preliminary prospectus\'s blank table null, with the reason (Flushing, AAOI, Dropbox, Twilio, Twitter, Mykrolis)', () => {
    for (const name of ['flushing', 'aaoi', 'dropbox', 'twilio', 'twitter', 'mykrolis', 'unicycive', 'southernNational', 'oplink'] as const) {
      const value = fees(makeContext(sampleDoc(name)));
      expect(value.feesSource, name).toBe('blank_cover_table');
      expect(Object.values(value).filter((v) => v !== 'blank_cover_table'), name).toEqual([null, null, null, null, null, null]);
    }
  });

  it('finds the table in columns, its headings over two rows (Vastera "Price to / Public", Riverstone, Pandora)', () => {
    for (const name of ['vastera', 'riverstone', 'pandora'] as const) {
      expect(extractCoverFees(makeContext(sampleDoc(name))).value.feesSource, name).toBe('blank_cover_table');
    }
    expect(extractCoverFees(makeContext(sampleDoc('vastera'))).text).toMatch(/Price to \| Discounts and \| Proceeds to/);
  });

  it('says there is no table when the cover prints none: resales, an at-the-market program, a shelf (Cempra, Acurx, Tellium, Anterix, NextEra, AeroVironment)', () => {
    for (const name of ['cempra', 'acurx', 'tellium', 'anterix', 'nextera', 'aerovironment'] as const) {
      expect(extractCoverFees(makeContext(sampleDoc(name))), name).toEqual({
        value: expect.objectContaining({ feesSource: 'no_cover_table', underwritingDiscountTotal: null }),
        text: null,
        block: null,
      });
    }
  });

  it('reads a priced table in rows with a selling-stockholder line (constructed, with Twilio\'s headings)', () => {
    const ctx = ctxOf(cover(table([
      ['', 'Per Share', 'Total'],
      ['Public offering price', '$20.00', '$200,000,000'],
      ['Underwriting discount(1)', '$1.20', '$12,000,000'],
      ['Proceeds, before expenses, to Twilio', '$18.80', '$94,000,000'],
      ['Proceeds, before expenses, to selling stockholders', '$18.80', '$94,000,000'],
    ])));
    expect(fees(ctx)).toEqual({
      underwritingDiscountPerShare: 1.2,
      underwritingDiscountTotal: 12_000_000,
      proceedsToIssuerPerShare: 18.8,
      proceedsToIssuerTotal: 94_000_000,
      proceedsToSellingStockholdersPerShare: 18.8,
      proceedsToSellingStockholdersTotal: 94_000_000,
      feesSource: 'cover_table',
    });
  });

  it('reads a priced table in columns (constructed, with Pandora\'s headings)', () => {
    const ctx = ctxOf(cover(table([
      ['', 'Price to Public', 'Underwriting Discounts and Commissions', 'Proceeds to Company', 'Proceeds to Selling Stockholders'],
      ['Per Share', '$16.00', '$1.12', '$14.88', '$14.88'],
      ['Total', '$234,880,000', '$16,441,600', '$98,052,000', '$120,386,400'],
    ])));
    expect(fees(ctx)).toEqual({
      underwritingDiscountPerShare: 1.12,
      underwritingDiscountTotal: 16_441_600,
      proceedsToIssuerPerShare: 14.88,
      proceedsToIssuerTotal: 98_052_000,
      proceedsToSellingStockholdersPerShare: 14.88,
      proceedsToSellingStockholdersTotal: 120_386_400,
      feesSource: 'cover_table',
    });
  });

  it('takes the base deal\'s total when the table has no "Total" heading but a far larger second amount (constructed)', () => {
    const ctx = ctxOf(cover(table([
      ['', 'Per ADS', 'Without Option', 'With Option'],
      ['Initial public offering price', '$10.00', '$50,000,000', '$57,500,000'],
      ['Underwriting discounts and commissions', '$0.70', '$3,500,000', '$4,025,000'],
      ['Proceeds, before expenses, to us', '$9.30', '$46,500,000', '$53,475,000'],
    ])));
    expect([fees(ctx).underwritingDiscountPerShare, fees(ctx).underwritingDiscountTotal, fees(ctx).proceedsToIssuerTotal]).toEqual([0.7, 3_500_000, 46_500_000]);
  });
});

describe('the estimated offering expenses', () => {
  it('reads the prospectus\'s estimate in each wording (Unicycive, AAOI, Mykrolis, NextEra, Imunon, Oplink, Dropbox, Vastera)', () => {
    const cases = [
      ['unicycive', 600_000, /our share of the total expenses of the offering, excluding underwriting discounts and commissions, will be approximately \$600,000/],
      // Part II itemises $607,456; the prospectus's own statement wins.
      ['aaoi', 600_000, /exclusive of the underwriting discounts and commissions, are approximately \$0\.6 million/],
      ['mykrolis', 3_160_000, /not including the underwriting discounts and commissions, are estimated to be approximately \$3,160,000/],
      ['nextera', 1_500_000, /other than underwriting discounts, are estimated to be approximately \$1\.5 million/],
      ['imunon', 225_000, /but excluding Placement Agents’ fees, will be approximately \$225,000/],
      ['oplink', 1_725_000, /other than the underwriting discounts and commissions referred to above, will be approximately \$1,725,000/],
      ['dropbox', 7_000_000, /approximately \$7\.0 million/],
      ['vastera', 3_000_000, /approximately \$3,000,000/],
    ] as const;
    for (const [name, value, text] of cases) {
      const found = extractOfferingExpenses(makeContext(sampleDoc(name)));
      expect([found.value, found.source], name).toEqual([value, 'prospectus']);
      expect(found.text, name).toMatch(text);
    }
  });

  it('takes Part II\'s "Other Expenses of Issuance and Distribution" total when the prospectus states none (Southern National, Riverstone, Cempra, Acurx, Anterix)', () => {
    const cases = [['southernNational', 344_980], ['riverstone', 3_000_000], ['cempra', 85_000], ['acurx', 36_300], ['anterix', 53_000]] as const;
    for (const [name, value] of cases) {
      const found = extractOfferingExpenses(makeContext(sampleDoc(name)));
      expect([found.value, found.source], name).toEqual([value, 'registration_statement']);
      expect(found.text, name).toMatch(/^total/i);
    }
  });

  it('leaves blanks null with the reason: "$ .", "$ million", "$*", "$(2)", a plain-text "Total ... *" (Twitter, Pandora, Twilio, Flushing, AeroVironment, Tellium)', () => {
    for (const name of ['twitter', 'pandora', 'twilio', 'flushing', 'aerovironment', 'tellium'] as const) {
      const found = extractOfferingExpenses(makeContext(sampleDoc(name)));
      expect([found.value, found.source], name).toEqual([null, 'blank']);
    }
    expect(extractOfferingExpenses(makeContext(sampleDoc('flushing'))).text).toMatch(/other than, in each case, underwriting discounts and commissions, will be approximately \$ \.$/);
  });

  it('reads no net-proceeds or reimbursement sentence as the estimate, and says when nothing is stated (fragments)', () => {
    expect(extractOfferingExpenses(makeContext(sampleDoc('coverSnippet')))).toEqual({ value: null, source: 'not_stated', text: null, block: null });
    expect(extractOfferingExpenses(makeContext(sampleDoc('divSpans'))).source).toBe('not_stated');
    const ctx = ctxOf(cover('<p>We estimate that the net proceeds to us, excluding underwriting discounts and estimated offering expenses, will be approximately $45.2 million.</p><p>We have agreed to reimburse the underwriters for expenses, other than the underwriting discounts, estimated at $25,000.</p>'));
    expect(extractOfferingExpenses(ctx).source).toBe('not_stated');
  });
});
