/**
 * `npm run fuzz [-- --requests N --seed S]`: the property tests' hostile requests by the ten
 * thousand, against the real app on the whole bundled sample, projected the way the integration
 * tests project it. Prints the request count, the status histogram per endpoint and every rule
 * broken (at most 20 in full); exits 1 when any rule was broken or the app reported an error.
 */
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { ENDPOINTS, exchange, focusesOf, requestFor, startFuzzTarget, type FuzzRequest } from './api-fuzz.kit.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '12000' }, seed: { type: 'string', default: '20261124' }, concurrency: { type: 'string', default: '4' } },
});
const total = Number(values.requests);
const seed = Number(values.seed);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(total) || total < 1 || !Number.isInteger(seed) || !Number.isInteger(concurrency) || concurrency < 1) {
  process.stderr.write('usage: npm run fuzz -- [--requests N] [--seed S] [--concurrency C]\n');
  process.exit(2);
}

const started = Date.now();
const target = await startFuzzTarget();
const { vocab, reported } = target;
try {
  process.stdout.write(`sample projected and served in ${((Date.now() - started) / 1000).toFixed(1)} s; seed ${seed}\n`);

  const histogram = new Map<string, Map<number, number>>();
  const violations: string[] = [];
  let sent = 0;
  const fuzzStarted = Date.now();
  const perEndpoint = Math.ceil(total / ENDPOINTS.length);
  for (const [i, endpoint] of ENDPOINTS.entries()) {
    // Half aimed at one parameter at a time (the rest well-formed), half mixed.
    const focuses = focusesOf(endpoint);
    const perFocus = Math.ceil(perEndpoint / 2 / focuses.length);
    const requests: FuzzRequest[] = [
      ...focuses.flatMap((focus, j) => fc.sample(requestFor(endpoint, vocab, focus), { numRuns: perFocus, seed: seed + 100 * i + j })),
      ...fc.sample(requestFor(endpoint, vocab), { numRuns: Math.max(0, perEndpoint - perFocus * focuses.length), seed: seed + i }),
    ];
    const counts = new Map<number, number>();
    histogram.set(endpoint.template, counts);
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const req = requests[next++];
        try {
          await exchange(target, req, (status) => counts.set(status, (counts.get(status) ?? 0) + 1));
        } catch (error) {
          violations.push((error as Error).message);
        }
        sent++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  const seconds = (Date.now() - fuzzStarted) / 1000;

  const statuses = [...new Set([...histogram.values()].flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  const rows = [...histogram].map(([template, counts]) => [template, ...statuses.map((s) => counts.get(s) ?? 0)] as const);
  const width = Math.max(...rows.map(([t]) => t.length));
  process.stdout.write(`\nrequests: ${sent} in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s), ${concurrency} at a time\n\n`);
  process.stdout.write(`${''.padEnd(width)}${statuses.map((s) => pad(s, 7)).join('')}\n`);
  for (const [template, ...cells] of rows) process.stdout.write(`${template.padEnd(width)}${cells.map((c) => pad(c, 7)).join('')}\n`);
  const totals = statuses.map((s) => [...histogram.values()].reduce((sum, m) => sum + (m.get(s) ?? 0), 0));
  process.stdout.write(`${'all'.padEnd(width)}${totals.map((c) => pad(c, 7)).join('')}\n\n`);
  process.stdout.write(`rules broken: ${violations.length}; errors the app reported: ${reported.length}\n`);
  for (const violation of violations.slice(0, 20)) process.stdout.write(`\n${violation}\n`);
  for (const error of reported.slice(0, 5)) process.stdout.write(`\nreported: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = violations.length > 0 || reported.length > 0 ? 1 : 0;
} finally {
  await target.close();
}
