import { describe, expect, it } from 'vitest';
import type { HandlerResult, PipelineHandlerMap } from './handler-context.ts';
import { silentLogger } from './handler-context.ts';
import { assertHandled, jobHandlers, MissingHandlerError } from './handlers.ts';
import { job } from './job-types.ts';
import { runInline } from '../runner/inline-runner.ts';
import { startWorkers } from '../runner/bullmq-runner.ts';

const done = async (): Promise<HandlerResult> => ({ appended: 0, followUps: [] });

describe('the startup check of a runner', () => {
  it('passes when every job of the consumed queues has a handler, and names each missing one otherwise', () => {
    expect(() => assertHandled(['edgar', 'prices', 'news'], jobHandlers)).not.toThrow();
    expect(() => assertHandled(['pipeline'], { ...jobHandlers, 'pipeline.project': done, 'pipeline.publish': done })).not.toThrow();
    expect(() => assertHandled(['pipeline'], { 'pipeline.project': done })).toThrow(new MissingHandlerError('no handler for pipeline.publish (queue pipeline)'));
    expect(() => assertHandled(['edgar', 'pipeline'], jobHandlers)).toThrow(/pipeline\.project \(queue pipeline\), pipeline\.publish \(queue pipeline\)/);
  });

  it('a BullMQ worker for a queue it cannot fully handle throws before it connects', () => {
    // Nothing listens on port 1: the throw comes before any connection is attempted.
    const start = () =>
      startWorkers({ redisUrl: 'redis://127.0.0.1:1', kind: 'pipeline', handlers: jobHandlers, ctx: { log: null as never, clock: { now: () => 0 }, logger: silentLogger }, maxRequestsPerSecond: null, throttleBackoffMs: 0 });
    expect(start).toThrow(MissingHandlerError);
  });

  it('the inline runner refuses to start on jobs of a queue it has no handlers for, and runs nothing', async () => {
    let ran = 0;
    const handlers = { ...jobHandlers, 'edgar.company_tickers': async () => (ran++, done()) };
    await expect(runInline([job('edgar.company_tickers', {}), job('pipeline.publish', { kind: 'daily', date: '2026-11-24' })], { handlers, ctx: { log: null as never, clock: { now: () => 0 }, logger: silentLogger } })).rejects.toThrow(
      /no handler for pipeline\.project \(queue pipeline\), pipeline\.publish/,
    );
    expect(ran).toBe(0);
  });

  it('a handler map of the pipeline queue without the publish handler does not compile', () => {
    // @ts-expect-error 'pipeline.publish' is missing
    const incomplete: PipelineHandlerMap = { 'pipeline.project': done };
    expect(Object.keys(incomplete)).toEqual(['pipeline.project']);
  });
});
