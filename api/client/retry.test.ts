import { describe, expect, it } from 'vitest';
import { nextCursor } from './client.ts';
import { retryAfterMs } from './retry.ts';

describe('retryAfterMs (RFC 9110 Retry-After)', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('reads delay-seconds and HTTP-dates, and nothing else', () => {
    expect(retryAfterMs('45', now)).toBe(45_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Fri, 27 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 11:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
  });
});

describe('nextCursor (the CSV pages\' Link header)', () => {
  it('takes the cursor of the rel="next" target, as the API writes it', () => {
    const link = '</api/v1/outcomes?limit=2&cursor=WyIyMDI1LTA0LTAyIiwiVi1TWlpMVS0yMDI1LTA0LTAyIiwiU1paTFUiXQ.CoBzIPjQVhxB9dRBr-DdoA>; rel="next"';
    expect(nextCursor(link)).toBe('WyIyMDI1LTA0LTAyIiwiVi1TWlpMVS0yMDI1LTA0LTAyIiwiU1paTFUiXQ.CoBzIPjQVhxB9dRBr-DdoA');
    expect(nextCursor('</api/v1/outcomes?cursor=a>; rel="prev", </api/v1/outcomes?cursor=b>; rel=next')).toBe('b');
    expect(nextCursor(null)).toBeNull();
    expect(nextCursor('</x?cursor=a>; rel="prev"')).toBeNull();
  });
});
