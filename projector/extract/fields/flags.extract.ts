/**
 * The 11 issuer structure flags, each set only from explicit language (a checked box on the
 * facing page, "we are an emerging growth company", "Each Unit consists of …", warrants registered
 * for sale in the facing page's fee table). Absence of language leaves the flag off; nothing is
 * inferred from industry, size or country.
 */
import type { IssuerStructureFlag } from '../../../schema/api/types.ts';
import { ISSUER_STRUCTURE_FLAGS } from '../../../schema/api/types.ts';
import type { ExtractContext, Found } from '../extract-context.ts';
import { frontMatter } from '../extract-context.ts';
import { blocksIn, sentenceAt, type Region } from '../doc-regions.ts';
import type { OfferedNoun } from './shares.extract.ts';
import type { DistributorRole } from './underwriters.extract.ts';

// Checked and unchecked marks as EDGAR renders them: ☒/☐, Wingdings "ý"/"o" and "x"/"¨", and in
// plain-text filings "[X]"/"[_]", "(X)"/"( )" and "/X/"/"/ /".
const CHECKED = '☒☑■✓✔⌧ýþxX';
const CHECKED_MARK = new RegExp(`[${CHECKED}]`);
const MARK_CHARS = `${CHECKED}☐□¨o❑`;
// A glyph is a mark only standing alone ("x" and "o" are marks only as separate tokens).
const MARK = new RegExp(`(?<=^|[\\s(])[${MARK_CHARS}](?=\\s|$|\\()|\\[\\s*[xX✓✔]?_*\\s*\\]|\\((?:\\s+|\\s*[xX]\\s*)\\)|/(?:\\s+|\\s*[xX]\\s*)/`, 'g');

/** The check marks of a text, in order, each with its position and whether it is checked. */
export function checkMarks(text: string): Array<{ at: number; checked: boolean }> {
  return [...text.matchAll(MARK)].map((m) => ({ at: m.index!, checked: CHECKED_MARK.test(m[0]) }));
}

const GRID_LABELS = /large accelerated filer|non-accelerated filer|accelerated filer|smaller reporting company|emerging growth company/gi;
// Sentences and asides that name a grid label without being its box.
const NOT_A_BOX = [
  /\bindicate by check mark whether the registrant is[^.]*\./gi,
  /\bsee (?:the )?definitions? of[^.]*\./gi,
  /\bif an emerging growth company, indicate by check mark[\s\S]*?\bAct\b\.?\s*(?:[☒☑■✓✔⌧ýþ☐□¨❑]|[ox](?=\s|$))?/gi,
  /\(do not check if[^)]*\)/gi,
];

/**
 * State of a check-box label on the facing page: true, false, or null when absent. Each grid
 * label takes its nearest check mark on the side the grid puts its marks ("Smaller reporting
 * company ☒" or "☒ Smaller reporting company"), never one beyond a neighbouring label. The
 * "If an emerging growth company, indicate by check mark …" sentence, the grid's introduction
 * and "(Do not check if …)" asides name labels but are no boxes, so they are blanked first.
 */
export function checkbox(text: string, label: string): boolean | null {
  let t = text;
  for (const re of NOT_A_BOX) t = t.replace(re, (m) => ' '.repeat(m.length));
  const labels = [...t.matchAll(GRID_LABELS)].map((m) => ({ at: m.index!, end: m.index! + m[0].length, name: m[0].toLowerCase() }));
  const marks = checkMarks(t);
  const want = label.toLowerCase();
  for (let k = 0; k < labels.length; k++) {
    const l = labels[k];
    if (l.name !== want) continue;
    const prevEnd = k > 0 ? labels[k - 1].end : -1;
    const nextAt = k + 1 < labels.length ? labels[k + 1].at : t.length;
    const after = marks.find((m) => m.at >= l.end && m.at < nextAt);
    const before = [...marks].reverse().find((m) => m.at < l.at && m.at >= prevEnd);
    const pick = marksFollowLabels(labels, marks) ? after : before;
    if (pick) return pick.checked;
  }
  return null;
}

