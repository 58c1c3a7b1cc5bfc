import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser.ts';

/** The opening and first event of a real GET /api/v1/events?after=0 on the bundled sample. */
const SERVED = [
  'retry: 2000\nid: 0\n\n',
  'id: 1\nevent: company\ndata: {"id":1,"type":"company","key":"company:0001795250","cik":"0001795250","ticker":"SPHR"}\n\n',
  ': heartbeat\n\n',
].join('');

describe('SseParser (WHATWG event-stream interpretation)', () => {
  it('reads the service stream: retry, an id-only opening that dispatches nothing, then typed events', () => {
    const parser = new SseParser();
    const messages = parser.push(SERVED);
    expect(parser.retryMs).toBe(2000);
    expect(messages).toEqual([
      { event: 'company', data: '{"id":1,"type":"company","key":"company:0001795250","cik":"0001795250","ticker":"SPHR"}', lastEventId: '1' },
    ]);
    expect(parser.lastEventId).toBe('1');
  });

  it('gives the same messages whatever the chunking, CRLF split between chunks included', () => {
    const text = 'id: 7\r\nevent: priced\r\ndata: a\r\ndata: b\r\n\r\ndata: c\r\rdata:d\n\n';
    const whole = new SseParser().push(text);
    const parser = new SseParser();
    const split = [...text].flatMap((char) => parser.push(char));
    expect(split).toEqual(whole);
    expect(whole).toEqual([
      { event: 'priced', data: 'a\nb', lastEventId: '7' },
      { event: 'message', data: 'c', lastEventId: '7' },
      { event: 'message', data: 'd', lastEventId: '7' },
    ]);
  });

  it('follows the spec on the edges: BOM, fields without colon, one space stripped, NUL ids and bad retry ignored, the unfinished tail dropped', () => {
    const parser = new SseParser();
    const messages = parser.push('\uFEFFdata\n\ndata:  two spaces\nid: a\0b\nretry: 1x\n\nevent: x\ndata: unfinished');
    expect(messages).toEqual([
      { event: 'message', data: '', lastEventId: '' },
      { event: 'message', data: ' two spaces', lastEventId: '' },
    ]);
    expect(parser.retryMs).toBeNull();
  });

  it('an empty id resets the last event id', () => {
    const parser = new SseParser();
    parser.push('id: 5\ndata: x\n\n');
    expect(parser.push('id\ndata: y\n\n')).toEqual([{ event: 'message', data: 'y', lastEventId: '' }]);
  });
});
