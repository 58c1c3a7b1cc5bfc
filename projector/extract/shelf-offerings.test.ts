// Follow-on, shelf and resale documents on the real bundled prospectuses: registered direct (Imunon
// 424B5), at-the-market program (NextEra 424B5), resale shelf (Anterix S-3), automatic universal
// shelf (AeroVironment S-3ASR).
import { describe, expect, it } from 'vitest';
import { extractTerms } from './terms.extract.ts';
import { makeContext } from './extract-context.ts';
import { blocksIn } from './doc-regions.ts';
import { readProspectus } from './prospectus-reader.ts';
import { checkbox, extractFlags } from './fields/flags.extract.ts';
import { bankKey, canonicalUnderwriters } from './fields/bank-names.ts';
import { agentsNamedIn } from './fields/underwriters.extract.ts';
import { offeringShape } from './fields/offering-shape.extract.ts';
import { extractOfferingPrice } from './fields/price.extract.ts';
import { sampleDoc } from './test-docs.ts';
import type { ProspectusDoc } from './prospectus-reader.ts';

const run = (name: Parameters<typeof sampleDoc>[0], formType: string) => extractTerms(sampleDoc(name), { formType });

function facingText(doc: ProspectusDoc): string {
  const ctx = makeContext(doc);
  return [...blocksIn(doc, ctx.regions.facing)].map(([, b]) => b.text).join('\n');
}

describe('placement agents of a best-efforts registered direct (Imunon 424B5)', () => {
  const r = run('imunon', '424B5');
  it('lists the placement agents as the underwriters and flags best efforts', () => {
    expect(r.terms.underwriters).toEqual(['Maxim Group LLC', 'Brookline Capital Markets, a division of Arcadia Securities, LLC']);
    expect(r.underwritersAsPrinted).toEqual(r.terms.underwriters);
    expect(r.terms.issuerStructureFlags).toEqual(['warrants', 'best_efforts']);
    expect(r.provenance.underwriters?.text).toMatch(/^We have engaged Maxim Group LLC, as lead placement agent/);
  });
  it('reads the Total column, not the per pre-funded warrant price, as gross proceeds', () => {
    expect(r.terms.offeringPrice).toBe(3.61);
    expect(r.terms.grossProceeds).toBe(7000040.63);
    expect(r.estimates).toEqual({ grossProceeds: 'stated', grossProceedsEstimate: null });
  });
  it('names every security sold and the warrant terms', () => {
    expect(r.terms.totalSharesOffered).toBe(330000);
    expect(r.terms.securityDescription).toBe('common stock, pre-funded warrants and warrants');
    expect(r.terms.warrantSummary).toMatch(/^The Warrants have an exercise price of \$3\.482 per share/);
    expect([r.terms.isPrimaryOffering, r.terms.isSecondaryOffering, r.terms.isSellingStockholdersOnly]).toEqual([true, false, false]);
  });
  it('sets best efforts only for placement agents, not for an underwritten deal (Flushing)', () => {
    const ctx = makeContext(sampleDoc('imunon'));
    expect(extractFlags(ctx, { noun: 'shares', unitDescription: null, distributor: null }).value).not.toContain('best_efforts');
    expect(run('flushing', '424B5').terms.issuerStructureFlags).not.toContain('best_efforts');
  });
});

describe('at-the-market program (NextEra 424B5)', () => {
  const r = run('nextera', '424B5');
  it('takes neither the "up to $4,000,000,000" cap nor the last sale price as terms', () => {
    expect(offeringShape(makeContext(sampleDoc('nextera')))).toEqual({ atTheMarket: true, debtOnly: false });
    expect([r.terms.offeringPrice, r.terms.priceRangeLow, r.terms.totalSharesOffered, r.terms.grossProceeds, r.terms.overAllotmentShares]).toEqual([null, null, null, null, null]);
    expect(r.estimates.grossProceedsEstimate).toBeNull();
  });
  it('lists the sales agents as the underwriters and reads the issuer as the seller', () => {
    expect(r.terms.underwriters).toEqual([
      'BNY Mellon Capital Markets, LLC', 'BofA Securities, Inc.', 'Capital One Securities, Inc.', 'Credit Agricole Securities (USA) Inc.',
      'J.P. Morgan Securities LLC', 'Mizuho Securities USA LLC', 'Wells Fargo Securities, LLC',
    ]);
    expect([r.terms.isPrimaryOffering, r.terms.isSecondaryOffering, r.terms.isSellingStockholdersOnly]).toEqual([true, false, false]);
    expect(r.terms.issuerStructureFlags).toEqual([]);
    expect(r.terms.useOfProceedsSummary).toMatch(/^NEE will add the net proceeds .* general corporate purposes\.$/);
  });
});

