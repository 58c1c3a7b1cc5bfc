import { describe, expect, it } from 'vitest';
import { createPageCache, type BuiltPage } from './page-cache.ts';

/** A page whose bytes own a block of exactly `size` bytes (not a slice of Node's shared pool). */
const page = (size: number, fill = 'x'): BuiltPage => ({ body: Buffer.alloc(size, fill), contentType: 'application/json', link: null });

describe('page cache', () => {
  it('keeps a page from the second time its tag is built, and serves it while the generation lasts', () => {
    const pages = createPageCache(1_000_000);
    const first = page(10_000);
    expect(pages.keep('g1', '"a"', first)).toBe(first);
    expect(pages.get('g1', '"a"')).toBeUndefined();
    const second = page(10_000);
    pages.keep('g1', '"a"', second);
    expect(pages.get('g1', '"a"')).toBe(second);
    expect(pages.bytes).toBe(10_000);
    expect(pages.get('g2', '"a"')).toBeUndefined();
  });

  it('drops every page of the old generation when a new one keeps a page', () => {
    const pages = createPageCache(1_000_000);
    pages.keep('g1', '"a"', page(10_000));
    pages.keep('g1', '"a"', page(10_000));
    pages.keep('g2', '"b"', page(20_000));
    expect(pages.bytes).toBe(0);
    expect(pages.get('g1', '"a"')).toBeUndefined();
    // Seen once in g1 does not count as seen in g2.
    pages.keep('g2', '"a"', page(10_000));
    expect(pages.get('g2', '"a"')).toBeUndefined();
  });

  it('holds at most its budget, letting the oldest pages go first', () => {
    const pages = createPageCache(160_000);
    for (const tag of ['"a"', '"b"', '"c"', '"d"', '"e"']) {
      pages.keep('g', tag, page(10_000));
      pages.keep('g', tag, page(10_000));
    }
    expect(pages.bytes).toBe(50_000);
    for (let i = 0; i < 20; i++) {
      pages.keep('g', `"n${i}"`, page(10_000));
      pages.keep('g', `"n${i}"`, page(10_000));
      expect(pages.bytes).toBeLessThanOrEqual(160_000);
    }
    expect(pages.get('g', '"a"')).toBeUndefined();
    expect(pages.get('g', '"n19"')).toBeDefined();
    expect(pages.bytes).toBe(160_000);
  });

  it('never keeps a page over a sixteenth of the budget, and keeps nothing when turned off', () => {
    const small = createPageCache(160_000);
    small.keep('g', '"big"', page(10_001));
    small.keep('g', '"big"', page(10_001));
    expect(small.get('g', '"big"')).toBeUndefined();
    const off = createPageCache(0);
    off.keep('g', '"a"', page(1));
    off.keep('g', '"a"', page(1));
    expect(off.get('g', '"a"')).toBeUndefined();
    expect(off.bytes).toBe(0);
  });

  it('keeps the pages asked again while a flood of distinct URLs goes by', () => {
    const pages = createPageCache(1_000_000);
    pages.keep('g', '"hot"', page(10_000));
    pages.keep('g', '"hot"', page(10_000));
    // Asked once each: none is kept, and none pushes the hot page out.
    for (let i = 0; i < 100_000; i++) pages.keep('g', `"once-${i}"`, page(100));
    expect(pages.bytes).toBe(10_000);
    expect(pages.get('g', '"hot"')).toBeDefined();
    expect(pages.get('g', '"once-99999"')).toBeUndefined();
  });

  it('charges a small body the whole pooled block it shares', () => {
    const pages = createPageCache(1_000_000);
    const pooled: BuiltPage = { body: Buffer.from('{"data":[]}'), contentType: 'application/json', link: null };
    pages.keep('g', '"p"', pooled);
    pages.keep('g', '"p"', pooled);
    expect(pages.bytes).toBe(pooled.body.buffer.byteLength);
    expect(pages.bytes).toBeGreaterThan(pooled.body.length);
  });
});
