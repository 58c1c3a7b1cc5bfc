import { isoAt, jobHandlers, type CompleteHandlerMap, type PipelineHandlerMap } from '../ingest/index.ts';
import { describeOutcome, isNewPublication, publishFromReadModel } from './commands/publish.ts';

export interface PipelineDeps {
  dataDir: string;
  /** Resolves once read.db holds every event appended before the call. */
  catchUp(): Promise<void>;
}

/**
 * The project and publish handlers. `ipo projector` runs them against its own loop (it is the only
 * writer of read.db); without Redis the process that dispatches them runs them, projecting itself.
 * They are built here, in the composition root, because ingest must not import the projector.
 */
export function pipelineHandlers(deps: PipelineDeps): PipelineHandlerMap {
  return {
    'pipeline.project': async () => {
      await deps.catchUp();
      return { appended: 0, followUps: [] };
    },
    'pipeline.publish': async (request, ctx) => {
      // Built from a read model that holds everything recorded so far, and projected into the feed before the job completes.
      await deps.catchUp();
      const outcomes = publishFromReadModel(deps.dataDir, ctx.log, [request], { republish: false, observedAt: isoAt(ctx.clock) });
      for (const outcome of outcomes) ctx.logger.info(`publish ${describeOutcome(outcome)}`);
      const appended = outcomes.filter(isNewPublication).length;
      if (appended > 0) await deps.catchUp();
      return { appended, followUps: [] };
    },
  };
}

/** Every job's handler; the type makes a job name without one a compile error. */
export function completeHandlers(deps: PipelineDeps): CompleteHandlerMap {
  return { ...jobHandlers, ...pipelineHandlers(deps) };
}