describe('bank names: brand and legal name of one bank are one underwriter', () => {
  it('maps the NextEra cover-foot brands to the same seven banks the cover sentence names', () => {
    const doc = sampleDoc('nextera');
    const foot = doc.blocks.slice(0, 15).find((b) => b.kind === 'table' && /BofA Securities/.test(b.text));
    expect(foot?.kind).toBe('table');
    const brands = foot!.kind === 'table' ? foot!.rows.flat() : [];
    expect(brands).toContain('J.P. Morgan');
    expect(brands).toContain('Credit Agricole CIB');
    // "Capital One Securities" has no brand/legal split: it compares to "Capital One Securities, Inc." without the suffix.
    expect(canonicalUnderwriters(brands).map(bankKey)).toEqual(run('nextera', '424B5').terms.underwriters!.map(bankKey));
    expect(canonicalUnderwriters(brands).slice(0, 2)).toEqual(['BNY Mellon Capital Markets, LLC', 'BofA Securities, Inc.']);
  });
  it('deduplicates brand and legal names in printed order and keeps other names as printed', () => {
    expect(canonicalUnderwriters([
      'Merrill Lynch, Pierce, Fenner & Smith Incorporated', 'Evercore ISI', 'BofA Securities', 'Evercore Group L.L.C.',
      'Citigroup', 'Citigroup Global Markets Inc.', 'JPMorgan', 'Goldman, Sachs & Co.', 'Goldman Sachs & Co. LLC',
    ])).toEqual(['BofA Securities, Inc.', 'Evercore Group L.L.C.', 'Citigroup Global Markets Inc.', 'J.P. Morgan Securities LLC', 'Goldman, Sachs & Co.']);
  });
  it('keeps the printed names beside the canonical ones', () => {
    const html = '<p>We have engaged Evercore Group L.L.C., as lead placement agent, and Merrill Lynch, Pierce, Fenner &amp; Smith Incorporated, as co-placement agent (collectively, the “Placement Agents”), to act as our placement agents in connection with this offering.</p>';
    const r = extractTerms(readProspectus(html));
    expect(r.underwritersAsPrinted).toEqual(['Evercore Group L.L.C.', 'Merrill Lynch, Pierce, Fenner & Smith Incorporated']);
    expect(r.terms.underwriters).toEqual(['Evercore Group L.L.C.', 'BofA Securities, Inc.']);
  });
  it('names no firm from an agent sentence that names none (Flushing base prospectus)', () => {
    expect(agentsNamedIn('The underwriters and other persons acting as our agents will not have any responsibility in respect of the validity or performance of delayed delivery contracts.')).toBeNull();
  });
});

describe('resale shelf (Anterix S-3)', () => {
  const r = run('anterix', 'S-3');
  it('reads the selling stockholder as the only seller and names no underwriter', () => {
    expect([r.terms.isPrimaryOffering, r.terms.isSecondaryOffering, r.terms.isSellingStockholdersOnly]).toEqual([false, true, true]);
    expect(r.terms.underwriters).toBeNull();
    expect(r.underwritersAsPrinted).toBeNull();
    expect(r.terms.totalSharesOffered).toBe(500000);
    expect([r.terms.offeringPrice, r.terms.grossProceeds]).toEqual([null, null]);
  });
});

describe('facing-page check boxes', () => {
  it('reads only checked boxes: a large accelerated filer is neither EGC nor SRC (Anterix, AeroVironment)', () => {
    for (const name of ['anterix', 'aerovironment'] as const) {
      const text = facingText(sampleDoc(name));
      expect(checkbox(text, 'large accelerated filer'), name).toBe(true);
      expect(checkbox(text, 'smaller reporting company'), name).toBe(false);
      expect(checkbox(text, 'emerging growth company'), name).toBe(false);
      expect(run(name, name === 'anterix' ? 'S-3' : 'S-3ASR').terms.issuerStructureFlags, name).toEqual([]);
    }
  });
  it('reads checked EGC and SRC boxes (Unicycive, Acurx)', () => {
    for (const name of ['unicycive', 'acurx'] as const) {
      const text = facingText(sampleDoc(name));
      expect(checkbox(text, 'smaller reporting company'), name).toBe(true);
      expect(checkbox(text, 'emerging growth company'), name).toBe(true);
    }
  });
  it('matches each label to its own mark, whichever side the grid puts the marks', () => {
    expect(checkbox('☐ Large accelerated filer ☐ Accelerated filer ☒ Non-accelerated filer ☒ Smaller reporting company ☐ Emerging growth company', 'emerging growth company')).toBe(false);
    expect(checkbox('☐ Large accelerated filer ☐ Accelerated filer ☒ Non-accelerated filer ☒ Smaller reporting company ☐ Emerging growth company', 'smaller reporting company')).toBe(true);
  });
  it('skips the "If an emerging growth company, indicate by check mark …" sentence (Anterix wording)', () => {
    const grid = 'Large Accelerated filer ☒ Accelerated filer ☐ Non-accelerated filer ☐ Smaller reporting company ☐';
    const sentence = 'If an emerging growth company, indicate by check mark if the registrant has elected not to use the extended transition period for complying with any new or revised financial accounting standards provided pursuant to Section 7(a)(2)(B) of the Securities Act. ☒';
    expect(checkbox(`${grid}\n${sentence}`, 'emerging growth company')).toBeNull();
    expect(checkbox(`${grid} Emerging growth company ☐\n${sentence}`, 'emerging growth company')).toBe(false);
  });
});

