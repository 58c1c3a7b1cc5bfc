import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';
import { hasUrlCredentials, shownEndpointText } from './endpoint-url.ts';
import { signatureHeader, verifySignature } from './signature.ts';

const SECRET = 'whsec_test0123456789abcdefghij';
// A real deal event as the stream sends it (Learn CW's pricing, from the demo's change log).
const BODY =
  '{"id":5768,"type":"priced","key":"priced:0001847577:0001140361-21-034373","cik":"0001847577","ticker":"LCW","occurredOn":"2021-10-07","recordedAt":"2026-11-27T06:20:44.445Z","replayed":true,"data":{"dealType":"spac","fileNumber":"333-254820","accessionNumber":"0001140361-21-034373","pricedDate":"2021-10-07","offerPrice":null,"grossProceeds":null,"grossProceedsBasis":null}}';

describe('webhook signatures (t=…,v1=… over "<t>.<body>")', () => {
  it('verifies what it signs, and is the HMAC-SHA256 of the timestamp, a dot and the body', async () => {
    const header = signatureHeader(SECRET, 1_790_000_000, BODY);
    const { createHmac } = await import('node:crypto');
    expect(header).toBe(`t=1790000000,v1=${createHmac('sha256', SECRET).update(`1790000000.${BODY}`).digest('hex')}`);
    expect(verifySignature(header, BODY, SECRET, 1_790_000_100)).toEqual({ ok: true, timestamp: 1_790_000_000 });
  });

  it('refuses another body, another secret, an old timestamp and a malformed header', () => {
    const header = signatureHeader(SECRET, 1_790_000_000, BODY);
    expect(verifySignature(header, BODY.replace('"priced"', '"listed"'), SECRET, 1_790_000_000)).toEqual({ ok: false, reason: 'no signature matches' });
    expect(verifySignature(header, BODY, `${SECRET}x`, 1_790_000_000)).toMatchObject({ ok: false });
    expect(verifySignature(header, BODY, SECRET, 1_790_000_301)).toEqual({ ok: false, reason: 'timestamp outside the 300 s tolerance' });
    expect(verifySignature(undefined, BODY, SECRET, 0)).toMatchObject({ ok: false });
    expect(verifySignature('v1=abc', BODY, SECRET, 0)).toEqual({ ok: false, reason: 'no timestamp' });
    // A rotated secret signs twice: either signature may match.
    const other = signatureHeader('whsec_old', 1_790_000_000, BODY).split(',')[1];
    expect(verifySignature(`${header},${other}`, BODY, 'whsec_old', 1_790_000_000)).toMatchObject({ ok: true });
  });
});

describe('retry backoff', () => {
  it('doubles from 1 s up to the ceiling, jittered between half and all of it', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(n, 300_000, 0.999_999))).toEqual([1_000, 2_000, 4_000, 8_000, 300_000]);
    expect(retryDelayMs(3, 300_000, 0)).toBe(2_000);
    expect(retryDelayMs(1_000, 300_000, 0.5)).toBe(225_000);
  });
});

describe('endpoint URLs as they are shown', () => {
  it('masks every query value and any password, in a URL or a message quoting one, and nothing else', () => {
    expect(shownEndpointText('https://hooks.example/h?token=abc&v=2,3#top')).toBe('https://hooks.example/h?token=****&v=****#top');
    expect(shownEndpointText('https://hooks.example/h?c=x&x')).toBe('https://hooks.example/h?c=****&x');
    expect(shownEndpointText('Request cannot be constructed from a URL that includes credentials: http://user:pass@127.0.0.1:4156/x')).toBe(
      'Request cannot be constructed from a URL that includes credentials: http://user:****@127.0.0.1:4156/x',
    );
    expect(shownEndpointText('https://tok3n@hooks.example/h')).toBe('https://****@hooks.example/h');
    expect(shownEndpointText('https://hooks.example/ipo/3f9a')).toBe('https://hooks.example/ipo/3f9a');
    expect(shownEndpointText('ECONNREFUSED')).toBe('ECONNREFUSED');
    // Masked twice is masked once.
    expect(shownEndpointText(shownEndpointText('http://u:p@h/x?t=1'))).toBe('http://u:****@h/x?t=****');
  });

  it('tells a URL fetch refuses (a user name or a password) from one with a token in its path or query', () => {
    expect(['http://user:pass@h/x', 'http://user@h/x', 'http://:pass@h/x'].map(hasUrlCredentials)).toEqual([true, true, true]);
    expect(['http://h/x?token=abc', 'https://h/abc@def', 'not a url'].map(hasUrlCredentials)).toEqual([false, false, false]);
  });
});
