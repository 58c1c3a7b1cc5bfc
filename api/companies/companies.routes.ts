import { ApiError } from '../errors/api-error.ts';
import { pageSize } from '../http/list-page.ts';
import { PRIVATE_CACHE, sendJson } from '../http/send.ts';
import { queryReader } from '../http/query-validator.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { COMPANIES_ENDPOINT, companyDetailBody, companyPageBody } from './companies.mapper.ts';
import { COMPANY_KEY, createCompanyQueries } from './companies.query.ts';
import { companyValidators } from './companies.schema.ts';

export function companyRoutes({ router, ajv, compiler, readDb, cursors, guard }: ResourceDeps): void {
  const validate = companyValidators(ajv);
  const readList = queryReader(validate.list);
  const readDetail = queryReader(validate.detail);
  const queries = createCompanyQueries(compiler);

  router.get('/api/v1/companies', guard, (ctx) => {
    const query = readList(ctx);
    const after = query.cursor === undefined ? null : cursors.decode(COMPANIES_ENDPOINT, query.cursor, COMPANY_KEY.length);
    const limit = pageSize(query.limit);
    const conn = readDb.current();
    const version = conn.version();
    const rows = queries.list(conn, query, after, limit);
    sendJson(ctx, companyPageBody(rows, limit, cursors), PRIVATE_CACHE, 'Authorization', version);
  });

  router.get('/api/v1/companies/:identifier', guard, (ctx) => {
    const query = readDetail(ctx);
    const conn = readDb.current();
    const version = conn.version();
    const identifier = String(ctx.params.identifier).trim();
    const cik = identifier.length <= 20 ? queries.resolveIdentifier(conn, identifier) : null;
    const head = cik === null ? null : queries.detailHead(conn, cik, query);
    if (cik === null || head === null) throw ApiError.notFound(`No company matches "${identifier.slice(0, 20)}"`);
    const filings = query.include?.includes('filings') ? queries.filingsOf(conn, cik) : null;
    const news = query.include?.includes('news') ? queries.newsOf(conn, cik) : null;
    sendJson(ctx, companyDetailBody(head, filings, news), PRIVATE_CACHE, 'Authorization', version);
  });
}
