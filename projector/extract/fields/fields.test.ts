// Field families on real sentences and rows copied from the sample prospectuses (source noted per case).
import { describe, expect, it } from 'vitest';
import { readProspectus } from '../prospectus-reader.ts';
import { makeContext } from '../extract-context.ts';
import { extractOfferingPrice, extractPriceRange, priceFromTable } from './price.extract.ts';
import { extractOverAllotment, extractTotalShares } from './shares.extract.ts';
import { computeGrossProceeds } from './proceeds.extract.ts';
import { extractListing } from './listing.extract.ts';
import { extractOfferingKind } from './offering-kind.extract.ts';
import { checkbox, extractFlags } from './flags.extract.ts';
import { extractUnderwriters } from './underwriters.extract.ts';
import { extractUseOfProceeds } from './use-of-proceeds.extract.ts';
import { extractUnitDescription, extractWarrantSummary } from './security.extract.ts';
import { sampleDoc } from '../test-docs.ts';

const ctxOf = (html: string) => makeContext(readProspectus(html));
const p = (...sentences: string[]) => sentences.map((s) => `<p>${s}</p>`).join('\n');

describe('price', () => {
  it('reads a range and ignores blank ranges (Unicycive; Pandora)', () => {
    const ok = ctxOf(p('We anticipate that the initial public offering price per Unit will be between $5.00 and $6.00 per share.'));
    expect(extractPriceRange(ok)?.value).toEqual({ low: 5, high: 6 });
    const blank = ctxOf(p('We anticipate that the initial public offering price of our common stock will be between $ and $ per share.'));
    expect(extractPriceRange(blank)).toBeNull();
  });
  it('does not take the last sale price or an assumed midpoint as the offering price (AAOI; Unicycive)', () => {
    const ctx = ctxOf(p(
      'On March 13, 2014, the last reported sale price of our common stock on the NASDAQ Global Market was $26.20 per share.',
      'based on an assumed initial public offering price of $5.50 per Unit, the midpoint of the price range',
    ));
    expect(extractOfferingPrice(ctx)).toBeNull();
  });
  it('reads a blank cover table as no price (AAOI cover table)', () => {
    expect(priceFromTable([['Per share', 'Total'], ['Public offering price', '$', '$']])).toBeNull();
  });
});

describe('shares and over-allotment', () => {
  it('adds issuer and selling-stockholder shares when the headline is blank (AAOI cover sentence)', () => {
    const ctx = ctxOf(p('Shares', 'We are offering 1,275,235 shares of common stock and the selling stockholders identified in this prospectus are offering an additional 1,424,765 shares of common stock.'));
    expect(extractTotalShares(ctx)?.value).toEqual({ count: 2700000, noun: 'shares' });
  });
  it('counts units as units (Unicycive headline)', () => {
    expect(extractTotalShares(ctxOf(p('4,550,000 Units', 'Common Stock and Warrants')))?.value).toEqual({ count: 4550000, noun: 'units' });
  });
  it('reads the option size and leaves a blank option null (AAOI; Flushing)', () => {
    const aaoi = ctxOf(p('We have granted the underwriters an option for a period of 30 days to purchase up to 405,000 additional shares of common stock at the public offering price less the underwriting discount.'));
    expect(extractOverAllotment(aaoi)?.value).toBe(405000);
    const ffic = ctxOf(p('We have granted the underwriters an option to purchase up to an additional shares of common stock within 30 days from the date of this prospectus supplement on the same terms and conditions set forth above.'));
    expect(extractOverAllotment(ffic)).toBeNull();
  });
});

describe('gross proceeds', () => {
  it('prefers stated, then price x shares, and keeps a midpoint x shares apart as an estimate', () => {
    expect(computeGrossProceeds({ stated: 1000, price: 5, low: 4, high: 6, shares: 10 })).toEqual({ value: 1000, basis: 'stated', estimate: null });
    // A "total" that is a per-unit price (Imunon's $3.6099 per pre-funded warrant beside $3.61 per share) is no total.
    expect(computeGrossProceeds({ stated: 3.6099, price: 3.61, low: null, high: null, shares: null })).toEqual({ value: null, basis: null, estimate: null });
    expect(computeGrossProceeds({ stated: null, price: 5, low: null, high: null, shares: 10 })).toEqual({ value: 50, basis: 'price_x_shares', estimate: null });
    expect(computeGrossProceeds({ stated: null, price: null, low: 5, high: 6, shares: 4550000 })).toEqual({ value: null, basis: null, estimate: 25025000 });
    expect(computeGrossProceeds({ stated: null, price: null, low: 5, high: 6, shares: null })).toEqual({ value: null, basis: null, estimate: null });
  });
});

