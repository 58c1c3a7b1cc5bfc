import { describe, expect, it } from 'vitest';
import { canonicalQuery, createRepresentationTagger, nextLink, pageUrl } from './representation.ts';

describe('canonical query', () => {
  it('sorts names, joins lists with literal commas, leaves out the cursor and encodes every value', () => {
    const query = Object.freeze({ q: 'Acme & Co/é', limit: 5, include: ['latest_terms', 'consensus'], cursor: 'abc.def' });
    expect(canonicalQuery(query)).toBe('include=latest_terms,consensus&limit=5&q=Acme%20%26%20Co%2F%C3%A9');
    expect(canonicalQuery({})).toBe('');
  });

  it('never throws on a lone surrogate', () => {
    expect(canonicalQuery({ q: 'a\uD800b' })).toBe('q=a%EF%BF%BDb');
  });

  it('builds page URLs and RFC 8288 next links', () => {
    expect(pageUrl('/api/v1/filings', { cik: '0001158114' }, undefined)).toBe('/api/v1/filings?cik=0001158114');
    expect(pageUrl('/api/v1/filings', {}, 'k.s')).toBe('/api/v1/filings?cursor=k.s');
    expect(nextLink('/api/v1/news', { limit: 2, cursor: 'old.x' }, 'new.y')).toBe('</api/v1/news?limit=2&cursor=new.y>; rel="next"');
  });
});

describe('representation tags', () => {
  const tag = createRepresentationTagger('secret-0123456789abcdef', 'shapes-1');

  it('are strong ETags, the same for the same generation and request in any tagger with the same secret and shapes', () => {
    const etag = tag('read-1.db/core=10;2026-01-01', '/api/v1/companies?limit=5');
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(createRepresentationTagger('secret-0123456789abcdef', 'shapes-1')('read-1.db/core=10;2026-01-01', '/api/v1/companies?limit=5')).toBe(etag);
  });

  it('change with the generation, the request, the cursor secret and the response shapes', () => {
    const etag = tag('read-1.db/core=10;', '/api/v1/companies?limit=5');
    const others = [
      tag('read-1.db/core=11;', '/api/v1/companies?limit=5'),
      tag('read-2.db/core=10;', '/api/v1/companies?limit=5'),
      tag('read-1.db/core=10;', '/api/v1/companies?limit=6'),
      createRepresentationTagger('another-secret-0123456789', 'shapes-1')('read-1.db/core=10;', '/api/v1/companies?limit=5'),
      createRepresentationTagger('secret-0123456789abcdef', 'shapes-2')('read-1.db/core=10;', '/api/v1/companies?limit=5'),
    ];
    expect(new Set([etag, ...others]).size).toBe(others.length + 1);
  });

  it('are the same when asked again, across a change of generation and back', () => {
    const first = tag('read-1.db/core=10;', '/api/v1/companies?limit=5');
    const next = tag('read-1.db/core=11;', '/api/v1/companies?limit=5');
    expect(tag('read-1.db/core=10;', '/api/v1/companies?limit=5')).toBe(first);
    expect(tag('read-1.db/core=11;', '/api/v1/companies?limit=5')).toBe(next);
    expect(next).not.toBe(first);
  });
});
