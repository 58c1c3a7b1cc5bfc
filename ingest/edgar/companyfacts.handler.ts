import { padCik } from '../../schema/cik.ts';
import type { Handler } from '../jobs/handler-context.ts';
import { appendBody, edgarOf } from './edgar-event.ts';

export function companyfactsPath(cik: string): string {
  return `/api/xbrl/companyfacts/CIK${padCik(cik)}.json`;
}

/** XBRL company facts. Pre-IPO issuers usually have none (404), which is a result, not a failure. */
export const companyfactsHandler: Handler<'edgar.companyfacts'> = async (data, ctx) => {
  const cik = padCik(data.cik);
  const response = await edgarOf(ctx).get('data', companyfactsPath(cik));
  if (!response.found) return { appended: 0, followUps: [], notFound: true };
  JSON.parse(response.body.toString('utf8'));
  return { appended: appendBody(ctx, 'edgar.companyfacts', cik, response, {}), followUps: [] };
};
