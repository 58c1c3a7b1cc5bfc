import type { DailyBarsMeta } from '../../schema/events/event-types.ts';
import { assertNever } from '../../schema/exhaustive.ts';
import { isoAt } from '../clock.ts';
import type { Handler } from '../jobs/handler-context.ts';
import { MarketSourceMissingError } from '../jobs/market-errors.ts';
import type { PricesFormat } from './prices-client.ts';

/**
 * Stooq answers an unknown symbol with 200 and a short `No data` page, Yahoo with `result: null`.
 * Neither is a series: recording it would only give the projector an unreadable event.
 */
export function looksLikeBars(format: PricesFormat, body: string): boolean {
  switch (format) {
    case 'stooq_csv':
      return /^\uFEFF?Date,/i.test(body.trimStart());
    case 'yahoo_chart':
      return hasChartResult(body);
    default:
      return assertNever(format);
  }
}

function hasChartResult(body: string): boolean {
  try {
    const doc = JSON.parse(body) as { chart?: { result?: unknown } };
    return Array.isArray(doc.chart?.result) && doc.chart.result.length > 0;
  } catch {
    return false;
  }
}

/** The event source of each format's bars. */
const SOURCE: Record<PricesFormat, string> = { stooq_csv: 'stooq', yahoo_chart: 'yahoo' };

/** One ticker's daily bars, raw body as fetched. Subject: the ticker in upper case. */
export const dailyBarsHandler: Handler<'prices.daily_bars'> = async (data, ctx) => {
  if (!ctx.prices) throw new MarketSourceMissingError('no prices provider configured in this process');
  const ticker = data.ticker.trim().toUpperCase();
  const response = await ctx.prices.dailyBars(ticker);
  if (response.status === 404 || !looksLikeBars(response.format, response.body)) return { appended: 0, followUps: [], notFound: true };
  const meta: DailyBarsMeta = { url: response.url, ticker, format: response.format, adjusted: ctx.prices.adjusted };
  const inserted = ctx.log.append({
    type: 'market.daily_bars',
    source: SOURCE[response.format],
    subject: ticker,
    observedAt: isoAt(ctx.clock),
    body: Buffer.from(response.body, 'utf8'),
    meta: { ...meta, ...(response.contentType ? { contentType: response.contentType } : {}) },
  }).inserted;
  return { appended: inserted ? 1 : 0, followUps: [] };
};
