/**
 * The served `title` of a news item (the API requires a non-empty string).
 *
 * Rule (quotable in the API documentation):
 * - `provider`: the record's own title, whitespace collapsed.
 * - `description`: the record has no title but a description; the description is the headline
 *   (tags stripped, whitespace collapsed). Only the record's own title and description count.
 * - `untitled`: the record has neither. `title` is then a label the service builds, never a
 *   headline: `Untitled article from <source name>; URL slug: "<slug words>"`, or
 *   `Untitled article from <source name>` when the URL path has no slug. A slug is the
 *   publisher's URL text, which can be stale or misleading (Business Insider's Pinterest slug says
 *   "prices ipo" over a price-range story), so it is quoted as such rather than served as a headline.
 *
 * The slug is the URL path segment with the most words (as the linker reads it), as written: its
 * file extension (`.html`, `.cms`) and a trailing article id (a run of five or more digits and what
 * follows it, `-113110700059_1`) dropped, `-` and `_` read as spaces, letter case kept.
 */

export type TitleSource = 'provider' | 'description' | 'untitled';

export interface NewsTitle {
  title: string;
  source: TitleSource;
}

export function newsTitle(article: { title: string | null; description: string | null; url: string; source: { name: string } }): NewsTitle {
  const title = clean(article.title);
  if (title) return { title, source: 'provider' };
  const description = clean(article.description?.replace(/<[^>]*>/g, ' ') ?? null);
  if (description) return { title: description, source: 'description' };
  const sourceName = clean(article.source.name) || hostOf(article.url) || 'unknown source';
  const slug = urlSlug(article.url);
  const label = `Untitled article from ${sourceName}`;
  return { title: slug ? `${label}; URL slug: "${slug}"` : label, source: 'untitled' };
}

/** The words of the URL path's slug (see the rule above), or null when no segment has a word. */
export function urlSlug(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  let best: string[] = [];
  for (const raw of path.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      segment = raw;
    }
    const words = segment
      .replace(/\.[a-z0-9]{1,5}$/i, '')
      .replace(/[-_]\d{5,}(?:[-_]\d+)*$/, '')
      .split(/[-_\s]+/)
      .filter((w) => /[\p{L}\p{N}]/u.test(w));
    // Counted as the linker counts words, ties to the later segment: the slug follows the folders.
    if (words.length > 0 && wordCount(words) >= wordCount(best)) best = words;
  }
  return best.length > 0 && best.some((w) => /\p{L}/u.test(w)) ? best.join(' ') : null;
}

const wordCount = (words: readonly string[]): number => words.join(' ').split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;

function clean(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}
