/**
 * Lock-up terms as the prospectus states them (domain.md §4): each distinct restricted period
 * ("180 days after the date of this prospectus", "six months after the closing of this offering"),
 * the locked share count where a sentence ties one to that period, and the early-release and
 * extension conditions, quoted. References to an earlier offering's lock-up ("in connection with our
 * initial public offering") and Rule 701 holding periods are not this offering's lock-up.
 */
import type { ProspectusDoc } from './prospectus-reader.ts';
import { sentences } from './doc-regions.ts';
import { parseCount, wordsToNumber } from './text-numbers.ts';

export type LockupBasis = 'prospectus_date' | 'closing' | 'commencement_of_sales' | 'other';

export interface LockupTrancheText {
  days: number | null;
  months: number | null;
  basis: LockupBasis;
  shares: number | null;
  /** The sentence that states the period. */
  text: string;
  block: number;
}

export interface LockupExtraction {
  tranches: LockupTrancheText[];
  earlyReleaseConditions: string[];
}

const LOCKUP_CONTEXT = /lock-?up|market stand-?off|without the (?:prior )?(?:written )?(?:consent|permission|approval) of|not to (?:offer|sell|directly or indirectly)/i;
const NUMBER_WORDS = '(?:one hundred (?:and )?)?(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-)?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)';
const PERIOD = new RegExp(String.raw`\b(\d{1,3}|${NUMBER_WORDS})(?:\s*\(\d{1,3}\))?[- ](days?|months?)\s+(?:after|from|following|commencing on|beginning on)\s+(?:and including\s+)?(?:the\s+)?([^,;]{0,60})`, 'i');
const NOT_THIS_OFFERING = /\bour initial public offering\b|\bRule 701\b|\bprior offering\b/i;
// Conditions, not commentary: who may release or waive, extensions, staged or earlier releases.
const RELEASE = /\bmay\b[^.]{0,120}\b(?:release|waive)|\bextensions?\b|\bextended\b|\bearlier of\b|\bwill be released\b|\bearly release (?:of|provision)/i;
const RISK_COMMENTARY = /\bcould (?:cause|adversely|harm)\b|\bperception\b/i;
const SHARES_AT_EXPIRY = new RegExp(
  String.raw`(?:approximately\s+)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?(?:\s+(?:million|thousand))?)\s+shares[^.]{0,200}?expiration of (?:the\s+)?(\d{1,3})-day lock-?up`,
  'i',
);

export function extractLockup(doc: ProspectusDoc): LockupExtraction {
  const tranches: LockupTrancheText[] = [];
  const release: string[] = [];
  const shares = new Map<number, number>();
  doc.blocks.forEach((block, index) => {
    if (block.kind === 'heading') return;
    for (const sentence of sentences(block.text)) {
      if (NOT_THIS_OFFERING.test(sentence)) continue;
      const sized = SHARES_AT_EXPIRY.exec(sentence);
      if (sized && /this offering/i.test(sentence)) {
        const count = parseCount(sized[1]);
        if (count !== null && !shares.has(Number(sized[2]))) shares.set(Number(sized[2]), count);
      }
      if (!LOCKUP_CONTEXT.test(sentence)) continue;
      if (/lock-?up/i.test(sentence) && RELEASE.test(sentence) && !RISK_COMMENTARY.test(sentence) && !release.includes(sentence)) release.push(sentence);
      const period = PERIOD.exec(sentence);
      if (!period) continue;
      const amount = /^\d+$/.test(period[1]) ? Number(period[1]) : wordsToNumber(period[1]);
      if (amount === null || amount <= 0) continue;
      const unit = period[2].toLowerCase().startsWith('day') ? 'days' : 'months';
      const tranche: LockupTrancheText = {
        days: unit === 'days' ? amount : null,
        months: unit === 'months' ? amount : null,
        basis: basisOf(period[3]),
        shares: null,
        text: sentence,
        block: index,
      };
      if (!tranches.some((t) => t.days === tranche.days && t.months === tranche.months && t.basis === tranche.basis)) tranches.push(tranche);
    }
  });
  for (const t of tranches) if (t.days !== null) t.shares = shares.get(t.days) ?? null;
  return { tranches, earlyReleaseConditions: release };
}

function basisOf(anchor: string): LockupBasis {
  if (/date of (?:this|the final|the) prospectus/i.test(anchor)) return 'prospectus_date';
  if (/closing/i.test(anchor)) return 'closing';
  if (/commencement of sales/i.test(anchor)) return 'commencement_of_sales';
  return 'other';
}
