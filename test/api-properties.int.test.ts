import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, exchange, focusesOf, requestFor, startFuzzTarget, type FuzzRequest, type FuzzTarget } from './api-fuzz.kit.ts';
import { fullSampleCopy } from './api-harness.ts';

/** Fixed, so a failure reproduces: fast-check prints the seed and path of the counterexample. */
const SEED = 20_261_124;
/** Requests aimed at each parameter (the rest well-formed), and mixed requests, per endpoint. */
const RUNS_PER_PARAMETER = 30;
const MIXED_RUNS = 100;

/**
 * Properties over every parameter of every endpoint, against the real app on the whole bundled
 * sample (a copy of the run's shared one; see api-fuzz.kit.ts for the requests and the rules every answer obeys). `npm run fuzz`
 * runs the same requests by the ten thousand.
 */
describe('API properties: every answer to any request is one the contract allows', () => {
  let target: FuzzTarget;

  beforeAll(async () => {
    target = await startFuzzTarget(await fullSampleCopy());
  }, 120_000);
  afterAll(async () => {
    await target?.close();
  });

  const judged = (req: FuzzRequest) => exchange(target, req);

  it('has data behind every endpoint and cursors from every list', () => {
    for (const list of ['companies', 'filings', 'news', 'outcomes']) expect(target.vocab.cursors[list]?.length, list).toBeGreaterThan(0);
    expect(target.vocab.tickers.length).toBeGreaterThan(10);
  });

  ENDPOINTS.forEach((endpoint, i) => {
    const focuses = focusesOf(endpoint);
    it(`${endpoint.template}: hostile in each of ${focuses.length} parameters, ${RUNS_PER_PARAMETER} requests each, then ${MIXED_RUNS} mixed`, async () => {
      target.reported.length = 0;
      for (const [j, focus] of focuses.entries()) {
        await fc.assert(fc.asyncProperty(requestFor(endpoint, target.vocab, focus), judged), {
          numRuns: RUNS_PER_PARAMETER,
          seed: SEED + 100 * i + j,
        });
      }
      await fc.assert(fc.asyncProperty(requestFor(endpoint, target.vocab), judged), { numRuns: MIXED_RUNS, seed: SEED + i });
      expect(target.reported).toEqual([]);
    });
  });

  it('answers the requests that once were 500s, or matched everything, with a 400 naming the parameter', async () => {
    target.reported.length = 0;
    const cases: Array<[string, string]> = [
      ['/api/v1/companies?q=%00', 'q'],
      ['/api/v1/companies?q=unicycive%00', 'q'],
      ['/api/v1/companies?company_name=%00', 'company_name'],
      ['/api/v1/companies?name_prefix=a%00', 'name_prefix'],
      ['/api/v1/filings?form_type=S-1%00', 'form_type'],
      ['/api/v1/news?source_name=%0A', 'source_name'],
      ['/api/v1/outcomes?ticker=%7F', 'ticker'],
    ];
    for (const [path, parameter] of cases) {
      const res = await target.api.get(path);
      const body: any = await res.json();
      expect(res.status, path).toBe(400);
      expect(body.error.details, path).toEqual([{ parameter, message: 'must not contain control characters' }]);
    }
    expect(target.reported).toEqual([]);
  });
});
