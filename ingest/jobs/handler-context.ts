import type { EventLog } from '../../schema/events/event-log.ts';
import type { Clock } from '../clock.ts';
import type { EdgarClient } from '../edgar/edgar-client.ts';
import type { NewsSource } from '../news/news-source.ts';
import type { PricesSource } from '../prices/prices-source.ts';
import type { IngestQueueName, Job, JobName, JobPayloads, JobsOf, QueueName } from './job-types.ts';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export interface HandlerContext {
  /** EDGAR client; absent in a process that runs only prices/news jobs (no EDGAR_USER_AGENT needed). */
  client?: EdgarClient;
  log: EventLog;
  clock: Clock;
  logger: Logger;
  /** Daily-bars provider; a process without it fails `prices.*` jobs permanently. */
  prices?: PricesSource;
  /** News provider and feeds; a process without it fails `news.*` jobs permanently. */
  news?: NewsSource;
}

export interface HandlerResult {
  /** Events newly written (an already-stored fact counts 0). */
  appended: number;
  followUps: Job[];
  /** The source answered 404: nothing to record, nothing to retry. */
  notFound?: boolean;
}

export type Handler<N extends JobName> = (data: JobPayloads[N], ctx: HandlerContext) => Promise<HandlerResult>;

/** One handler per job of the given queues: a job name of those queues without a handler is a compile error. */
export type HandlersFor<Q extends QueueName> = { [N in JobsOf<Q>]: Handler<N> };

/** The ingest stage's handlers (edgar, prices and news queues): what `ipo worker` runs. */
export type HandlerMap = HandlersFor<IngestQueueName>;

/** The project and publish handlers, built in scripts/ (they drive the projector, which ingest must not import). */
export type PipelineHandlerMap = HandlersFor<'pipeline'>;

/** Closed and exhaustive over every job: what the composition root assembles for a process that may run any job. */
export type CompleteHandlerMap = HandlersFor<QueueName>;

/** What a runner is given: any subset, checked at startup against the queues it consumes (`assertHandled`). */
export type SomeHandlers = { [N in JobName]?: Handler<N> };
