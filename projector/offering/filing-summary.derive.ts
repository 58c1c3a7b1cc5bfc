/**
 * One-sentence `formSummary` of what a filing does (with its key numbers when its document was read)
 * and `changeSummary`: what changed from the previous registration filing of the same deal.
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import type { DealType } from './deal-type.derive.ts';
import { baseForm, DRAFT_FORMS, isAmendment, MEF_FORMS, OPENING_FORMS } from '../common/forms.ts';
import type { FilingFact } from './filing.facts.ts';
import { certifyingExchange } from './exchange-at-listing.derive.ts';

export interface FilingSummaryInput {
  filing: FilingFact;
  companyName: string | null;
  dealKind?: DealType | null;
  /** The deal's 333-/024- number (a draft or MEF filing carries its own). */
  dealFileNumber?: string | null;
  /** Amendment number within the deal (see amendmentNumbers). */
  amendmentNumber?: number | null;
  terms?: ApiTermsExtended | null;
}

const DEAL_NOUN: Partial<Record<DealType, string>> = {
  ipo: 'IPO registration',
  spac: 'SPAC IPO registration',
  direct_listing: 'direct listing registration',
  uplisting: 'uplisting registration',
  follow_on: 'follow-on offering registration',
  resale: 'resale registration',
  reg_a: 'Regulation A offering statement',
  fund: 'fund registration',
  debt: 'debt offering registration',
  business_combination: 'business-combination registration',
};

/**
 * Amendment No. per accession: the n-th amendment of the deal's registration statement (or draft).
 * Counted only from a statement the data holds: an amendment whose original is not among the deal's
 * filings (Pagaya's F-1/As of 2022-10-03, index rows of a statement filed before the data) has a number
 * the data cannot tell, so none.
 */
export function amendmentNumbers(dealFilings: readonly FilingFact[]): Map<string, number> {
  const out = new Map<string, number>();
  const counts = new Map<string, number>();
  const originals = new Set<string>();
  for (const f of dealFilings) {
    const family = DRAFT_FORMS.has(baseForm(f.formType)) ? 'draft' : 'public';
    if (!isAmendment(f.formType)) {
      if (DRAFT_FORMS.has(baseForm(f.formType)) || OPENING_FORMS.has(f.formType)) originals.add(family);
      continue;
    }
    if (!originals.has(family)) continue;
    const n = (counts.get(family) ?? 0) + 1;
    counts.set(family, n);
    out.set(f.accessionNumber, n);
  }
  return out;
}

