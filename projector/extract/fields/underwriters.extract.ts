/**
 * Underwriters, lead first. Whoever distributes the offering for the issuer counts: the firms of
 * the allocation table of the "Underwriting" section (representatives first); else the placement
 * agents of a best-efforts deal or the sales agents of an at-the-market program, named in the
 * sentence that engages them ("we have engaged X as placement agent", "X has agreed to act as our
 * exclusive placement agent"); else a sole underwriter the section names in a sentence ("the
 * underwriter, X,"); else the bank names printed at the foot of the cover. The printed
 * names are kept; `value` holds one canonical name per bank (see bank-names.ts).
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, findSection, sentences, type Region } from '../doc-regions.ts';
import { canonicalUnderwriters } from './bank-names.ts';

export type DistributorRole = 'underwriters' | 'placement_agents' | 'sales_agents';

/** Where the list was read: the allocation table, a sentence that names the firms, or the cover's foot. */
export type DistributorSource = 'allocation_table' | 'sentence' | 'cover';

export interface Underwriters {
  canonical: string[];
  printed: string[];
  role: DistributorRole;
  source: DistributorSource;
}

const SECTION = /^(?:underwriting|underwriters|plan of distribution)(?:\s*\(conflicts? of interest\))?$/i;
const NAME_HEADER = /^(?:underwriters?|name|underwriter name|placement agents?|sales agents?)$/i;
const COUNT_HEADER = /number of (?:shares|units|ADSs|american depositary)/i;
const BANK_WORD = /\b(?:LLC|L\.L\.C\.|Inc\.?|Incorporated|& Co\.?|Securities|Capital|Partners|Markets|Sachs|Morgan|Company|Group|Bank|Benchmark|Hutton|Jaffray|Sandler|James|Cowen|Stanley|Lynch|Barclays|Citigroup|Jefferies|Blair|Stifel|Keefe|Roth|Maxim|Aegis|ThinkEquity|Wainwright|Genuity|Allen|JMP|Hallum|Piper|Raymond)\b/i;

// "… through A LLC, B, Inc. and C Securities, LLC as agents", "we have engaged A LLC, as lead
// placement agent, and B, a division of C, LLC, as co-placement agent", "a sales agreement with
// Cantor Fitzgerald & Co., or Cantor, …": the firms named in a run after the engaging word.
const AGENT_ROLE = /\b(?:as|act as)\s+(?:our\s+|a\s+|the\s+|its\s+)?(?:exclusive\s+|sole\s+|lead\s+|co-)?(?:sales\s+|placement\s+)?agents?\b/i;
const AGENT_CONTEXT = /\b(?:sales|placement|distribution) agen(?:ts?|cy)\b|\bequity distribution agreement\b|\bsales agreement\b|\bat[- ]the[- ]market\b/i;
// An agent of an earlier private placement is no distributor of this offering.
const OTHER_DEAL = /\bprivate placement\b|\bprior offering\b|\bpreviously\b/i;
const ENGAGING = /\b(?:through|engaged|retained|appointed|with)\s+(?:or to\s+)?/gi;
const SUFFIX = String.raw`(?:LLC|L\.L\.C\.|Inc\.|Incorporated|Corporation|Corp\.|Ltd\.|Limited|plc|N\.A\.|L\.P\.|& Co\.(?:,?\s*(?:LLC|Inc\.))?)`;
const NAME_WORD = String.raw`(?:[A-Z][A-Za-z.'’\-/]*|\([A-Z]{2,4}\)|&|of|and)`;
// Legal names may carry commas of their own ("Merrill Lynch, Pierce, Fenner & Smith Incorporated");
// the lazy match ends at the first legal suffix, so a list splits between firms.
const FIRM = new RegExp(
  String.raw`[A-Z][A-Za-z.'’\-/]*(?:\s+${NAME_WORD})*?,\s+a division of\s+[A-Z][A-Za-z.'’\-]*(?:\s+${NAME_WORD})*?,?\s+${SUFFIX}` +
    String.raw`|[A-Z][A-Za-z.'’\-/]*(?:,?\s+${NAME_WORD})*?,?\s+${SUFFIX}`,
  'y',
);
// Between two firms of one list: commas, "and", and each firm's role ("as lead placement agent").
const BETWEEN_FIRMS = /^[\s,]*(?:(?:to\s+)?(?:act\s+)?as (?:our |a |the |its )?[\w\s-]{0,30}?agents?[\s,]*)?(?:(?:and|or)\s+)?$/i;
// Defined terms and appositions after a name: "(“BNY”)", "(collectively, the “Placement Agents”)", ", or Cantor,".
const DEFINED_TERM = /\s*\([^()]*[“"][^()]*\)|,\s+or\s+(?:the\s+)?(?:[“"][^”"]{1,40}[”"]|[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*){0,3})(?=,)/g;

