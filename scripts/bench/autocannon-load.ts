/**
 * The fallback load generator when wrk is not installed: autocannon in a process of its own (run
 * by load-generator.ts), so it never shares the event loop, or the core, of the harness.
 */
import autocannon from 'autocannon';
import type { LoadRequest } from './load-generator.ts';

const request = JSON.parse(process.argv[2]) as LoadRequest;
const result = await autocannon({
  url: request.origin,
  connections: request.connections,
  duration: request.seconds,
  headers: request.headers,
  requests: request.paths.map((path) => ({ method: 'GET', path })),
});
const report = {
  requests: result.requests.total,
  requestsPerSecond: result.requests.total / result.duration,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors,
  failedResponses: result.non2xx,
};
process.stdout.write(`AUTOCANNON ${JSON.stringify(report)}\n`);