export function formSummary(input: FilingSummaryInput): string | null {
  const { filing, terms } = input;
  const who = input.companyName ?? 'the issuer';
  const whose = possessive(who);
  const form = filing.formType;
  const base = baseForm(form);
  const noun = (input.dealKind && DEAL_NOUN[input.dealKind]) ?? 'registration statement';
  const number = input.dealFileNumber ?? filing.fileNumber;
  const ref = number ? `${form}, ${number}` : form;
  const t = terms ? termsPhrase(terms) : null;
  const withTerms = (s: string) => endSentence(t ? `${s}: ${t}` : s);

  if (DRAFT_FORMS.has(base)) {
    // A draft keeps its own 377-/367- number; the 333- number only exists once it flips.
    const ref = filing.fileNumber ? `${form}, ${filing.fileNumber}` : form;
    const what = base === 'DOS' ? 'draft Regulation A offering statement' : 'draft registration statement';
    return isAmendment(form)
      ? `Amendment${input.amendmentNumber ? ` No. ${input.amendmentNumber}` : ''} to ${whose} confidential ${what} (${ref}).`
      : `${cap(whose)} confidential ${what} (${ref}), made public when the registration is filed publicly.`;
  }
  if (MEF_FORMS.has(base)) return withTerms(`Rule 462(b) registration adding securities to ${whose} offering at pricing (${ref}), an upsizing`);
  if (OPENING_FORMS.has(base)) {
    if (isAmendment(form)) return withTerms(`Amendment${input.amendmentNumber ? ` No. ${input.amendmentNumber}` : ''} to ${whose} ${noun} (${ref})`);
    return withTerms(`${cap(whose)} ${noun} on Form ${base} (${number ?? 'no file number'})`);
  }
  if (form === 'EFFECT') return `SEC notice that ${whose} registration statement ${number ?? ''} is effective; the offering may now be priced and sold.`.replace(' ;', ';').replace('  ', ' ');
  if (form === 'QUALIF') return `SEC qualification of ${whose} Regulation A offering statement${number ? ` ${number}` : ''}; sales may begin.`;
  if (form === '424B4' || form === '424B1') return withTerms(`Final prospectus for ${whose} ${noun.replace(/ registration$| offering statement$/, '')} (${ref})`);
  if (form === '253G2') return withTerms(`Final offering circular for ${whose} Regulation A offering (${ref})`);
  if (/^424B\d$/.test(form) || form === '424A') return withTerms(`Prospectus (${form}) under ${whose} registration ${number ?? ''}`.trimEnd());
  if (form === 'FWP') return withTerms(`Free writing prospectus for ${whose} offering${number ? ` (${number})` : ''}`);
  if (form.startsWith('8-A12B')) return `Registers ${whose} securities under Exchange Act section 12(b), the step before an exchange listing.`;
  if (/^CERT[A-Z]*$/.test(form)) return `${certifyingExchange(filing) ?? 'Exchange'} certification that ${whose} securities are approved for listing.`;
  if (form === 'RW') return `Request to withdraw ${whose} registration statement${number ? ` ${number}` : ''}: the offering is abandoned.`;
  if (form === 'RW WD') return `Withdraws ${whose} earlier request to withdraw its registration statement${number ? ` ${number}` : ''}.`;
  if (form === 'AW') return `Withdraws one amendment of ${whose} registration statement; the registration itself stays on file.`;
  if (form === '1-A-W') return `Withdraws ${whose} Regulation A offering statement${number ? ` ${number}` : ''}.`;
  if (form === 'DEL AM') return `Delaying amendment keeping ${whose} registration statement from going effective automatically.`;
  if (form === 'POS AM') return `Post-effective amendment to ${whose} registration statement${number ? ` ${number}` : ''}.`;
  if (form === '25-NSE') return `Exchange notice removing ${whose} class of securities from listing.`;
  if (form === '25') return `${cap(whose)} notice removing its class of securities from exchange listing (Form 25).`;
  if (form === '15-12B' || form === '15-12G') {
    return `${cap(whose)} certification ending the registration of its securities under Exchange Act section 12(${form.endsWith('B') ? 'b' : 'g'}).`;
  }
  return null;
}

/** What changed between two readings of the same deal's terms, as short clauses. */
export function termChanges(prev: ApiTermsExtended | null, curr: ApiTermsExtended): string[] {
  const out: string[] = [];
  const p = prev;
  const range = (t: ApiTermsExtended | null) => (t && t.priceRangeLow !== null && t.priceRangeHigh !== null ? `${money(t.priceRangeLow)}–${money(t.priceRangeHigh)}` : null);
  const [pr, cr] = [range(p), range(curr)];
  if (cr && !pr) out.push(`price range set at ${cr}`);
  else if (cr && pr && cr !== pr) out.push(`price range revised from ${pr} to ${cr}`);
  if (curr.offeringPrice !== null && p?.offeringPrice == null) out.push(`offering price set at ${money(curr.offeringPrice)}`);
  else if (curr.offeringPrice !== null && p && p.offeringPrice !== null && p.offeringPrice !== curr.offeringPrice) {
    out.push(`offering price changed from ${money(p.offeringPrice)} to ${money(curr.offeringPrice)}`);
  }
  const [ps, cs] = [p?.totalSharesOffered ?? null, curr.totalSharesOffered];
  if (cs !== null && ps === null) out.push(`${count(cs)} securities offered (first stated)`);
  else if (cs !== null && ps !== null && cs !== ps) {
    const pct = Math.round(((cs - ps) / ps) * 100);
    out.push(`offering ${cs > ps ? 'upsized' : 'downsized'} from ${count(ps)} to ${count(cs)} securities (${pct > 0 ? '+' : ''}${pct}%)`);
  }
  const before = new Set(p?.underwriters ?? []);
  const after = curr.underwriters ?? [];
  const added = after.filter((u) => !before.has(u));
  const removed = [...before].filter((u) => !after.includes(u));
  if (added.length > 0) out.push(`underwriters added: ${added.join(', ')}`);
  if (removed.length > 0 && after.length > 0) out.push(`underwriters removed: ${removed.join(', ')}`);
  if (curr.tickerHint && curr.tickerHint !== (p?.tickerHint ?? null)) out.push(p?.tickerHint ? `ticker changed from ${p.tickerHint} to ${curr.tickerHint}` : `proposed ticker ${curr.tickerHint}`);
  if (curr.exchangeHint && curr.exchangeHint !== (p?.exchangeHint ?? null)) {
    out.push(p?.exchangeHint ? `exchange changed from ${p.exchangeHint} to ${curr.exchangeHint}` : `exchange named: ${curr.exchangeHint}`);
  }
  return out;
}

