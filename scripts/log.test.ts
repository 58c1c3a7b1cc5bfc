import { describe, expect, it } from 'vitest';
import { createLogger } from './log.ts';

function sink(isTTY = false) {
  const lines: string[] = [];
  return { stream: { isTTY, write: (line: string) => lines.push(line) }, lines };
}

describe('logger', () => {
  it('writes one JSON record per line with level, time, pid, name, the fields and the message, from LOG_LEVEL up', () => {
    const { stream, lines } = sink();
    const worker = createLogger({ level: 'info', format: 'json' }, stream, 'worker');
    worker.debug('not at info');
    worker.info('job completed', { job: 'edgar.submissions', outcome: 'completed', attempt: 1, appended: 3, ms: 12 });
    worker.named('projector').warn('slow batch');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0])).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pid: process.pid,
      name: 'worker',
      job: 'edgar.submissions',
      outcome: 'completed',
      attempt: 1,
      appended: 3,
      ms: 12,
      msg: 'job completed',
    });
    // A named logger carries one name, not its parent's too.
    expect(lines[1].match(/"name"/g)).toHaveLength(1);
    expect(JSON.parse(lines[1])).toMatchObject({ level: 'warn', name: 'projector', msg: 'slow batch' });
  });

  it('writes text for a person on a terminal (auto) or when asked', () => {
    const tty = sink(true);
    createLogger({ level: 'debug', format: 'auto' }, tty.stream, 'scheduler').debug('daily discovery', { date: '2026-11-24', as: 'ipo publish daily', n: 2 });
    expect(tty.lines).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} DEBUG scheduler: daily discovery date=2026-11-24 as="ipo publish daily" n=2\n$/)]);
    const text = sink(false);
    createLogger({ level: 'error', format: 'text' }, text.stream).error('failed');
    expect(text.lines).toEqual([expect.stringMatching(/^\S+ ERROR failed\n$/)]);
    const silent = sink(true);
    createLogger({ level: 'silent', format: 'auto' }, silent.stream).error('nothing');
    expect(silent.lines).toEqual([]);
  });
});
