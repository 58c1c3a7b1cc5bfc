import { accessionFolder, padCik, unpadCik } from '../../schema/cik.ts';
import type { DocumentMeta } from '../../schema/events/event-types.ts';
import type { Handler } from '../jobs/handler-context.ts';
import { appendBody, edgarOf } from './edgar-event.ts';

/** Archive paths use the unpadded CIK and the accession without dashes (domain.md §1.2). */
export function documentPath(cik: string, accessionNumber: string, primaryDocument: string): string {
  const doc = primaryDocument.split('/').map(encodeURIComponent).join('/');
  return `/Archives/edgar/data/${unpadCik(cik)}/${accessionFolder(accessionNumber)}/${doc}`;
}

/** A filing's primary document, raw. Subject is the accession number. */
export const documentHandler: Handler<'edgar.document'> = async (data, ctx) => {
  const response = await edgarOf(ctx).get('www', documentPath(data.cik, data.accessionNumber, data.primaryDocument));
  if (!response.found) return { appended: 0, followUps: [], notFound: true };
  const meta: DocumentMeta = {
    url: response.url,
    cik: padCik(data.cik),
    accessionNumber: data.accessionNumber,
    primaryDocument: data.primaryDocument,
    ...(response.contentType ? { contentType: response.contentType } : {}),
  };
  return { appended: appendBody(ctx, 'edgar.document', data.accessionNumber, response, { ...meta }), followUps: [] };
};