/** The "Underwriting" (or "Plan of Distribution") section after the cover. */
export function underwritingSection(ctx: ExtractContext): Region | null {
  return findSection(ctx.doc, SECTION, ctx.regions.cover.end);
}

export function extractUnderwriters(ctx: ExtractContext): Found<Underwriters> | null {
  const section = underwritingSection(ctx);
  const table = section ? allocationTable(ctx, section) : null;
  if (table) return table;
  return (
    namingSentence(ctx, ctx.regions.cover, agentsNamedIn) ??
    (section ? namingSentence(ctx, section, agentsNamedIn) ?? namingSentence(ctx, section, underwriterNamedIn) : null) ??
    coverBanks(ctx)
  );
}

function found(printed: string[], role: DistributorRole, source: DistributorSource, text: string, block: number): Found<Underwriters> {
  const unique = [...new Set(printed.map((p) => p.replace(/\s+/g, ' ').trim()))];
  return { value: { canonical: canonicalUnderwriters(unique), printed: unique, role, source }, text, block };
}

function allocationTable(ctx: ExtractContext, section: Region): Found<Underwriters> | null {
  for (const [i, b] of blocksIn(ctx.doc, section)) {
    if (b.kind !== 'table' || b.rows.length < 2) continue;
    // A plain-text table may set its head over two rows ("Number of" above "Underwriter  Shares").
    const at = b.rows.slice(0, 3).findIndex((r) => NAME_HEADER.test(r[0] ?? '') || COUNT_HEADER.test(r.join(' ')));
    if (at < 0) continue;
    const header = b.rows[at];
    const names = b.rows
      .slice(at + 1)
      .map((r) => r[0])
      .filter((n) => n && !/^total\b/i.test(n) && !/^\$?[\d,.]+$/.test(n) && /[A-Za-z]{2}/.test(n));
    const role: DistributorRole = /placement/i.test(header[0] ?? '') ? 'placement_agents' : /sales agent/i.test(header[0] ?? '') ? 'sales_agents' : 'underwriters';
    if (names.length > 0) return found(names, role, 'allocation_table', b.rows.map((r) => r[0]).join(' | '), i);
  }
  return null;
}

/** The firms a sentence engages "as agents" / "as placement agent", in the order named. */
export function agentsNamedIn(sentence: string): { names: string[]; role: DistributorRole } | null {
  const s = sentence.replace(DEFINED_TERM, '');
  const role = AGENT_ROLE.exec(s);
  if ((!role && !AGENT_CONTEXT.test(s)) || OTHER_DEAL.test(s)) return null;
  const agents: DistributorRole = /placement/i.test(s) ? 'placement_agents' : 'sales_agents';
  for (const m of s.matchAll(ENGAGING)) {
    // With a role phrase, the list of firms precedes it.
    if (role && m.index! > role.index) break;
    const names = firmRun(s, m.index! + m[0].length);
    if (names.length > 0) return { names, role: agents };
  }
  // "Maxim Group LLC has agreed to act as our exclusive placement agent": the firm is the subject.
  const names = role ? firstFirmsBefore(s, role.index) : [];
  return names.length > 0 ? { names, role: agents } : null;
}

