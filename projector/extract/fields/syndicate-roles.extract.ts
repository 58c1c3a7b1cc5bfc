/**
 * Each distributor's role in the syndicate, and the lead-left bookrunner, read from two places of
 * the document that lists them (underwriters.extract.ts):
 *   - the underwriting section's sentences that name the representatives of the underwriters or the
 *     book-running managers ("X and Y are acting as representatives of the underwriters", "the
 *     underwriters named below, through their representatives X, Y and Z") or the co-managers;
 *   - the cover's bank tiers (cover-tiers.ts): a labelled tier has its label's role; an unlabelled
 *     tier that holds a representative is a tier of bookrunners (the top one when no tier holds
 *     one), and the unlabelled tiers below the last tier of bookrunners are the co-managers.
 * A firm of the allocation table that neither names as a manager is another member of the
 * syndicate; the agents of a best-efforts or at-the-market sale have no book. The lead-left is the
 * first name of the cover's top tier of bookrunners, else the first representative named, else the
 * sole underwriter, else the allocation table's first row (US practice lists the lead-left first).
 */
import type { LeadLeftSource, UnderwriterRole } from '../../../schema/api/vocabulary.ts';
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, sentences } from '../doc-regions.ts';
import { coverTiers, labelRole, type CoverTier } from './cover-tiers.ts';
import { firmMentions, firmWords, nameWords, type FirmWords, type Mention } from './firm-mentions.ts';
import { canonicalBankName, bankKey } from './bank-names.ts';
import { underwritingSection, type Underwriters } from './underwriters.extract.ts';

type ManagerRole = 'bookrunner' | 'co_manager';

export interface SyndicateRoles {
  /** One per firm of `Underwriters.canonical`, in its order. */
  roles: UnderwriterRole[];
  leadLeft: string | null;
  leadLeftSource: LeadLeftSource;
}

/** The evidence each value was read from. */
export interface SyndicateEvidence {
  bookrunners: Evidence | null;
  coManagers: Evidence | null;
  leadLeft: Evidence | null;
}
type Evidence = { text: string; block: number };

export function extractSyndicateRoles(ctx: ExtractContext, distributors: Found<Underwriters>): { value: SyndicateRoles; evidence: SyndicateEvidence } {
  const { canonical, printed, role } = distributors.value;
  if (role !== 'underwriters') {
    const agent: UnderwriterRole = role === 'placement_agents' ? 'placement_agent' : 'sales_agent';
    return { value: { roles: canonical.map(() => agent), leadLeft: null, leadLeftSource: 'agented_offering' }, evidence: { bookrunners: null, coManagers: null, leadLeft: null } };
  }
  // Each printed name's key once, not once per canonical name: a 2000-era syndicate prints 40 banks.
  const printedKeys = printed.map((p) => bankKey(canonicalBankName(p)));
  const firms = canonical.map((name) => {
    const key = bankKey(name);
    return firmWords([...printed.filter((_, j) => printedKeys[j] === key), name]);
  });
  const named = namedManagers(ctx, firms);
  const tiers = coverTiers(ctx, firms);
  const roles: Array<UnderwriterRole | null> = canonical.map((_, i) => named.roles.get(i) ?? null);
  const tierRoles = rolesOfTiers(tiers, named.roles);
  tiers.forEach((tier, t) => {
    const role = tierRoles[t];
    // A cover label is the document's own word on the tier; an unlabelled tier only fills gaps.
    const labelled = tier.label === 'bookrunner' || tier.label === 'co_manager';
    for (const f of tier.firms) if (role !== null && (labelled || roles[f] === null)) roles[f] = role;
  });

  const lead = leadLeftOf(tiers, roles, named, distributors);
  if (lead.firm !== null) roles[lead.firm] = 'bookrunner';
  const bookrunners = named.evidence ?? tierEvidence(tiers, tierRoles, 'bookrunner') ?? lead.evidence;
  return {
    value: { roles: roles.map((r) => r ?? 'syndicate_member'), leadLeft: lead.firm === null ? null : canonical[lead.firm], leadLeftSource: lead.source },
    evidence: { bookrunners, coManagers: tierEvidence(tiers, tierRoles, 'co_manager') ?? named.coEvidence, leadLeft: lead.evidence },
  };
}

/** The lead-left: the cover's first bookrunner, else the first representative, else a sole underwriter, else the table's first row. */
function leadLeftOf(
  tiers: CoverTier[],
  roles: Array<UnderwriterRole | null>,
  named: NamedManagers,
  distributors: Found<Underwriters>,
): { firm: number | null; source: LeadLeftSource; evidence: Evidence | null } {
  const top = tiers.find((tier) => tier.firms.some((f) => roles[f] === 'bookrunner'));
  if (top) return { firm: top.firms.find((f) => roles[f] === 'bookrunner')!, source: 'cover', evidence: { text: top.text, block: top.block } };
  if (named.order.length > 0) return { firm: named.order[0], source: 'representatives', evidence: named.evidence };
  const listed = { text: distributors.text, block: distributors.block };
  if (distributors.value.canonical.length === 1) return { firm: 0, source: 'sole_underwriter', evidence: listed };
  if (distributors.value.source === 'allocation_table') return { firm: 0, source: 'allocation_table', evidence: listed };
  return { firm: null, source: 'not_stated', evidence: null };
}

/**
 * The role of each tier. A label says it; else a tier that holds a representative is one of
 * bookrunners, and when none does the top unlabelled tier is, unless a labelled tier of bookrunners
 * exists; the unlabelled tiers below the last tier of bookrunners are the co-managers'.
 */
