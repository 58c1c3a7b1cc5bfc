import { DETAIL_EMBEDDED_ITEMS } from '../../schema/api/params.schema.ts';
import { ApiCompanySchema } from '../../schema/api/resources.schema.ts';
import { ApiError } from '../errors/api-error.ts';
import { FILINGS_ENDPOINT, FILING_KEY } from '../filings/filings.query.ts';
import type { CursorCodec } from '../http/cursor.ts';
import { keyedListRoute } from '../http/list-route.ts';
import { pageOf } from '../http/list-page.ts';
import { queryReader } from '../http/query-validator.ts';
import { pageUrl } from '../http/representation.ts';
import { keyedRoute, type ResourceDeps } from '../http/resource-deps.ts';
import { sendPage } from '../http/page-cache.ts';
import { answeredFromCache, JSON_TYPE, pageBytes, PRIVATE_CACHE } from '../http/send.ts';
import { NEWS_ENDPOINT, NEWS_KEY } from '../news/news.query.ts';
import { companyDetailBody, type EmbeddedItems } from './companies.mapper.ts';
import { COMPANIES_ENDPOINT, COMPANY_KEY, createCompanyQueries } from './companies.query.ts';
import { companyValidators } from './companies.schema.ts';

/** The longest identifier looked up: a CIK, a ticker, or a vendor company key (`V-<symbol>-<date>`). */
const MAX_IDENTIFIER = 32;

/** The lists a detail array continues in, with the includes that give their items the same fields. */
const FILINGS_LIST = { path: '/api/v1/filings', endpoint: FILINGS_ENDPOINT, keyLength: FILING_KEY.length, include: ['ai_enrichment', 'terms'] };
const NEWS_LIST = { path: '/api/v1/news', endpoint: NEWS_ENDPOINT, keyLength: NEWS_KEY.length, include: ['content'] };

export function companyRoutes(deps: ResourceDeps): void {
  const { ajv, compiler, readDb, cursors, representationTag, pages } = deps;
  const validate = companyValidators(ajv);
  const readList = queryReader(validate.list);
  const readDetail = queryReader(validate.detail);
  const queries = createCompanyQueries(compiler);

  keyedListRoute(deps, { path: '/api/v1/companies', endpoint: COMPANIES_ENDPOINT, key: COMPANY_KEY, readQuery: readList, list: queries.list, item: ApiCompanySchema });

  keyedRoute(deps, '/api/v1/companies/:identifier', (ctx) => {
    const query = readDetail(ctx);
    const conn = readDb.current();
    const generation = conn.generation();
    const etag = representationTag(generation, pageUrl(ctx.path, query, undefined));
    // A kept page proves the company exists in this generation: no lookup before the 304 or the bytes.
    const kept = pages.get(generation, etag);
    if (kept !== undefined) {
      if (!answeredFromCache(ctx, etag, PRIVATE_CACHE, 'Authorization')) sendPage(ctx, kept);
      return;
    }
    const identifier = String(ctx.params.identifier).trim();
    // Long enough for a vendor company key under a placeholder symbol (V-1624831D-2012-05-03 is 21 characters).
    const cik = identifier.length <= MAX_IDENTIFIER ? queries.resolveIdentifier(conn, identifier, query.as_of ?? null) : null;
    const head = cik === null ? null : queries.detailHead(conn, cik, query);
    if (cik === null || head === null) throw ApiError.notFound(`No company matches "${identifier.slice(0, MAX_IDENTIFIER)}"`);
    if (answeredFromCache(ctx, etag, PRIVATE_CACHE, 'Authorization')) return;
    const filings = query.include?.includes('filings')
      ? embedded(queries.filingsOf(conn, cik, DETAIL_EMBEDDED_ITEMS), cik, FILINGS_LIST, cursors)
      : null;
    const news = query.include?.includes('news') ? embedded(queries.newsOf(conn, cik, DETAIL_EMBEDDED_ITEMS), cik, NEWS_LIST, cursors) : null;
    const body = pageBytes(companyDetailBody(head, filings, news));
    sendPage(ctx, pages.keep(generation, etag, { body, contentType: JSON_TYPE, link: null }));
  });
}

/** The newest items of a company's list and the URL of that list's page after them. */
function embedded(rows: string[], cik: string, list: typeof FILINGS_LIST | typeof NEWS_LIST, cursors: CursorCodec): EmbeddedItems {
  const page = pageOf(rows, DETAIL_EMBEDDED_ITEMS, list.keyLength, cursors, list.endpoint);
  return {
    items: page.items,
    next: page.nextCursor === null ? null : pageUrl(list.path, { cik, include: list.include }, page.nextCursor),
  };
}
