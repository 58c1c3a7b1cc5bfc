import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describeProgress, formatDuration, linesAbove, startProgress } from './progress.ts';

function capture(tty: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY: tty, columns: 120 });
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString()));
  return { stream, text: () => text };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('progress', () => {
  it('says done/total, the rate and the time left; a total that may grow is marked as a lower bound', () => {
    const days = { unit: 'days' };
    expect(describeProgress({ ...days, done: 0, total: 5, elapsedMs: 0 })).toBe('0/5 days (0%)');
    expect(describeProgress({ ...days, done: 3, total: 5, elapsedMs: 90_000 })).toBe('3/5 days (60%), 2.0 days/min, ETA 1m00s');
    expect(describeProgress({ ...days, done: 250, total: 260, elapsedMs: 3_600_000 })).toBe('250/260 days (96%), 4.2 days/min, ETA 2m24s');
    expect(describeProgress({ unit: 'jobs', done: 12, total: 40, elapsedMs: 6_000, growing: true })).toBe('12/40+ jobs (30%), 2.0 jobs/s, ETA 14s+');
    expect(describeProgress({ unit: 'jobs', done: 40, total: 40, elapsedMs: 20_000, growing: true, finished: true })).toBe('40/40 jobs (100%) in 20s, 2.0 jobs/s');
    // A total that fell behind (events appended meanwhile) is never shown below what is done.
    expect(describeProgress({ unit: 'events', done: 7, total: 5, elapsedMs: 1_000 })).toBe('7/7 events (100%), 7.0 events/s, ETA 0s');
    expect([formatDuration(4_400), formatDuration(61_000), formatDuration(3_725_000)]).toEqual(['4s', '1m01s', '1h02m']);
  });

  it('away from a terminal writes a plain line at the first step, then at most every interval, and a final one', () => {
    let t = 0;
    const log = capture(false);
    const progress = startProgress(log.stream, { label: 'backfill', unit: 'days', total: 3, intervalMs: 10_000, now: () => t });
    t += 5_000;
    progress.update(1);
    t += 5_000;
    progress.update(2, { note: '2020-03-17 done' });
    t += 5_000;
    progress.update(3);
    progress.stop();
    expect(log.text()).toBe(
      'backfill: 1/3 days (33%), 12.0 days/min, ETA 10s\n' +
        'backfill: 3/3 days (100%), 12.0 days/min, ETA 0s; 2020-03-17 done\n' +
        'backfill: 3/3 days (100%) in 15s, 12.0 days/min; 2020-03-17 done\n',
    );
  });

  it('on a terminal draws a bar with done/total, rate and ETA, writes log lines above it, and leaves the final state', async () => {
    let t = 0;
    const term = capture(true);
    const ingest = startProgress(term.stream, { label: 'ingest', unit: 'jobs', total: 4, growing: true, intervalMs: 10_000, now: () => t });
    t = 2_000;
    ingest.update(2, { total: 8, note: '10 events' });
    await until(() => term.text().includes('2/8+ jobs'), 'the bar');
    expect(term.text()).toContain('ingest █████░░░░░░░░░░░░░░░ 2/8+ jobs (25%), 1.0 jobs/s, ETA 6s+; 10 events');
    // A projection inside the ingest run: a second bar under the first.
    const project = startProgress(term.stream, { label: 'project', unit: 'events', total: 100, intervalMs: 10_000, now: () => t });
    linesAbove(term.stream).write('INFO  publish daily-2020-03-18: published\n');
    t = 3_000;
    project.update(100);
    await until(() => term.text().includes('100/100 events'), 'the second bar');
    project.stop();
    t = 4_000;
    ingest.stop({ total: 8 });
    ingest.update(5);
    const text = term.text();
    expect(text).toContain('\x1b[2KINFO  publish daily-2020-03-18: published\n');
    expect(text).toContain('project ████████████████████ 100/100 events (100%) in 1s, 100.0 events/s');
    expect(text.slice(text.lastIndexOf('ingest'))).toMatch(/^ingest █+░+ 2\/8 jobs \(25%\) in 4s, 30\.0 jobs\/min; 10 events/);
    // Nothing more is drawn once stopped.
    expect(text).not.toContain('5/8');
    // Away from the bars, log lines go straight through.
    linesAbove(term.stream).write('after\n');
    expect(term.text().endsWith('after\n')).toBe(true);
  });
});