/** The grid's layout: most labels have a mark before the next label ("label ☐"), or after the previous one ("☐ label"). */
function marksFollowLabels(labels: Array<{ at: number; end: number }>, marks: Array<{ at: number }>): boolean {
  let follow = 0;
  let lead = 0;
  for (let k = 0; k < labels.length; k++) {
    const nextAt = k + 1 < labels.length ? labels[k + 1].at : labels[k].end + 40;
    const prevEnd = k > 0 ? labels[k - 1].end : labels[k].at - 40;
    if (marks.some((m) => m.at >= labels[k].end && m.at < nextAt)) follow++;
    if (marks.some((m) => m.at < labels[k].at && m.at >= prevEnd)) lead++;
  }
  return follow >= lead;
}

const QUOTE = `["“”'‘’]?`;
const EGC_SENTENCE = new RegExp(`\\bwe (?:are|qualify as) (?:also )?an? ${QUOTE}emerging growth company`, 'i');
const SRC_SENTENCE = new RegExp(`\\bwe are (?:also )?a ${QUOTE}smaller reporting company`, 'i');
const FPI_SENTENCE = new RegExp(`\\bwe are (?:also )?a ${QUOTE}foreign private issuer`, 'i');
const CAYMAN = /\bCayman Islands (?:exempted )?holding company|\bholding company (?:incorporated )?in the Cayman Islands/i;
const VIE = /\bvariable interest entit(?:y|ies)\b/i;
const VIE_CONTRACTS = /\bcontractual arrangements\b/i;
const DUAL_CLASS = /\bClass [A-C] (?:common stock|ordinary shares?|common shares?)\b[^.]{0,80}?\b(?:entitled to|has|carries|have) (ten|twenty|fifty|\d{1,3})(?:\s+\(\d+\))? votes\b/i;
// Words every one of the sentence patterns above needs: a block without any is skipped with one
// scan instead of seven (the front matter is most of a prospectus's prose).
const ANY_SENTENCE_FLAG = /emerging growth company|smaller reporting company|foreign private issuer|cayman islands|votes|variable interest entit|contractual arrangements/i;
const SELF_UNDERWRITTEN = /\bself[- ]underwritten\b/i;
const BEST_EFFORTS = /\b(?:reasonable\s+)?best[- ]efforts[”"]?\s+(?:basis|offering)\b/i;
const COVER_WARRANTS = /\bwarrants?\b/i;
// The facing page's fee table lists each class registered: "Warrants to purchase common stock" is a
// class sold; warrants of the underwriters' compensation and shares issuable on exercise are not.
const FEE_TABLE = /securities to be registered|title of each class/i;
const REGISTERED_WARRANTS = /^(?:(?:common|public|series [a-z]|pre-funded|redeemable|class [a-z])\s+)?warrants?\b/i;
const NOT_SOLD_WARRANTS = /underwrit|representative|placement agent|issuable|underlying|upon exercise|purchase option/i;

export interface FlagInputs {
  noun: OfferedNoun | null;
  unitDescription: string | null;
  /** Who distributes the offering, with the sentence that says so. */
  distributor?: { role: DistributorRole; text: string } | null;
}

export function extractFlags(ctx: ExtractContext, inputs: FlagInputs): Found<IssuerStructureFlag[]> & { evidence: Partial<Record<IssuerStructureFlag, string>> } {
  const evidence: Partial<Record<IssuerStructureFlag, string>> = {};
  const set = (flag: IssuerStructureFlag, text: string): void => {
    if (!(flag in evidence)) evidence[flag] = text;
  };
  const front = frontMatter(ctx);
  const facingText = textOf(ctx, ctx.regions.facing);

  if (checkbox(facingText, 'emerging growth company') === true) set('emerging_growth_company', 'Emerging growth company ☒');
  if (checkbox(facingText, 'smaller reporting company') === true) set('smaller_reporting_company', 'Smaller reporting company ☒');
  const sentenceFlags: Array<[IssuerStructureFlag, RegExp]> = [
    ['emerging_growth_company', EGC_SENTENCE],
    ['smaller_reporting_company', SRC_SENTENCE],
    ['foreign_private_issuer', FPI_SENTENCE],
    ['cayman_holding_company', CAYMAN],
    ['dual_class', DUAL_CLASS],
  ];
  let vie: string | null = null;
  let contracts = false;
  for (const [, b] of blocksIn(ctx.doc, front)) {
    if (b.kind === 'table' || !ANY_SENTENCE_FLAG.test(b.text)) continue;
    for (const [flag, re] of sentenceFlags) {
      const m = re.exec(b.text);
      if (m && !(flag in evidence) && !/\bif\s+$/i.test(b.text.slice(Math.max(0, m.index - 4), m.index))) {
        if (flag === 'dual_class' && !moreThanOneVote(m[1])) continue;
        set(flag, sentenceAt(b.text, m.index));
      }
    }
    const v = VIE.exec(b.text);
    if (v && !vie) vie = sentenceAt(b.text, v.index);
    if (VIE_CONTRACTS.test(b.text)) contracts = true;
  }
  if (vie && contracts) set('vie_structure', vie);

  if (inputs.noun === 'ads') set('adr', 'American Depositary Shares offered');
  if (inputs.noun === 'units' || inputs.unitDescription) set('units', inputs.unitDescription ?? 'Units offered');
  if (inputs.unitDescription && COVER_WARRANTS.test(inputs.unitDescription)) set('warrants', inputs.unitDescription);
  const feeRow = registeredWarrants(ctx);
  if (feeRow) set('warrants', feeRow);
  for (const [, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    // A title line such as "Common Stock and Warrants" names the securities sold.
    if (b.kind !== 'table' && b.text.length <= 60 && COVER_WARRANTS.test(b.text) && !/exercise|issuable|underlying/i.test(b.text)) set('warrants', b.text);
    if (b.kind === 'table') continue;
    const su = SELF_UNDERWRITTEN.exec(b.text);
    if (su) set('self_underwritten', sentenceAt(b.text, su.index));
    const be = BEST_EFFORTS.exec(b.text);
    if (be) set('best_efforts', sentenceAt(b.text, be.index));
  }
  // Placement agents buy nothing: they place the securities on a (reasonable) best-efforts basis.
  if (inputs.distributor?.role === 'placement_agents') set('best_efforts', inputs.distributor.text);
  const flags = ISSUER_STRUCTURE_FLAGS.filter((f) => f in evidence);
  return {
    value: flags,
    text: flags.map((f) => evidence[f]).join(' | '),
    block: ctx.regions.cover.start,
    evidence,
  };
}

function moreThanOneVote(word: string): boolean {
  const n = /^\d+$/.test(word) ? Number(word) : ({ ten: 10, twenty: 20, fifty: 50 } as Record<string, number>)[word.toLowerCase()];
  return (n ?? 0) > 1;
}

/** The fee-table row of the facing page that registers warrants for sale, if any. */
export function registeredWarrants(ctx: ExtractContext): string | null {
  for (const [, b] of blocksIn(ctx.doc, ctx.regions.facing)) {
    if (b.kind !== 'table' || !FEE_TABLE.test(b.text)) continue;
    const row = b.rows.find((r) => REGISTERED_WARRANTS.test(r[0] ?? '') && !NOT_SOLD_WARRANTS.test(r[0]));
    if (row) return row[0];
  }
  return null;
}

function textOf(ctx: ExtractContext, region: Region): string {
  const parts: string[] = [];
  for (const [, b] of blocksIn(ctx.doc, region)) parts.push(b.text);
  return parts.join('\n');
}