/**
 * The change from the company's previous registration filing in the same deal; null for the deal's
 * first filing, or when neither document was read (nothing to compare).
 */
export function changeSummary(
  previous: { filing: FilingFact; terms: ApiTermsExtended | null } | null,
  current: { filing: FilingFact; terms: ApiTermsExtended | null },
): string | null {
  if (!previous || !current.terms) return null;
  const changes = termChanges(previous.terms, current.terms);
  const since = `since the ${previous.filing.formType} of ${previous.filing.filingDate}`;
  if (changes.length === 0) return previous.terms ? `No change in the offering terms ${since}.` : null;
  return endSentence(`${cap(changes.join('; '))} ${since}`);
}

function termsPhrase(t: ApiTermsExtended): string | null {
  const unit = unitOf(t);
  const parts: string[] = [];
  const size = t.totalSharesOffered !== null ? `${count(t.totalSharesOffered)} ${unit.plural}` : null;
  let price: string | null = null;
  if (t.offeringPrice !== null) price = `at ${money(t.offeringPrice)} per ${unit.singular}`;
  else if (t.priceRangeLow !== null && t.priceRangeHigh !== null) price = `at ${money(t.priceRangeLow)}–${money(t.priceRangeHigh)} per ${unit.singular}`;
  if (size || price) parts.push([size ?? unit.plural, price].filter(Boolean).join(' '));
  if (t.grossProceeds !== null) parts.push(`about ${millions(t.grossProceeds)} gross`);
  else if (t.grossProceedsEstimate !== null) parts.push(`about ${millions(t.grossProceedsEstimate)} gross at the range midpoint (an estimate)`);
  if (t.exchangeHint || t.tickerHint) parts.push([t.exchangeHint, t.tickerHint ? `as ${t.tickerHint}` : null].filter(Boolean).join(' '));
  const distributors = distributorsPhrase(t);
  if (distributors) parts.push(distributors);
  return parts.length > 0 ? parts.join('; ') : null;
}

/** Who sells the offering: its lead-left bookrunner, or the agents of a best-efforts or at-the-market sale. */
function distributorsPhrase(t: ApiTermsExtended): string | null {
  if (t.leadLeftBookrunner) return `led by ${t.leadLeftBookrunner}`;
  const [first, ...others] = t.underwriters ?? [];
  const role = t.underwriterRoles?.[0];
  if (!first || (role !== 'placement_agent' && role !== 'sales_agent')) return null;
  return `${role === 'placement_agent' ? 'placed' : 'sold'} through ${first}${others.length > 0 ? ' and others' : ''}`;
}

function unitOf(t: ApiTermsExtended): { singular: string; plural: string } {
  const d = `${t.securityDescription ?? ''} ${t.unitDescription ?? ''}`;
  if (/\bunits?\b/i.test(t.securityDescription ?? '') || (t.issuerStructureFlags ?? []).includes('units') && /unit/i.test(d)) return { singular: 'unit', plural: 'units' };
  if (/\bADSs?\b|american depositary/i.test(d)) return { singular: 'ADS', plural: 'ADSs' };
  return { singular: 'share', plural: 'shares' };
}

const money = (v: number): string => `$${v.toFixed(2)}`;
const count = (v: number): string => v.toLocaleString('en-US');
const millions = (v: number): string => (v >= 1e9 ? `$${(v / 1e9).toFixed(2)} billion` : `$${(v / 1e6).toFixed(1)} million`);
/**
 * Closes a sentence with a full stop unless it already ends with one: a clause can end in a name's
 * own abbreviation ("… led by Raymond James & Associates, Inc."), which must not become "Inc..".
 */
export function endSentence(text: string): string {
  return /[.!?]["'”’]?$/.test(text) ? text : `${text}.`;
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const possessive = (name: string): string => (name.endsWith('s') ? `${name}'` : `${name}'s`);
