import type { Exchange } from './exchange.ts';

/** A data response as built: its bytes and the headers that go with them. */
export interface BuiltPage {
  body: Buffer;
  contentType: string;
  /** RFC 8288 `Link` value of a list page with a next page, else null. */
  link: string | null;
}

/**
 * Built responses of the generation served now, by representation tag. A generation is immutable
 * and its tag names the exact bytes (see `RepresentationTagger`), so a kept page is never stale: a
 * new generation drops every page at once. What it saves is the page query and the JSON assembly
 * of a page many clients poll (the calendar's first page, a watched company).
 */
export interface PageCache {
  /** The page kept under `etag` while `generation` is served, if any. */
  get(generation: string, etag: string): BuiltPage | undefined;
  /**
   * Returns `page`, keeping it if this tag was built before in this generation: a URL asked once
   * (a crawl, a fuzzer) never displaces the pages that are asked again and again.
   */
  keep(generation: string, etag: string, page: BuiltPage): BuiltPage;
  /** Bytes held now (what the budget counts). */
  readonly bytes: number;
}

/** Tags remembered as built once; a flood of distinct URLs empties the set, never grows it past this. */
const SEEN_ONCE_LIMIT = 16_384;

/**
 * A page cache holding at most `maxBytes` (0 turns it off). A page is charged the whole memory
 * block its bytes live in, so a small body sharing Node's buffer pool is over-counted, never under.
 * When full, the oldest pages go first: a hit costs one lookup, no reordering.
 */
export function createPageCache(maxBytes: number): PageCache {
  let servedGeneration = '';
  const pages = new Map<string, BuiltPage>();
  const seenOnce = new Set<string>();
  let bytes = 0;
  const cost = (page: BuiltPage) => page.body.buffer.byteLength;

  const follow = (generation: string) => {
    if (generation === servedGeneration) return;
    servedGeneration = generation;
    pages.clear();
    seenOnce.clear();
    bytes = 0;
  };

  return {
    get(generation, etag) {
      return generation === servedGeneration ? pages.get(etag) : undefined;
    },
    keep(generation, etag, page) {
      // No single page may take more than a sixteenth of the budget.
      if (cost(page) * 16 > maxBytes) return page;
      follow(generation);
      if (!seenOnce.delete(etag)) {
        if (seenOnce.size >= SEEN_ONCE_LIMIT) seenOnce.clear();
        seenOnce.add(etag);
        return page;
      }
      for (const [oldest, old] of pages) {
        if (bytes + cost(page) <= maxBytes) break;
        pages.delete(oldest);
        bytes -= cost(old);
      }
      pages.set(etag, page);
      bytes += cost(page);
      return page;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** A 200 with a built page whose validators `answeredFromCache` already set. */
export function sendPage(ctx: Exchange, page: BuiltPage): void {
  ctx.status = 200;
  ctx.set('Content-Type', page.contentType);
  if (page.link !== null) ctx.set('Link', page.link);
  // A Buffer: Koa takes its length instead of encoding a string again.
  ctx.body = page.body;
}
