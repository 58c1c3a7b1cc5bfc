import type { Handler } from '../jobs/handler-context.ts';
import { appendBody, edgarOf } from './edgar-event.ts';

export const COMPANY_TICKERS_PATH = '/files/company_tickers.json';

/** SEC's ticker ↔ CIK map, stored raw: the projector reads it, ingest only records it. */
export const companyTickersHandler: Handler<'edgar.company_tickers'> = async (_data, ctx) => {
  const response = await edgarOf(ctx).get('www', COMPANY_TICKERS_PATH);
  if (!response.found) return { appended: 0, followUps: [], notFound: true };
  JSON.parse(response.body.toString('utf8')); // a truncated body must fail (and retry), not be stored
  return { appended: appendBody(ctx, 'edgar.company_tickers', 'company_tickers', response, {}), followUps: [] };
};
