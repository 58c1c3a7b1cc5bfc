// The kinds of miss found on documents the rules were not written on, each checked on the real
// bundled documents that show it (source noted per case). Where no bundled document shows a kind
// (a best-efforts IPO whose placement agent is the subject of its sentence, an offering sized in
// dollars, a note's pricing supplement, a filer-status grid with bracket marks), the positive case is
// a constructed sentence in the usual wording, marked as such, beside the real documents it must
// leave alone.
import { describe, expect, it } from 'vitest';
import { makeContext } from '../extract-context.ts';
import { blocksIn } from '../doc-regions.ts';
import { readProspectus, type ProspectusDoc } from '../prospectus-reader.ts';
import { extractTerms } from '../terms.extract.ts';
import { sampleDoc } from '../test-docs.ts';
import { checkMarks, checkbox, registeredWarrants } from './flags.extract.ts';
import { extractListing } from './listing.extract.ts';
import { extractOfferingKind } from './offering-kind.extract.ts';
import { extractPriceRange } from './price.extract.ts';
import { extractDollarSize } from './proceeds.extract.ts';
import { resaleShares } from './shares.extract.ts';
import { agentsNamedIn, extractUnderwriters, underwriterNamedIn } from './underwriters.extract.ts';

const ctxOf = (html: string) => makeContext(readProspectus(html));
const p = (...sentences: string[]) => sentences.map((s) => `<p>${s}</p>`).join('\n');
const facingText = (doc: ProspectusDoc) => [...blocksIn(doc, makeContext(doc).regions.facing)].map(([, b]) => b.text).join('\n');

describe('listing: the exchanges\' former names and bare symbols of older filings', () => {
  it('reads "Nasdaq National Market" and an unquoted symbol (Oplink, Riverstone, Vastera, Tellium)', () => {
    expect(extractListing(makeContext(sampleDoc('oplink')))?.value).toEqual({ exchange: 'Nasdaq National Market', ticker: 'OPLK' });
    expect(extractListing(makeContext(sampleDoc('riverstone')))?.value).toEqual({ exchange: 'Nasdaq National Market', ticker: 'RSTN' });
    expect(extractListing(makeContext(sampleDoc('vastera')))?.value).toEqual({ exchange: 'Nasdaq National Market', ticker: 'VAST' });
    expect(extractListing(makeContext(sampleDoc('tellium')))?.value).toEqual({ exchange: 'Nasdaq National Market', ticker: 'TELM' });
  });
  it('still leaves a blank draft exchange null beside its symbol (Twitter: "on the under the symbol “TWTR”")', () => {
    expect(extractListing(makeContext(sampleDoc('twitter')))?.value).toEqual({ exchange: null, ticker: 'TWTR' });
  });
});

describe('resales: who sells and how many shares', () => {
  it('reads "Selling stockholders of X may from time to time offer and sell" and "X is not selling any shares" as a resale (Tellium)', () => {
    expect(extractOfferingKind(makeContext(sampleDoc('tellium')))?.value).toEqual({ isPrimaryOffering: false, isSecondaryOffering: true, isSellingStockholdersOnly: true });
    expect(extractTerms(sampleDoc('tellium')).terms.useOfProceedsSummary).toMatch(/^Tellium is not selling any shares of common stock under this prospectus/);
  });
  it('counts the shares the holders may sell, adding each "up to N shares" of the sentence (Tellium, Cempra, Anterix, Acurx)', () => {
    expect(resaleShares(makeContext(sampleDoc('tellium')))?.value).toEqual({ count: 21633336, noun: 'shares' });
    expect(resaleShares(makeContext(sampleDoc('cempra')))?.value).toEqual({ count: 3864461, noun: 'shares' });
    expect(resaleShares(makeContext(sampleDoc('anterix')))?.value).toEqual({ count: 500000, noun: 'shares' });
    // "(i) up to 1,333,333 shares … and (ii) up to 1,333,333 shares": the cover headline says 2,666,666.
    expect(resaleShares(makeContext(sampleDoc('acurx')))?.value).toEqual({ count: 2666666, noun: 'shares' });
  });
  it('counts nothing for an offering that names no selling holder (Southern National follow-on)', () => {
    expect(resaleShares(makeContext(sampleDoc('southernNational')))).toBeNull();
  });
});

describe('underwriters, placement agents and sales agents named in a sentence', () => {
  it('names a sole underwriter set off by commas when the section has no allocation table (Southern National)', () => {
    const found = extractUnderwriters(makeContext(sampleDoc('southernNational')));
    expect(found?.value).toEqual({ canonical: ['FIG Partners, LLC'], printed: ['FIG Partners, LLC'], role: 'underwriters', source: 'sentence' });
    expect(found?.text).toMatch(/^We, and the underwriter, FIG Partners, LLC, have entered into an underwriting agreement/);
  });
  it('names a placement agent that is the subject of its sentence, with its role (constructed, in the usual wording)', () => {
    expect(agentsNamedIn('Pursuant to an engagement letter, ThinkEquity LLC (the “Placement Agent”) has agreed to act as our exclusive placement agent in connection with this offering.'))
      .toEqual({ names: ['ThinkEquity LLC'], role: 'placement_agents' });
    expect(underwriterNamedIn('Aegis Capital Corp. is acting as sole underwriter of this offering.')).toEqual({ names: ['Aegis Capital Corp.'], role: 'underwriters' });
  });
  it('says what the firms are to the offering: placement agents (Imunon), sales agents (NextEra), underwriters (Dropbox)', () => {
    expect(extractTerms(sampleDoc('imunon'), { formType: '424B5' }).underwriterRole).toBe('placement_agents');
    expect(extractTerms(sampleDoc('nextera'), { formType: '424B5' }).underwriterRole).toBe('sales_agents');
    expect(extractTerms(sampleDoc('dropbox')).underwriterRole).toBe('underwriters');
    expect(extractTerms(sampleDoc('cempra')).underwriterRole).toBeNull();
  });
  it('takes no agent of an earlier private placement (Vastera, Tellium, Cempra)', () => {
    expect(extractUnderwriters(makeContext(sampleDoc('tellium')))).toBeNull();
    expect(extractUnderwriters(makeContext(sampleDoc('cempra')))).toBeNull();
    expect(extractUnderwriters(makeContext(sampleDoc('vastera')))?.value.canonical).toEqual(['Deutsche Bank Securities Inc.', 'Chase Securities Inc.', 'BofA Securities, Inc.']);
  });
});

