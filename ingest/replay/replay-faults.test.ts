import { describe, expect, it } from 'vitest';
import { faultPlan, parseReplayFault } from './replay-faults.ts';

describe('parseReplayFault', () => {
  it('reads the command-line form', () => {
    expect(parseReplayFault('status=503,every=3,host=data,path=/submissions/')).toEqual({ status: 503, every: 3, host: 'data', path: '/submissions/' });
    expect(parseReplayFault('status=429,retry-after=2,times=4')).toEqual({ status: 429, retryAfterSeconds: 2, times: 4 });
    expect(parseReplayFault('delay=1500,path=.htm')).toEqual({ delayMs: 1500, path: '.htm' });
  });

  it('names what is wrong in one line', () => {
    expect(() => parseReplayFault('every=2')).toThrow('needs a status or a delay');
    expect(() => parseReplayFault('status=200')).toThrow('fault status must be 400 to 599, got 200');
    expect(() => parseReplayFault('status=503,often=2')).toThrow('unknown fault key "often"');
    expect(() => parseReplayFault('status=abc')).toThrow('needs a whole number, got "abc"');
    expect(() => parseReplayFault('status=503,every=0')).toThrow('"every" must be at least 1');
    expect(() => parseReplayFault('status=503,host=')).toThrow('needs a value');
  });
});

describe('faultPlan', () => {
  it('fires on every Nth matching request, at most `times`, and counts each rule on its own', () => {
    const fire = faultPlan([
      { host: 'data', path: '/submissions/', status: 503, every: 2, times: 2 },
      { host: 'www', status: 403, times: 1 },
    ]);
    const statuses = [
      ['data', '/submissions/a.json'],
      ['www', '/x'],
      ['data', '/submissions/b.json'],
      ['data', '/api/xbrl/c.json'],
      ['www', '/y'],
      ['data', '/submissions/c.json'],
      ['data', '/submissions/d.json'],
      ['data', '/submissions/e.json'],
      ['data', '/submissions/f.json'],
    ].map(([host, path]) => fire(host, path)?.status ?? 200);
    expect(statuses).toEqual([200, 403, 503, 200, 200, 200, 503, 200, 200]);
  });

  it('gives a delay with the recording when no status is named', () => {
    expect(faultPlan([{ delayMs: 250 }])('www', '/a')).toEqual({ status: null, retryAfterSeconds: null, delayMs: 250 });
    expect(faultPlan([])('www', '/a')).toBeNull();
  });
});
