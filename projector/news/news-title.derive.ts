/**
 * The served `title` of a news item and where it came from (`titleSource`, a flag clients render by).
 *
 * Rule (quotable in the API documentation):
 * - `provider`: the record's own title, whitespace collapsed.
 * - `description`: the record has no title but a description; the description is the headline
 *   (tags stripped, whitespace collapsed). Only the record's own title and description count.
 * - `untitled`: the record has neither, and the headline is unknown. The specification makes `title`
 *   a required string, so it is the empty string: the service never builds a sentence that would
 *   read as the article's headline. What a reader can be shown instead is served beside it, each as
 *   what it is: `sourceName`, `url`, and `urlSlug` (urlSlug below), the publisher's URL words, which
 *   can be stale or misleading (Business Insider's Pinterest slug says "prices ipo" over a
 *   price-range story).
 */
import type { NewsTitleSource } from '../../schema/api/vocabulary.ts';

export interface NewsTitle {
  /** Empty exactly when `source` is `untitled`. */
  title: string;
  source: NewsTitleSource;
}

export function newsTitle(article: { title: string | null; description: string | null }): NewsTitle {
  const title = clean(article.title);
  if (title) return { title, source: 'provider' };
  const description = clean(article.description?.replace(/<[^>]*>/g, ' ') ?? null);
  if (description) return { title: description, source: 'description' };
  return { title: '', source: 'untitled' };
}

/**
 * The words of the URL path's slug, or null when no segment has a letter: the path segment with the
 * most words (as the linker reads it; ties to the later segment, as the slug follows the folders),
 * as written: its file extension (`.html`, `.cms`) and a trailing article id (a run of five or more
 * digits and what follows it, `-113110700059_1`) dropped, `-` and `_` read as spaces, letter case kept.
 */
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