describe('facing-page check boxes and the warrants a registration sells', () => {
  it('reads bracket marks of plain-text facing pages: "[X]" checked, "[_]" and "/ /" not (Tellium, Mykrolis, Vastera)', () => {
    expect(checkMarks(facingText(sampleDoc('tellium'))).map((m) => m.checked)).toEqual([true, false, false, false, false]);
    expect(checkMarks(facingText(sampleDoc('mykrolis'))).every((m) => !m.checked)).toBe(true);
    expect(checkMarks(facingText(sampleDoc('vastera'))).map((m) => m.checked)).toEqual([false, false, false, false, false]);
  });
  it('matches grid labels to bracket marks (constructed grid in the plain-text style)', () => {
    const grid = 'Large accelerated filer [ ]  Accelerated filer [ ]  Non-accelerated filer [ ]  Smaller reporting company [X]  Emerging growth company [X]';
    expect(checkbox(grid, 'smaller reporting company')).toBe(true);
    expect(checkbox(grid, 'emerging growth company')).toBe(true);
    expect(checkbox(grid, 'large accelerated filer')).toBe(false);
  });
  it('still reads the symbol grids: SRC unchecked beside a checked non-accelerated filer (Cempra, Southern National, Twitter)', () => {
    for (const name of ['cempra', 'southernNational', 'twitter'] as const) {
      expect(checkbox(facingText(sampleDoc(name)), 'non-accelerated filer'), name).toBe(true);
      expect(checkbox(facingText(sampleDoc(name)), 'smaller reporting company'), name).toBe(false);
    }
  });
  it('flags warrants registered for sale in the fee table, not shares issuable on exercise or the underwriters\' warrants (Unicycive; Acurx, Tellium)', () => {
    expect(registeredWarrants(makeContext(sampleDoc('unicycive')))).toBe('Warrants to purchase common stock, par value $0.001 per share(3)');
    expect(registeredWarrants(makeContext(sampleDoc('acurx')))).toBeNull();
    expect(registeredWarrants(makeContext(sampleDoc('tellium')))).toBeNull();
  });
});

describe('offerings sized in dollars', () => {
  it('reads "we are offering $10,000,000 of shares" as the stated size (constructed, in the usual wording)', () => {
    const ctx = ctxOf(p('$10,000,000', 'Common Stock', 'We are offering $10,000,000 of shares of our common stock on a best efforts basis.'));
    expect(extractDollarSize(ctx)?.value).toBe(10_000_000);
    const r = extractTerms(readProspectus(p('$10,000,000', 'Common Stock', 'We are offering $10,000,000 of shares of our common stock on a best efforts basis.')));
    expect([r.terms.grossProceeds, r.estimates.grossProceeds]).toEqual([10_000_000, 'stated']);
  });
  it('takes no plan, private placement or program cap as the size (Twilio "intend to offer approximately $50 million", Dropbox\'s concurrent private placement, NextEra\'s "up to $4,000,000,000")', () => {
    expect(extractDollarSize(makeContext(sampleDoc('twilio')))).toBeNull();
    expect(extractDollarSize(makeContext(sampleDoc('dropbox')))).toBeNull();
    expect(extractTerms(sampleDoc('nextera'), { formType: '424B5' }).terms.grossProceeds).toBeNull();
  });
});

describe('notes: a range per note is no share price range', () => {
  it('reads no range from a pricing supplement\'s estimated value per $1,000 (constructed, in the usual 424B2 wording)', () => {
    const ctx = ctxOf(p('The estimated value of the notes on the pricing date is expected to be between $940.00 and $980.00 per $1,000 principal amount of notes.'));
    expect(extractPriceRange(ctx)).toBeNull();
    expect(extractPriceRange(ctxOf(p('The notes will be offered at a price between $990.00 and $1,000.00 per note.')))).toBeNull();
  });
  it('still reads the share ranges of IPO covers (Dropbox, Mykrolis, Riverstone)', () => {
    expect(extractPriceRange(makeContext(sampleDoc('dropbox')))?.value).toEqual({ low: 18, high: 20 });
    expect(extractPriceRange(makeContext(sampleDoc('mykrolis')))?.value).toEqual({ low: 15, high: 17 });
    expect(extractPriceRange(makeContext(sampleDoc('riverstone')))?.value).toEqual({ low: 11, high: 13 });
  });
});