// "We, and the underwriter, FIG Partners, LLC, have entered into an underwriting agreement";
// "X is acting as sole underwriter" / "as the representative of the underwriters".
const UNDERWRITER_APPOSITION = /\bthe (?:sole |lead )?underwriters?,\s+/gi;
const UNDERWRITER_ROLE = /\b(?:is|are) acting as (?:the )?(?:sole |lead )?(?:underwriters?|representatives?(?: of the underwriters)?|book-running managers?)\b/i;

/** The underwriters a sentence names when the section has no allocation table. */
export function underwriterNamedIn(sentence: string): { names: string[]; role: DistributorRole } | null {
  const s = sentence.replace(DEFINED_TERM, '');
  for (const m of s.matchAll(UNDERWRITER_APPOSITION)) {
    const names = firmRun(s, m.index! + m[0].length);
    if (names.length > 0) return { names, role: 'underwriters' };
  }
  const role = UNDERWRITER_ROLE.exec(s);
  const names = role ? firstFirmsBefore(s, role.index) : [];
  return names.length > 0 ? { names, role: 'underwriters' } : null;
}

/** The run of firms that starts at the first capital where a firm name begins and ends before `limit`. */
function firstFirmsBefore(s: string, limit: number): string[] {
  for (let k = 0; k < limit; k++) {
    if (!/[A-Z]/.test(s[k]) || (k > 0 && /[A-Za-z]/.test(s[k - 1]))) continue;
    FIRM.lastIndex = k;
    const m = FIRM.exec(s);
    if (m && m.index + m[0].length <= limit) return firmRun(s, k).filter((n) => s.indexOf(n, k) < limit);
  }
  return [];
}

function firmRun(s: string, from: number): string[] {
  const names: string[] = [];
  let at = from;
  for (;;) {
    FIRM.lastIndex = at;
    const m = FIRM.exec(s);
    if (!m) break;
    names.push(m[0].trim());
    at = m.index + m[0].length;
    // The next firm starts at a capital after nothing but separators and role words.
    let next = -1;
    for (let k = at; k < Math.min(s.length, at + 80); k++) {
      if (!/[A-Z]/.test(s[k]) || !BETWEEN_FIRMS.test(s.slice(at, k))) continue;
      FIRM.lastIndex = k;
      if (FIRM.test(s)) {
        next = k;
        break;
      }
    }
    if (next < 0) break;
    at = next;
  }
  return names;
}

type Naming = (sentence: string) => { names: string[]; role: DistributorRole } | null;

function namingSentence(ctx: ExtractContext, region: Region, naming: Naming): Found<Underwriters> | null {
  for (const [i, b] of blocksIn(ctx.doc, region)) {
    if (b.kind === 'table' || !/\bagen(?:ts?|cy)\b|\bagreement\b|\bat[- ]the[- ]market\b|\bunderwriters?\b/i.test(b.text)) continue;
    for (const s of sentences(b.text)) {
      const named = naming(s);
      if (named) return found(named.names, named.role, 'sentence', s, i);
    }
  }
  return null;
}

// The cover ends with the banks' names, after "The underwriters expect to deliver the shares…" or
// "Delivery of the securities is expected to be made on or about …".
const DELIVERY = /\bexpects? to deliver\b|\bdelivery of the [^.]{0,60}\bexpected\b/i;

function coverBanks(ctx: ExtractContext): Found<Underwriters> | null {
  let after = false;
  const names: string[] = [];
  let first = -1;
  let role: DistributorRole = 'underwriters';
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (/\bplacement agents?\b/i.test(b.text)) role = 'placement_agents';
    else if (/\bsales agents?\b/i.test(b.text) && role === 'underwriters') role = 'sales_agents';
    if (DELIVERY.test(b.text)) {
      after = true;
      continue;
    }
    if (!after) continue;
    if (/^the date of this prospectus|^prospectus(?: supplement)? dated/i.test(b.text)) break;
    const cells = b.kind === 'table' ? b.rows.flat() : [b.text];
    for (const c of cells) {
      if (c.length <= 70 && !/\d{2}/.test(c) && BANK_WORD.test(c) && !/manager|underwriter|\bagents?\b/i.test(c)) {
        names.push(c);
        if (first < 0) first = i;
      }
    }
  }
  return names.length > 0 ? found(names, role, 'cover', names.join(' | '), first) : null;
}
