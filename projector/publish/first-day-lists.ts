import { computed } from './aggregate.ts';
import { num } from './html.ts';

/** This many listings in each of the best and the weakest first-day lists, more only where returns tie at the last place. */
export const RANKED_LIST_MAX = 5;

/**
 * The best and the weakest first days: the two ends of one ranking (best first), split so a listing
 * is in at most one list. With fewer than twice RANKED_LIST_MAX listings, the best take the upper
 * half (the middle one when the count is odd) and the weakest the rest. A listing tied with a list's
 * last place joins that list while it is in no other, so a tie never leaves one of two equal
 * returns out on the order of their tickers.
 */
export function bestAndWeakest<T>(ranked: readonly T[], returnOf: (t: T) => number): { best: T[]; weakest: T[] } {
  const n = ranked.length;
  let bestEnd = Math.min(RANKED_LIST_MAX, Math.ceil(n / 2));
  let weakStart = n - Math.min(RANKED_LIST_MAX, n - bestEnd);
  while (bestEnd < weakStart && returnOf(ranked[bestEnd]) === returnOf(ranked[bestEnd - 1])) bestEnd++;
  while (weakStart > bestEnd && weakStart < n && returnOf(ranked[weakStart - 1]) === returnOf(ranked[weakStart])) weakStart--;
  // Weakest first; tied listings keep the ranking's order.
  return { best: ranked.slice(0, bestEnd), weakest: ranked.slice(weakStart).sort((a, b) => returnOf(a) - returnOf(b)) };
}

/**
 * Says what the lists rank (the listings with a first close, when not all have one) and why a list
 * is shorter or longer than RANKED_LIST_MAX: too few first closes for two full lists, or a tie at a last place.
 */
export function listsNote(n: number, best: number, weakest: number, total: number = n, othersLeftOut = false): string[] {
  const src = computed('first-day lists');
  const notes: string[] = [];
  const apart = othersLeftOut ? ' (SPACs, direct listings and uplistings are not ranked)' : '';
  if (n > 0 && (n < total || othersLeftOut)) {
    notes.push(`Ranked among the ${num(n, 'int', src)} of the quarter's ${num(total, 'int', src)} operating-company IPOs whose first close the data holds${apart}.`);
  }
  if (n > 0 && n < 2 * RANKED_LIST_MAX) {
    notes.push(
      weakest === 0
        ? `Only ${num(n, 'int', src)} listing of this quarter has a first close: it is listed here, and not again among the weakest.`
        : `Only ${num(n, 'int', src)} listings of this quarter have a first close, too few for two lists of ${num(RANKED_LIST_MAX, 'int', src)} ` +
            `without repeating one: the best ${num(best, 'int', src)} are listed here and the weakest ${num(weakest, 'int', src)} below, each once.`,
    );
  }
  if (best > RANKED_LIST_MAX || weakest > RANKED_LIST_MAX) notes.push('Listings whose first-day returns tie at a list\'s last place are all listed.');
  return notes.length ? [`<p>${notes.join(' ')}</p>`] : [];
}