describe('automatic universal shelf (AeroVironment S-3ASR)', () => {
  const r = run('aerovironment', 'S-3ASR');
  it('finds the prospectus cover after the facing page and reads no offering terms', () => {
    expect(makeContext(sampleDoc('aerovironment')).regions.cover.start).toBeGreaterThan(20);
    expect([r.terms.offeringPrice, r.terms.priceRangeLow, r.terms.totalSharesOffered, r.terms.grossProceeds, r.terms.underwriters]).toEqual([null, null, null, null, null]);
    expect(r.terms.securityDescription).toBe('common stock, preferred stock, debt securities, warrants, purchase contracts and units');
    expect([r.terms.isPrimaryOffering, r.terms.isSecondaryOffering]).toEqual([true, false]);
    expect([r.terms.exchangeHint, r.terms.tickerHint]).toEqual(['Nasdaq Global Select Market', 'AVAV']);
  });
});

describe('notes offerings (constructed cover in the usual 424B2 shape; no real debt document is bundled yet)', () => {
  it('reads no share price, range or count from a "% of principal amount" table', () => {
    const html = [
      '<p>Filed Pursuant to Rule 424(b)(2)</p>',
      '<p>$500,000,000 4.500% Senior Notes due 2030</p>',
      '<p>We are offering $500,000,000 aggregate principal amount of our 4.500% Senior Notes due 2030. The notes will be issued under an indenture.</p>',
      '<table><tr><td></td><td>Per Note</td><td>Total</td></tr><tr><td>Public offering price</td><td>99.857%</td><td>$499,285,000</td></tr></table>',
    ].join('\n');
    const r = extractTerms(readProspectus(html), { formType: '424B2' });
    expect(offeringShape(makeContext(readProspectus(html)))).toEqual({ atTheMarket: false, debtOnly: true });
    expect([r.terms.offeringPrice, r.terms.priceRangeLow, r.terms.totalSharesOffered]).toEqual([null, null, null]);
    expect(r.terms.grossProceeds).toBe(499285000);
    expect(r.terms.isPrimaryOffering).toBe(true);
  });
  it('reads "$1,000 per note" as no share price', () => {
    const ctx = makeContext(readProspectus('<p>The price to the public is $1,000 per note.</p>'));
    expect(extractOfferingPrice(ctx)).toBeNull();
    expect(extractOfferingPrice(makeContext(readProspectus('<p>The initial public offering price is $20.00 per Class A ordinary share.</p>')))?.value).toBe(20);
  });
});

describe('agent sentences in the shapes covers use (constructed from common cover wording)', () => {
  it('names each firm of a run, with or without per-firm roles, and skips earlier private placements', () => {
    expect(agentsNamedIn('Pursuant to a placement agency agreement, we have engaged Maxim Group LLC (“Maxim”) to act as our lead Placement Agent and Brookline Capital Markets, a division of Arcadia Securities, LLC to act as a co-Placement Agent in this offering.'))
      .toEqual({ names: ['Maxim Group LLC', 'Brookline Capital Markets, a division of Arcadia Securities, LLC'], role: 'placement_agents' });
    expect(agentsNamedIn('We have entered into a sales agreement, or the Sales Agreement, with Cantor Fitzgerald & Co., or Cantor, dated May 1, 2024, relating to the sale of shares of our common stock offered by this prospectus supplement.'))
      .toEqual({ names: ['Cantor Fitzgerald & Co.'], role: 'sales_agents' });
    expect(agentsNamedIn('We may offer and sell shares of our common stock from time to time through or to Jefferies LLC and B. Riley Securities, Inc., as sales agents or principals.'))
      .toEqual({ names: ['Jefferies LLC', 'B. Riley Securities, Inc.'], role: 'sales_agents' });
    expect(agentsNamedIn('In connection with the private placement, we engaged Roth Capital Partners, LLC as placement agent.')).toBeNull();
  });
});
