// Syndicate roles on the real bundled documents (source noted per case). Where no bundled document
// shows a kind (a firm named only in the allocation table, a "Co-Managers" label, a table with no
// other word on who leads), the case is a constructed cover or section in the usual wording, marked
// as such.
import { describe, expect, it } from 'vitest';
import { makeContext } from '../extract-context.ts';
import { readProspectus } from '../prospectus-reader.ts';
import { extractTerms } from '../terms.extract.ts';
import { sampleDoc, type SAMPLES } from '../test-docs.ts';
import { coverTiers } from './cover-tiers.ts';
import { firmMentions, firmWords, nameWords } from './firm-mentions.ts';
import { managersIn } from './syndicate-roles.extract.ts';

const terms = (name: keyof typeof SAMPLES) => extractTerms(sampleDoc(name));
const firms = (...names: string[]) => names.map((n) => firmWords([n]));

describe('firms found by their words', () => {
  it('joins initials and drops legal forms ("J.P. MORGAN & CO.", "William Blair & Company, L.L.C.")', () => {
    expect(nameWords('J.P. MORGAN & CO.')).toEqual(['jp', 'morgan']);
    expect(nameWords('William Blair & Company, L.L.C.')).toEqual(['william', 'blair', 'company']);
  });
  it('splits a plain-text cover line that runs three names together (Riverstone)', () => {
    const syndicate = firms('Morgan Stanley & Co. Incorporated', 'J.P. Morgan Securities Inc.', 'Lehman Brothers Inc.', 'Salomon Smith Barney Inc.');
    expect(firmMentions('JP MORGAN LEHMAN BROTHERS SALOMON SMITH BARNEY', syndicate).mentions.map((m) => m.firm)).toEqual([1, 2, 3]);
    expect(firmMentions('MORGAN STANLEY DEAN WITTER', syndicate).mentions.map((m) => m.firm)).toEqual([0]);
  });
  it('knows a bank by the brand its cover prints (Vastera: Deutsche Banc Alex. Brown, Chase H&Q; Twitter: BofA Merrill Lynch)', () => {
    const vastera = firms('Deutsche Bank Securities Inc.', 'Chase Securities Inc.', 'Banc of America Securities LLC');
    expect(firmMentions('Deutsche Banc Alex. Brown', vastera).mentions.map((m) => m.firm)).toEqual([0]);
    expect(firmMentions('Chase H&Q', vastera).mentions.map((m) => m.firm)).toEqual([1]);
    expect(firmMentions('BofA Merrill Lynch', firms('Merrill Lynch, Pierce, Fenner & Smith Incorporated')).mentions).toHaveLength(1);
  });
  it('does not read a sentence as one brand because it contains one (Vastera\'s underwriting sentence)', () => {
    const sentence = 'the underwriters named below, through their representatives Deutsche Bank Securities Inc., Chase Securities Inc. and Banc of America Securities LLC, have severally agreed';
    expect(firmMentions(sentence, firms('Deutsche Bank Securities Inc.', 'Chase Securities Inc.', 'Banc of America Securities LLC')).mentions.map((m) => m.firm)).toEqual([0, 1, 2]);
  });
});

describe('managers named in the underwriting section', () => {
  const aaoi = firms('Raymond James & Associates, Inc.', 'Piper Jaffray & Co.', 'Cowen and Company, LLC');
  it('reads "X and Y are acting as representatives" and "X, as representatives" (AAOI)', () => {
    expect(managersIn('Raymond James & Associates, Inc. and Piper Jaffray & Co. are acting as representatives of each of the underwriters named below.', aaoi)).toEqual([
      { firm: 0, role: 'bookrunner' },
      { firm: 1, role: 'bookrunner' },
    ]);
  });
  it('reads "through their representatives, X, Y and Z" (Oplink) and "for whom X and Y are acting as representatives" (Pandora)', () => {
    const oplink = firms('Robertson Stephens, Inc.', 'CIBC World Markets Corp.', 'J.P. Morgan Securities Inc.', 'UBS Warburg LLC');
    const sentence = 'The underwriters named below, acting through their representatives, Robertson Stephens, Inc., CIBC World Markets Corp., J.P. Morgan Securities Inc. and UBS Warburg LLC, have severally agreed with us';
    expect(managersIn(sentence, oplink).map((m) => m.firm)).toEqual([0, 1, 2, 3]);
    const pandora = firms('Morgan Stanley & Co. Incorporated', 'J.P. Morgan Securities LLC', 'William Blair and Company, L.L.C.');
    expect(managersIn('the underwriters named below, for whom Morgan Stanley & Co. Incorporated and J.P. Morgan Securities LLC are acting as representatives, have severally agreed', pandora).map((m) => m.firm)).toEqual([0, 1]);
  });
  it('takes only the firms the role phrase closes, not a firm named earlier in the sentence (constructed, in the usual wording)', () => {
    const syndicate = firms('Goldman Sachs & Co. LLC', 'Morgan Stanley & Co. LLC', 'J.P. Morgan Securities LLC');
    const sentence = 'Goldman Sachs & Co. LLC has agreed to act as financial advisor, and the underwriters named below, for whom Morgan Stanley & Co. LLC and J.P. Morgan Securities LLC are acting as representatives, have severally agreed to purchase the shares.';
    expect(managersIn(sentence, syndicate).map((m) => m.firm)).toEqual([1, 2]);
  });
  it('names no firm where the representatives only act ("The representative of the underwriters has advised us", Unicycive; "between the representatives and", Oplink)', () => {
    const roth = firms('Roth Capital Partners, LLC');
    expect(managersIn('The representative of the underwriters has advised us that the underwriters propose to offer our Units to the public.', roth)).toEqual([]);
    expect(managersIn('Robertson Stephens, Inc. may, in its sole discretion, release the securities. There are no existing agreements between the representatives and any of our shareholders.', firms('Robertson Stephens, Inc.'))).toEqual([]);
  });
});

