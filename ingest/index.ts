/** What the command line needs from the ingest stage. */
export { realSleep, systemClock, isoAt, type Clock, type Sleep } from './clock.ts';
export { createEdgarClient, EdgarClient, isDeclaredUserAgent, type EdgarClientOptions, type EdgarHost, type EdgarResponse } from './edgar/edgar-client.ts';
export {
  createLocalEdgarGate,
  createRedisEdgarGate,
  EDGAR_REQUEST_KINDS,
  edgarRequestsByKindLastMinute,
  edgarRequestsLastMinute,
  type EdgarGate,
  type EdgarRequestKind,
  type RedisEdgarGateOptions,
} from './edgar/edgar-gate.ts';
export { EdgarPermanentError, EdgarThrottledError, EdgarTransientError } from './edgar/edgar-errors.ts';
export { assertHandled, jobHandlers, MissingHandlerError, runJob } from './jobs/handlers.ts';
export {
  silentLogger,
  type CompleteHandlerMap,
  type Handler,
  type HandlerContext,
  type HandlerMap,
  type HandlerResult,
  type HandlersFor,
  type Logger,
  type PipelineHandlerMap,
  type SomeHandlers,
} from './jobs/handler-context.ts';
export {
  job,
  jobId,
  jobNamesOf,
  JOB_NAMES,
  JOB_QUEUES,
  QUEUE_NAMES,
  queueOf,
  type IngestQueueName,
  type Job,
  type JobName,
  type JobPayloads,
  type JobsOf,
  type QueueName,
} from './jobs/job-types.ts';
export { OFFERING_FORMS } from './edgar/offering-forms.ts';
export { FEED_MAX_DEPTH } from './edgar/current-feed.handler.ts';
export { isDayDone, readIndexDayEvidence, type IndexDayEvidence } from './edgar/daily-index.evidence.ts';
export { InvalidJobError, isPermanentFailure, validateJob } from './jobs/job-validate.ts';
export { loadPlan, parsePlan, type Plan } from './plan.ts';
export { DEFAULT_RETRY_POLICY, retryPolicy, type RetryPolicy } from './runner/retry-policy.ts';
export { runInline, type InlineRunOptions, type InlineRunReport, type JobFailure, type RunProgress } from './runner/inline-runner.ts';
export { enqueueByKind, openJobProducer, openJobQueue, POLL_DEDUPLICATION_MS, type JobProducer, type JobQueue, type QueueOptions } from './runner/job-queue.ts';
export { startWorkers, type JobWorkers, type WorkerOptions } from './runner/bullmq-runner.ts';
export { COUNTED_STATES, queueCounts } from './runner/queue-counts.ts';
export { readJobFailures, type JobFailureSummary, type RecordedFailure } from './runner/job-failures.read.ts';
export { isExpectedNotFound } from './jobs/not-found.ts';
export { faultPlan, parseReplayFault, type ReplayFault } from './replay/replay-faults.ts';
export { replayHosts, ReplayPortError, startReplayServer, type OverlayAnswer, type OverlayRequest, type ReplayOverlay, type ReplayRequest, type ReplayRoute, type ReplayServer, type ReplayServerOptions } from './replay/replay-server.ts';
export { createLiveFeed, type Appearance, type LiveFeed, type LiveFeedOptions } from './replay/live-feed.ts';
export { createPricesSource, type PricesSource, type PricesSourceOptions } from './prices/prices-source.ts';
export { createNewsSource, type NewsSource, type NewsSourceOptions } from './news/news-source.ts';
export { companyNewsQuery, NewsRateLimitedError, NewsApiError } from './news/newsapi-client.ts';
export { parseFeedUrls } from './news/feed-client.ts';
export { MarketSourceMissingError } from './jobs/market-errors.ts';
