import { ApiError } from '../errors/api-error.ts';
import { keyedListRoute } from '../http/list-route.ts';
import { PRIVATE_CACHE, sendJson } from '../http/send.ts';
import { queryReader } from '../http/query-validator.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { companyDetailBody } from './companies.mapper.ts';
import { COMPANIES_ENDPOINT, COMPANY_KEY, createCompanyQueries } from './companies.query.ts';
import { companyValidators } from './companies.schema.ts';

export function companyRoutes(deps: ResourceDeps): void {
  const { router, ajv, compiler, readDb, guard } = deps;
  const validate = companyValidators(ajv);
  const readList = queryReader(validate.list);
  const readDetail = queryReader(validate.detail);
  const queries = createCompanyQueries(compiler);

  keyedListRoute(deps, { path: '/api/v1/companies', endpoint: COMPANIES_ENDPOINT, key: COMPANY_KEY, readQuery: readList, list: queries.list });

  router.get('/api/v1/companies/:identifier', guard, (ctx) => {
    const query = readDetail(ctx);
    const conn = readDb.current();
    const version = conn.version();
    const identifier = String(ctx.params.identifier).trim();
    const cik = identifier.length <= 20 ? queries.resolveIdentifier(conn, identifier, query.as_of ?? null) : null;
    const head = cik === null ? null : queries.detailHead(conn, cik, query);
    if (cik === null || head === null) throw ApiError.notFound(`No company matches "${identifier.slice(0, 20)}"`);
    const filings = query.include?.includes('filings') ? queries.filingsOf(conn, cik) : null;
    const news = query.include?.includes('news') ? queries.newsOf(conn, cik) : null;
    sendJson(ctx, companyDetailBody(head, filings, news), PRIVATE_CACHE, 'Authorization', version);
  });
}
