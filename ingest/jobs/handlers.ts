import { companyTickersHandler } from '../edgar/company-tickers.handler.ts';
import { companyfactsHandler } from '../edgar/companyfacts.handler.ts';
import { currentFeedHandler } from '../edgar/current-feed.handler.ts';
import { dailyIndexHandler } from '../edgar/daily-index.handler.ts';
import { documentHandler } from '../edgar/document.handler.ts';
import { submissionsHandler, submissionsPageHandler } from '../edgar/submissions.handler.ts';
import { everythingHandler, feedHandler } from '../news/news.handler.ts';
import { dailyBarsHandler } from '../prices/daily-bars.handler.ts';
import { isoAt } from '../clock.ts';
import type { HandlerContext, HandlerMap, HandlerResult, SomeHandlers } from './handler-context.ts';
import { InvalidJobError } from './job-validate.ts';
import { jobNamesOf, type Job, type QueueName } from './job-types.ts';

/** Every ingest job name has exactly one handler; the `HandlerMap` type makes a missing one a compile error. */
export const jobHandlers: HandlerMap = {
  'edgar.company_tickers': companyTickersHandler,
  'edgar.daily_index': dailyIndexHandler,
  'edgar.current_feed': currentFeedHandler,
  'edgar.submissions': submissionsHandler,
  'edgar.submissions_page': submissionsPageHandler,
  'edgar.document': documentHandler,
  'edgar.companyfacts': companyfactsHandler,
  'prices.daily_bars': dailyBarsHandler,
  'news.everything': everythingHandler,
  'news.feed': feedHandler,
};

/** A runner was started for a queue whose jobs it has no handler for. */
export class MissingHandlerError extends Error {
  override name = 'MissingHandlerError';
}

/**
 * The startup check: every job name of every queue a runner consumes has a handler, so a missing
 * one stops the process before it takes a job, instead of failing each such job at run time.
 */
export function assertHandled(queues: readonly QueueName[], handlers: SomeHandlers): void {
  const missing = [...new Set(queues)].flatMap((queue) => jobNamesOf(queue).filter((name) => typeof handlers[name] !== 'function').map((name) => `${name} (queue ${queue})`));
  if (missing.length > 0) throw new MissingHandlerError(`no handler for ${missing.join(', ')}`);
}

/** Runs one job with its handler. The cast is safe: `Job` pairs each name with its own payload. */
export async function runJob(handlers: SomeHandlers, j: Job, ctx: HandlerContext): Promise<HandlerResult> {
  const handler = handlers[j.name] as ((data: Job['data'], ctx: HandlerContext) => Promise<HandlerResult>) | undefined;
  // Only a follow-up of another queue can get here: the runners check their queues' names at startup.
  if (!handler) throw new InvalidJobError(`${j.name}: no handler in this process`);
  const result = await handler(j.data, ctx);
  // A poll that found nothing new adds no event; this is how `ipo status` still knows it ran.
  if (!result.notFound) ctx.log.recordPoll(j.name, isoAt(ctx.clock), result.appended);
  return result;
}
