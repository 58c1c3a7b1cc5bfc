import type { ArticleData, ArticleLockup, SourceLink } from './article.types.ts';
import { allDeals, listedIn, type Deal } from './deals.facts.ts';
import { byDateThenName, company, listOr, num, ticker, time } from './html.ts';
import { addDays, type Period } from './period.ts';
import { countByType, withRole } from './period-facts.ts';
import { familyCounted, plural } from './sentences.ts';

/**
 * Lock-ups commonly run 180 days from the prospectus and some run a year (domain.md §4): a lock-up
 * ending in a window may belong to any IPO that began trading in this many days before its end.
 */
export const LOCKUP_LONGEST_DAYS = 365;

/** What the data says about the lock-ups ending in a window, and what it could check. */
export interface LockupFacts {
  window: Period;
  /** Lock-up tranches whose expiry date falls in the window. */
  expiring: ArticleLockup[];
  /** When the IPOs whose lock-up may end in the window began trading: the year before the window's end, up to its start. */
  startedIn: Period;
  /** The IPOs that began trading then: the deals whose lock-up may end in the window. */
  recentIpos: Deal[];
  /** …of them, those whose lock-up expiry dates the data holds. */
  known: Deal[];
}

export function lockupFacts(data: ArticleData, window: Period): LockupFacts {
  const lockups = data.lockups ?? [];
  const dated = new Set(lockups.map((l) => l.cik));
  // Up to the day before the window: a review says nothing of listings after it, and a lock-up runs longer than the window.
  const startedIn = { from: addDays(window.to, -LOCKUP_LONGEST_DAYS), to: addDays(window.from, -1) };
  const recentIpos = withRole(listedIn(allDeals(data), startedIn), 'ipo');
  return {
    window,
    expiring: lockups.filter((l) => l.expiryDate >= window.from && l.expiryDate <= window.to).sort(byDateThenName((l) => l.expiryDate)),
    startedIn,
    recentIpos,
    known: recentIpos.filter((d) => dated.has(d.cik)),
  };
}

/** Why the expiry calendar lists dates an article does not: it assumes what the article only states when a prospectus does. */
const ASSUMED_NOTE =
  'The expiry calendar of the API and its expiry_calendar view give each such IPO the six-month lock-up of market practice, labelled assumed_default; an article states only the expiry dates a prospectus states.';

const SOURCE: SourceLink = { label: "this service's database: the lock-up terms read from final prospectuses and the listings it holds", url: null };

/**
 * The lock-up expiries of a window, and what was checked: a week with no known expiry says whether
 * that is because none ends, or because the data holds no expiry date of the IPOs' lock-ups that might.
 */
export function lockupSection(f: LockupFacts, windowWords: string): string[] {
  const n = (x: number) => num(x, 'int', SOURCE);
  const lines = f.expiring.map(
    (l) =>
      `${time(l.expiryDate)}: ${company(l.companyName, l.cik)}${ticker(l.ticker)}, ${num(l.shares, 'int', l.source, 'an unstated number of')} shares` +
      (l.firstSellableTradingDay ? `, sellable from ${time(l.firstSellableTradingDay)}` : '') +
      '.',
  );
  const unknown = f.recentIpos.length - f.known.length;
  const ipos = `${familyCounted(countByType(f.recentIpos), SOURCE)} that began trading from ${time(f.startedIn.from)} to ${time(f.startedIn.to)}`;
  const span = `${windowWords} (${time(f.window.from)} to ${time(f.window.to)})`;
  const typical = '(a lock-up commonly runs six months, some a year)';
  if (f.recentIpos.length === 0) {
    return listOr(lines, `No lock-up expiry is known for ${span}: none of the lock-ups the data holds ends then, and it holds no IPO that began trading in the year before ${time(f.window.to)}, when a lock-up ending then would have begun.`);
  }
  if (lines.length) {
    const rest = unknown ? `; for the other ${n(unknown)} it holds none, so more may end in ${windowWords}` : '';
    return [...listOr(lines, ''), `<p>The data holds lock-up expiry dates for ${n(f.known.length)} of the ${ipos} ${typical}${rest}.</p>`];
  }
  if (unknown === 0) return [`<p>No lock-up expires in ${span}: the data holds the lock-up expiry dates of all ${ipos} ${typical}, and none ends then.</p>`];
  const held = f.known.length
    ? `holds lock-up expiry dates for ${n(f.known.length)} of the ${ipos} ${typical}, none ending then; for the other ${n(unknown)} it holds none`
    : `holds no lock-up expiry date for any of the ${ipos} ${typical}`;
  return [`<p>No lock-up expiry is known for ${span}. The data ${held}, so whether a lock-up ends then is not known. ${ASSUMED_NOTE}</p>`];
}

/** "2 lock-up expiries ahead", or "no lock-up expiry known ahead (5 recent listings' lock-up expiries not known)". */
export function lockupSummary(f: LockupFacts): string {
  const unknown = f.recentIpos.length - f.known.length;
  const notHeld = unknown ? ` (${plural(unknown, "recent listing's", "recent listings'")} lock-up expiries not known)` : '';
  if (f.expiring.length === 0 && unknown) return `no lock-up expiry known ahead${notHeld}`;
  return `${plural(f.expiring.length, 'lock-up expiry', 'lock-up expiries')} ahead${notHeld}`;
}