describe('roles and lead-left on the real documents', () => {
  it('representatives on top, the cover\'s unlabelled lower row as co-managers (AAOI)', () => {
    const t = terms('aaoi').terms;
    expect(t.underwriterRoles).toEqual(['bookrunner', 'bookrunner', 'co_manager', 'co_manager', 'co_manager']);
    expect([t.leadLeftBookrunner, t.leadLeftBookrunnerSource]).toEqual(['Raymond James & Associates, Inc.', 'cover']);
  });
  it('a representative\'s row makes its whole row bookrunners (Dropbox: Deutsche Bank, Allen and BofA beside Goldman Sachs and J.P. Morgan)', () => {
    const t = terms('dropbox').terms;
    expect(t.bookrunners).toEqual(['Goldman Sachs & Co. LLC', 'J.P. Morgan Securities LLC', 'Deutsche Bank Securities Inc.', 'Allen & Company LLC', 'BofA Securities, Inc.']);
    expect(t.coManagers).toHaveLength(7);
  });
  it('takes the cover\'s labels: "Sole Book-Running Manager", "Lead Manager" (Unicycive), "Joint Book-Running Managers" (Flushing)', () => {
    const u = terms('unicycive');
    expect(u.terms.underwriterRoles).toEqual(['bookrunner', 'co_manager']);
    expect(u.provenance.coManagers?.text).toBe('EF Hutton');
    const f = terms('flushing').terms;
    expect([f.bookrunners, f.coManagers, f.leadLeftBookrunner]).toEqual([f.underwriters, [], 'Keefe, Bruyette & Woods, Inc.']);
  });
  it('a staircase of representatives is all bookrunners, led by its first line (Vastera, Oplink, Riverstone, Mykrolis)', () => {
    for (const name of ['vastera', 'oplink', 'riverstone', 'mykrolis'] as const) {
      const t = terms(name).terms;
      expect(t.bookrunners, name).toEqual(t.underwriters);
      expect([t.coManagers, t.leadLeftBookrunner, t.leadLeftBookrunnerSource], name).toEqual([[], t.underwriters![0], 'cover']);
    }
  });
  it('a sole underwriter leads; agents have no book; no underwriter, no lead (Southern National; Imunon, NextEra; Acurx)', () => {
    expect(terms('southernNational').terms).toMatchObject({ underwriterRoles: ['bookrunner'], leadLeftBookrunner: 'FIG Partners, LLC', leadLeftBookrunnerSource: 'sole_underwriter' });
    expect(terms('imunon').terms).toMatchObject({ underwriterRoles: ['placement_agent', 'placement_agent'], bookrunners: [], leadLeftBookrunner: null, leadLeftBookrunnerSource: 'agented_offering' });
    expect(terms('nextera').terms.underwriterRoles?.every((r) => r === 'sales_agent')).toBe(true);
    expect(terms('acurx').terms).toMatchObject({ underwriterRoles: null, bookrunners: null, coManagers: null, leadLeftBookrunner: null, leadLeftBookrunnerSource: 'no_underwriters' });
  });
});

describe('what no bundled document shows (constructed, in the usual wording)', () => {
  const cover = (...rows: string[][]) =>
    '<p>Subject to Completion, dated May 1, 2024</p><p>The underwriters expect to deliver the shares on or about , 2024.</p>' +
    rows.map((r) => `<table><tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr></table>`).join('');
  const section = (intro: string, names: string[]) =>
    `<h2>PROSPECTUS SUMMARY</h2><p>We make things.</p><h2>UNDERWRITING</h2><p>${intro}</p><table><tr><td>Underwriter</td><td>Number of Shares</td></tr>` +
    names.map((n) => `<tr><td>${n}</td><td></td></tr>`).join('') + '<tr><td>Total</td><td></td></tr></table>';

  it('a firm named only in the allocation table is another syndicate member; a "Co-Managers" label names co-managers', () => {
    const doc = readProspectus(
      cover(['Joint Book-Running Managers'], ['Jefferies', 'Cowen'], ['Co-Managers'], ['Needham &amp; Company']) +
        section('Each underwriter named below has severally agreed to purchase the shares set forth opposite its name.', ['Jefferies LLC', 'Cowen and Company, LLC', 'Needham &amp; Company, LLC', 'Ladenburg Thalmann &amp; Co. Inc.']),
    );
    expect(coverTiers(makeContext(doc), firms('Jefferies LLC', 'Cowen and Company, LLC', 'Needham & Company, LLC')).map((t) => [t.firms, t.label])).toEqual([
      [[0, 1], 'bookrunner'],
      [[2], 'co_manager'],
    ]);
    const t = extractTerms(doc).terms;
    expect(t.underwriterRoles).toEqual(['bookrunner', 'bookrunner', 'co_manager', 'syndicate_member']);
    expect([t.leadLeftBookrunner, t.leadLeftBookrunnerSource]).toEqual(['Jefferies LLC', 'cover']);
  });
  it('with nothing but the allocation table, its first row is the lead-left and the rest are members', () => {
    const doc = readProspectus(cover() + section('Each underwriter named below has severally agreed to purchase the shares set forth opposite its name.', ['Jefferies LLC', 'Cowen and Company, LLC']));
    const t = extractTerms(doc).terms;
    expect([t.underwriterRoles, t.leadLeftBookrunner, t.leadLeftBookrunnerSource]).toEqual([['bookrunner', 'syndicate_member'], 'Jefferies LLC', 'allocation_table']);
  });
});
