/**
 * The cover's banks, tier by tier. A US cover ends with the syndicate's managers in rows: the
 * bookrunners on top (lead-left first), the co-managers below, sometimes under labels ("Joint
 * Book-Running Managers", "Sole Book-Running Manager", "Lead Manager", "Co-Managers"). A tier is
 * one table row or one line of the cover that is mostly names of the syndicate's firms; a label
 * names the tiers that follow it, up to the next label.
 */
import type { ExtractContext } from '../extract-context.ts';
import { blocksIn } from '../doc-regions.ts';
import { firmMentions, type FirmWords } from './firm-mentions.ts';

/** What a label says of the tiers under it; `other` for agents' and underwriters' labels, which name no manager role. */
export type TierLabel = 'bookrunner' | 'co_manager' | 'other';

export interface CoverTier {
  /** Indexes of the firms the tier names, left to right. */
  firms: number[];
  label: TierLabel | null;
  text: string;
  block: number;
}

// "Joint Book-Running Managers", "Sole Bookrunner", "Lead Manager", "Co-Managers", "Lead Placement Agent".
const LABEL = /^(?:(?:sole|joint|lead|senior|passive|active|global|co)[\s-]+)*(?:book[\s-]?running(?:\s+lead)?\s+managers?|bookrunners?|(?:lead[\s-]+)?managers?|(?:placement|sales)\s+agents?|underwriters?)\b/i;
// Covers print a bank's parent beside its name ("Keefe, Bruyette & Woods A Stifel Company"), so a
// tier's words need only mostly be the firms' own.
const NAMES_SHARE = 0.5;

export function labelRole(label: string): TierLabel {
  if (/book/i.test(label)) return 'bookrunner';
  if (/manager/i.test(label)) return 'co_manager';
  return 'other';
}

export function coverTiers(ctx: ExtractContext, firms: FirmWords[]): CoverTier[] {
  const tiers: CoverTier[] = [];
  let label: TierLabel | null = null;
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    const rows = b.kind === 'table' ? b.rows : [[b.text]];
    for (const row of rows) {
      const names: string[] = [];
      for (const cell of row) {
        const labelled = LABEL.exec(cell);
        // A label is a short cell of role words; a plain-text line may run on into the names.
        if (labelled && cell.length <= 60 && !/\d/.test(cell)) {
          label = labelRole(labelled[0]);
          const rest = cell.slice(labelled[0].length).trim();
          if (rest) names.push(rest);
        } else names.push(cell);
      }
      const tier = tierOf(names, firms);
      if (tier) tiers.push({ firms: tier, label, text: names.join(' | '), block: i });
    }
  }
  return tiers;
}

/** The firms a row names, when its words are mostly their names; null for prose and rows of no firm. */
function tierOf(cells: string[], firms: FirmWords[]): number[] | null {
  const named: number[] = [];
  let covered = 0;
  let words = 0;
  for (const cell of cells) {
    const found = firmMentions(cell, firms, { brand: true });
    words += found.words;
    for (const m of found.mentions) {
      covered += m.end - m.start;
      if (!named.includes(m.firm)) named.push(m.firm);
    }
  }
  return named.length > 0 && covered >= words * NAMES_SHARE ? named : null;
}
