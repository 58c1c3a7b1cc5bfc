import { companyTickersHandler } from '../edgar/company-tickers.handler.ts';
import { companyfactsHandler } from '../edgar/companyfacts.handler.ts';
import { currentFeedHandler } from '../edgar/current-feed.handler.ts';
import { dailyIndexHandler } from '../edgar/daily-index.handler.ts';
import { documentHandler } from '../edgar/document.handler.ts';
import { submissionsHandler, submissionsPageHandler } from '../edgar/submissions.handler.ts';
import { everythingHandler, feedHandler } from '../news/news.handler.ts';
import { dailyBarsHandler } from '../prices/daily-bars.handler.ts';
import type { HandlerContext, HandlerMap, HandlerResult } from './handler-context.ts';
import type { Job } from './job-types.ts';
import { isoAt } from '../clock.ts';

/** Every job name has exactly one handler; the `HandlerMap` type makes a missing one a compile error. */
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

/** Runs one job with its handler. The cast is safe: `Job` pairs each name with its own payload. */
export async function runJob(handlers: HandlerMap, j: Job, ctx: HandlerContext): Promise<HandlerResult> {
  const handler = handlers[j.name] as (data: Job['data'], ctx: HandlerContext) => Promise<HandlerResult>;
  const result = await handler(j.data, ctx);
  // A poll that found nothing new adds no event; this is how `ipo status` still knows it ran.
  if (!result.notFound) ctx.log.recordPoll(j.name, isoAt(ctx.clock), result.appended);
  return result;
}