function rolesOfTiers(tiers: CoverTier[], named: Map<number, ManagerRole>): Array<ManagerRole | null> {
  const labelled = (t: CoverTier) => (t.label === 'bookrunner' || t.label === 'co_manager' ? t.label : null);
  const roles: Array<ManagerRole | null> = tiers.map((t) => labelled(t) ?? (t.firms.some((f) => named.get(f) === 'bookrunner') ? 'bookrunner' : null));
  if (!roles.includes('bookrunner')) {
    const first = tiers.findIndex((t) => labelled(t) === null);
    if (first >= 0) roles[first] = 'bookrunner';
  }
  const lastBook = roles.lastIndexOf('bookrunner');
  return roles.map((r, t) => r ?? (t < lastBook ? 'bookrunner' : t > lastBook ? 'co_manager' : null));
}

function tierEvidence(tiers: CoverTier[], roles: Array<ManagerRole | null>, role: ManagerRole): Evidence | null {
  const t = roles.indexOf(role);
  return t < 0 ? null : { text: tiers[t].text, block: tiers[t].block };
}

// A role phrase, and how a sentence gives a firm that role: "X and Y are acting as representatives",
// "X is the representative", "with X as representative", "X, as representatives", "through their
// representatives X, Y and Z", "The representatives of the underwriters are X and Y".
const ROLE_WORDS = String.raw`\b(?:representatives?|book[\s-]?running(?:\s+lead)?\s+managers?|bookrunners?|co-?managers?|lead[\s-]+managers?)\b`;
const ROLE = new RegExp(ROLE_WORDS, 'gi');
const HAS_ROLE = new RegExp(ROLE_WORDS, 'i');
const QUALIFIERS = String.raw`(?:(?:joint|sole|lead|senior|co)[\s-]+)*`;
const NAMED_BEFORE = new RegExp(String.raw`(?:\b(?:is|are)\s+(?:acting\s+as\s+)?(?:the\s+)?|\bas\s+(?:the\s+|our\s+)?)${QUALIFIERS}$`, 'i');
const THEIR = new RegExp(String.raw`\b(?:their|its)\s+${QUALIFIERS}$`, 'i');
const SUBJECT = new RegExp(String.raw`^the\s+${QUALIFIERS}$`, 'i');
const SUBJECT_VERB = /^(?:\s+of (?:each of )?the underwriters)?\s+(?:are|is)\b/i;

interface NamedManagers {
  roles: Map<number, ManagerRole>;
  /** Firms named bookrunner, in the order first named. */
  order: number[];
  evidence: Evidence | null;
  coEvidence: Evidence | null;
}

/** The managers the underwriting section's sentences name, by role. */
function namedManagers(ctx: ExtractContext, firms: FirmWords[]): NamedManagers {
  const out: NamedManagers = { roles: new Map(), order: [], evidence: null, coEvidence: null };
  const section = underwritingSection(ctx);
  if (!section) return out;
  for (const [i, b] of blocksIn(ctx.doc, section)) {
    if (b.kind === 'table' || !HAS_ROLE.test(b.text)) continue;
    for (const s of sentences(b.text)) {
      for (const { firm, role } of managersIn(s, firms)) {
        if (out.roles.has(firm)) continue;
        out.roles.set(firm, role);
        if (role === 'bookrunner') {
          out.order.push(firm);
          out.evidence ??= { text: s, block: i };
        } else out.coEvidence ??= { text: s, block: i };
      }
    }
  }
  return out;
}

/** The firms a sentence names as representatives, book-running managers or co-managers, in order. */
export function managersIn(sentence: string, firms: FirmWords[]): Array<{ firm: number; role: ManagerRole }> {
  const { mentions } = firmMentions(sentence, firms);
  const out: Array<{ firm: number; role: ManagerRole }> = [];
  let from = 0;
  for (const m of sentence.matchAll(ROLE)) {
    const before = sentence.slice(0, m.index);
    const at = nameWords(before).length;
    const end = at + nameWords(m[0]).length;
    const role: ManagerRole = labelRole(m[0]) === 'bookrunner' || /represent/i.test(m[0]) ? 'bookrunner' : 'co_manager';
    const predicate = NAMED_BEFORE.exec(before);
    let named: Mention[] = [];
    if (predicate) named = runTo(mentions.filter((x) => x.start >= from), at - nameWords(predicate[0]).length);
    else if (THEIR.test(before)) named = runFrom(mentions, end, 0);
    else if (SUBJECT.test(before) && SUBJECT_VERB.test(sentence.slice(m.index! + m[0].length))) named = runFrom(mentions, end, 4);
    for (const x of named) out.push({ firm: x.firm, role });
    from = end;
  }
  return out;
}

/** The list of firms that ends at word `at` ("X, Y and Z are acting as …"), back to the first word that is no firm's. */
function runTo(mentions: Mention[], at: number): Mention[] {
  const run: Mention[] = [];
  for (let k = mentions.length - 1; k >= 0; k--) {
    const x = mentions[k];
    if (x.end > at) continue;
    if (x.end !== (run.length > 0 ? run[0].start : at)) break;
    run.unshift(x);
  }
  return run;
}

/** The list of firms that starts at most `gap` words after word `at`, up to the first word that is no firm's. */
function runFrom(mentions: Mention[], at: number, gap: number): Mention[] {
  const run: Mention[] = [];
  for (const x of mentions) {
    if (x.start < at) continue;
    if (x.start - (run.length > 0 ? run[run.length - 1].end : at) > (run.length > 0 ? 0 : gap)) break;
    run.push(x);
  }
  return run;
}