describe('listing', () => {
  it('reads exchange and ticker as written (AAOI, Unicycive, Acurx)', () => {
    expect(extractListing(ctxOf(p('Our common stock is listed on the NASDAQ Global Market under the symbol "AAOI." On March 13, 2014, the last reported sale price was $26.20 per share.')))?.value)
      .toEqual({ exchange: 'NASDAQ Global Market', ticker: 'AAOI' });
    expect(extractListing(ctxOf(p('We have been approved to have our common stock listed on the Nasdaq Capital Market under the symbol “UNCY” upon our satisfaction of the exchange’s initial listing criteria, including the completion of this offering.')))?.value)
      .toEqual({ exchange: 'Nasdaq Capital Market', ticker: 'UNCY' });
    expect(extractListing(ctxOf(p('Our common stock is listed on The Nasdaq Capital Market under the symbol “ACXP.” The last reported sale price of our common stock on June 28, 2023 was $2.56 per share.')))?.value)
      .toEqual({ exchange: 'Nasdaq Capital Market', ticker: 'ACXP' });
  });
  it('leaves a blank draft symbol and exchange null (Pandora)', () => {
    expect(extractListing(ctxOf(p('We intend to apply for listing of our common stock on the under the symbol “ .”')))).toBeNull();
  });
});

describe('offering kind', () => {
  it('reads primary + secondary (Twilio) and resale only (Acurx)', () => {
    const twlo = ctxOf(p('The selling stockholders of Twilio, Inc., which include certain of our executive officers and directors, are offering shares of Class A common stock and we are offering shares of our Class A common stock in this offering.'));
    expect(extractOfferingKind(twlo)?.value).toEqual({ isPrimaryOffering: true, isSecondaryOffering: true, isSellingStockholdersOnly: false });
    expect(extractOfferingKind(makeContext(sampleDoc('acurx')))?.value).toEqual({ isPrimaryOffering: false, isSecondaryOffering: true, isSellingStockholdersOnly: true });
  });
});

describe('issuer structure flags', () => {
  it('reads the facing-page check-box grid, skipping the "(Do not check if …)" aside', () => {
    expect(checkbox('Large accelerated filer ☐ Accelerated filer ☐ Non-accelerated filer ☒ Smaller reporting company ☒ Emerging growth company ☒', 'smaller reporting company')).toBe(true);
    expect(checkbox('Large accelerated filer o Accelerated filer o Non-accelerated filer ý (Do not check if a smaller reporting company) Smaller reporting company o', 'smaller reporting company')).toBe(false);
    expect(checkbox('Large accelerated filer ¨ Accelerated filer ¨ Non-accelerated filer x (Do not check if a smaller reporting company) Smaller reporting company ¨', 'smaller reporting company')).toBe(false);
    expect(checkbox('a smaller reporting company or an emerging growth company.', 'emerging growth company')).toBeNull();
  });
  it('sets dual class only from explicit votes (Twilio) and not from base-prospectus boilerplate (Flushing)', () => {
    expect(extractFlags(makeContext(sampleDoc('twilio')), { noun: 'shares', unitDescription: null }).value).toEqual(['dual_class', 'emerging_growth_company']);
    expect(extractFlags(makeContext(sampleDoc('flushing')), { noun: null, unitDescription: null }).value).toEqual([]);
  });
});

describe('units and warrants (Unicycive cover)', () => {
  const ctx = ctxOf(p(
    '4,550,000 Units',
    'Each Unit consists of (a) one share of our common stock and (b) four-fifth warrant (the “Warrants”) to purchase one share of our common stock at an exercise price equal to $____[120% of initial public offering price per Unit], exercisable until the fifth anniversary of the issuance date, and subject to certain adjustment and cashless exercise provisions as described herein.',
  ));
  it('quotes the unit sentence and the warrant clause', () => {
    expect(extractUnitDescription(ctx)?.value).toMatch(/^Each Unit consists of \(a\) one share/);
    expect(extractWarrantSummary(ctx)?.value).toMatch(/^four-fifth warrant \(the “Warrants”\) to purchase one share of our common stock/);
  });
});

describe('underwriters and use of proceeds on the real documents', () => {
  it('lists underwriters from the allocation table, representatives first', () => {
    expect(extractUnderwriters(makeContext(sampleDoc('flushing')))?.value.canonical).toEqual(['Keefe, Bruyette & Woods, Inc.', 'Piper Sandler & Co.', 'Raymond James & Associates, Inc.']);
    expect(extractUnderwriters(makeContext(sampleDoc('acurx')))).toBeNull();
  });
  it('falls back to the cover bank names when there is no table (AAOI cover)', () => {
    const ctx = ctxOf(p('The underwriters expect to deliver the shares of common stock to purchasers on or about March , 2014.') +
      '<table><tr><td>RAYMOND JAMES</td><td>PIPER JAFFRAY</td></tr></table><table><tr><td>COWEN AND COMPANY</td><td>ROTH CAPITAL PARTNERS</td><td>CRAIG-HALLUM</td></tr></table>');
    expect(extractUnderwriters(ctx)?.value.canonical).toEqual(['RAYMOND JAMES', 'PIPER JAFFRAY', 'COWEN AND COMPANY', 'ROTH CAPITAL PARTNERS', 'CRAIG-HALLUM']);
  });
  it('takes the intent sentence, not the net-proceeds estimate (Twilio)', () => {
    expect(extractUseOfProceeds(makeContext(sampleDoc('twilio')), false)?.value).toMatch(/^We currently intend to use the net proceeds from this offering for working capital/);
  });
});
