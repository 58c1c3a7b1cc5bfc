import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describeProgress, formatDuration, progressReporter } from './progress.ts';

describe('progress', () => {
  it('says done/total, the rate and the time left', () => {
    expect(describeProgress(0, 5, 0, 'days')).toBe('0/5 days (0%)');
    expect(describeProgress(3, 5, 90_000, 'days')).toBe('3/5 days (60%), 2.0 days/min, ETA 1m00s');
    expect(describeProgress(250, 260, 3_600_000, 'days')).toBe('250/260 days (96%), 4.2 days/min, ETA 2m24s');
    expect([formatDuration(4_400), formatDuration(61_000), formatDuration(3_725_000)]).toEqual(['4s', '1m01s', '1h02m']);
  });

  it('rewrites one line on a terminal and writes plain lines now and then elsewhere', () => {
    let t = 0;
    const capture = (tty: boolean) => {
      const stream = Object.assign(new PassThrough(), { isTTY: tty });
      let text = '';
      stream.on('data', (c: Buffer) => (text += c.toString()));
      return { stream, text: () => text };
    };
    const term = capture(true);
    const onTerm = progressReporter(term.stream, { now: () => t });
    onTerm.show('1/3');
    t += 500;
    onTerm.show('2/3');
    onTerm.end();
    expect(term.text()).toBe('\r\x1b[K1/3\r\x1b[K2/3\n');
    const log = capture(false);
    const onLog = progressReporter(log.stream, { now: () => t });
    onLog.show('1/3');
    t += 5_000;
    onLog.show('2/3');
    t += 5_000;
    onLog.show('3/3');
    onLog.end();
    expect(log.text()).toBe('1/3\n3/3\n');
  });
});
