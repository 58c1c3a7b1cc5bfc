import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newsKey } from '../schema/news/url.normalize.ts';
import { ANALYST_VIEWS } from '../schema/read/analyst-views.ts';
import { useServedFullSample } from './api-harness.ts';

/** The README's analysts' section. */
function readmeSection(): string {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  return readme.slice(readme.indexOf('### Views for analysts'), readme.indexOf('## Running it for real'));
}

/** The SQL blocks of the README's analysts' section, in order. */
function readmeQueries(): string[] {
  return [...readmeSection().matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1].trim());
}

/** Each view of the README's table with the columns it lists (the backquoted names of its last cell). */
function readmeColumns(): Map<string, string[]> {
  const views = new Map<string, string[]>();
  for (const [, view, cell] of readmeSection().matchAll(/^\| `(\w+)` \|[^|\n]*\|([^\n]*)\|$/gm)) {
    views.set(view, [...cell.matchAll(/`(\w+)`/g)].map((m) => m[1]));
  }
  return views;
}

const sample = useServedFullSample();

const AAOI = '0001158114';
const GOPRO = '0001500435';
const SNAP = '0001564408';

/** The `data` of a 200 response. */
async function data(path: string): Promise<any> {
  const res = await sample.api.get(path);
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
}

const one = (sql: string, ...params: unknown[]) => sample.db.prepare(sql).get(...params);
/** A JSON boolean as the views' 0/1 flag. */
const flag = (value: boolean | null) => (value === null ? null : Number(value));
/** The views' typed offer terms of an ApiTermsExtended. */
const termsColumns = (terms: any) => ({
  offer_price: terms.offeringPrice,
  price_range_low: terms.priceRangeLow,
  price_range_high: terms.priceRangeHigh,
  shares_offered: terms.totalSharesOffered,
  over_allotment_shares: terms.overAllotmentShares,
  gross_proceeds: terms.grossProceeds,
  gross_proceeds_estimate: terms.grossProceedsEstimate,
});
/** The views' fees, expenses and advisers of an ApiTermsExtended. */
const feesColumns = (terms: any) => ({
  underwriting_discount_per_share: terms.underwritingDiscountPerShare,
  underwriting_discount_total: terms.underwritingDiscountTotal,
  proceeds_to_issuer_per_share: terms.proceedsToIssuerPerShare,
  proceeds_to_issuer_total: terms.proceedsToIssuerTotal,
  proceeds_to_selling_stockholders_per_share: terms.proceedsToSellingStockholdersPerShare,
  proceeds_to_selling_stockholders_total: terms.proceedsToSellingStockholdersTotal,
  fees_source: terms.feesSource,
  offering_expenses: terms.offeringExpenses,
  offering_expenses_source: terms.offeringExpensesSource,
  net_proceeds_to_issuer: terms.proceedsToIssuerTotal !== null && terms.offeringExpenses !== null ? terms.proceedsToIssuerTotal - terms.offeringExpenses : null,
  issuer_counsel: terms.issuerCounsel?.join('; ') ?? null,
  underwriters_counsel: terms.underwritersCounsel?.join('; ') ?? null,
  auditors: terms.auditors?.join('; ') ?? null,
});
/** A percentage as the views' return: a fraction to six places. */
const fraction = (pct: number | null) => (pct === null ? null : Math.round(pct * 10_000) / 1_000_000);

describe('views for analysts in read.db', () => {
  it('have plain columns: no JSON text, one type per column', () => {
    for (const view of ANALYST_VIEWS) {
      const rows = sample.db.prepare(`SELECT * FROM ${view}`).all() as Array<Record<string, unknown>>;
      expect(rows.length, view).toBeGreaterThan(0);
      const types = new Map<string, Set<string>>();
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          if (value === null) continue;
          expect(typeof value === 'string' && /^[[{]/.test(value), `${view}.${column} holds JSON`).toBe(false);
          (types.get(column) ?? types.set(column, new Set()).get(column)!).add(typeof value);
        }
      }
      for (const [column, seen] of types) expect([...seen], `${view}.${column}`).toHaveLength(1);
    }
  });

  it('have the columns the README lists, in its order', () => {
    const documented = readmeColumns();
    expect([...documented.keys()]).toEqual([...ANALYST_VIEWS]);
    for (const view of ANALYST_VIEWS) {
      expect(sample.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(view), view).toEqual(documented.get(view));
    }
  });

  it('give, column by column, what the API serves', async () => {
    const company = await data(`/api/v1/companies/${AAOI}?include=consensus,offerings`);
    const [listed] = await data('/api/v1/companies?ticker=AAOI&include=latest_terms');
    const current = company.offerings.find((o: any) => o.isCurrent);
    const [aaoiOutcome] = await data(`/api/v1/outcomes?cik=${AAOI}`);
    expect(one('SELECT * FROM ipo_calendar WHERE cik = ?', AAOI)).toEqual({
      cik: AAOI,
      company_name: company.name,
      // The symbol it listed under, as the outcome gives it; the company's symbol now beside it.
      ticker: aaoiOutcome.ticker,
      current_ticker: company.tickerHint,
      exchange: company.consensus.exchange,
      deal_type: company.dealType,
      offering_status: company.offeringStatus,
      status_as_of: current.statusAsOf,
      status_as_of_source: current.statusAsOfSource,
      file_number: current.fileNumber,
      first_filed_date: current.openedDate,
      effective_date: current.effectiveDate,
      priced_date: current.pricedDate,
      listing_date: company.consensus?.listingDate ?? null,
      expected_first_trade_date: current.expectedFirstTradeDate,
      offer_price: company.consensus?.offerPrice ?? null,
      price_range_low: company.consensus?.offerPriceLow ?? null,
      price_range_high: company.consensus?.offerPriceHigh ?? null,
      shares_offered: company.consensus?.totalShares ?? null,
      gross_proceeds: company.consensus?.grossProceeds ?? null,
      gross_proceeds_basis: company.consensus?.grossProceedsBasis ?? null,
      // A midpoint estimate only while the deal has no price.
      gross_proceeds_estimate: company.consensus?.offerPrice == null ? (listed.latestTerms?.grossProceedsEstimate ?? null) : null,
      updated_at: company.updatedAt,
    });

    // The follow-on whose terms were read from a filing: that filing's row in each view.
    const followOn = company.offerings.find((o: any) => o.termsAccessionNumber !== null);
    const terms = followOn.terms;
    expect([followOn.fileNumber, followOn.finalProspectusAccessionNumber, terms.totalSharesOffered]).toEqual(['333-194379', '0001047469-14-002669', 2_700_000]);
    expect(one('SELECT * FROM offerings WHERE cik = ? AND file_number = ?', AAOI, followOn.fileNumber)).toEqual({
      cik: AAOI,
      company_name: company.name,
      // A follow-on does not list: its symbol is the company's, as is the one it has now.
      ticker: company.tickerHint,
      current_ticker: company.tickerHint,
      file_number: followOn.fileNumber,
      deal_type: followOn.dealType,
      status: followOn.status,
      stage_before_end: followOn.stageBeforeEnd,
      is_current: flag(followOn.isCurrent),
      issuer_name_at_offering: followOn.issuerNameAtOffering,
      issuer_name_at_offering_source: followOn.issuerNameAtOfferingSource,
      first_filed_date: followOn.openedDate,
      last_filing_date: followOn.lastFilingDate,
      effective_date: followOn.effectiveDate,
      priced_date: followOn.pricedDate,
      withdrawn_date: followOn.withdrawnDate,
      expected_first_trade_date: followOn.expectedFirstTradeDate,
      upsized: flag(followOn.upsized),
      filing_count: followOn.filingCount,
      final_prospectus_accession_number: followOn.finalProspectusAccessionNumber,
      source: followOn.source,
      listing_date: followOn.listingDate,
      offer_price: followOn.offerPrice,
      gross_proceeds: followOn.grossProceeds,
      gross_proceeds_basis: followOn.grossProceedsBasis,
      price_range_low: terms.priceRangeLow,
      price_range_high: terms.priceRangeHigh,
      // Priced by a 424B4 the service has not read: its S-1/A's count (2,700,000) is not what was sold.
      shares_offered: followOn.finalProspectusAccessionNumber === null ? terms.totalSharesOffered : null,
      over_allotment_shares: followOn.finalProspectusAccessionNumber === null ? terms.overAllotmentShares : null,
      gross_proceeds_estimate: terms.grossProceedsEstimate,
      lead_left_bookrunner: terms.leadLeftBookrunner,
      lead_left_bookrunner_source: terms.leadLeftBookrunnerSource,
      ritter_exclusions: followOn.ritterExclusions.length > 0 ? followOn.ritterExclusions.join(',') : null,
      foreign_listing: followOn.foreignListing,
      in_ritter_sample: followOn.dealType === 'ipo' && followOn.ritterExclusions.length === 0 && followOn.offerPrice !== null && followOn.foreignListing !== 'unknown' ? 1 : 0,
      ...feesColumns(terms),
    });
    // A vendor offering has no terms: its range is its row's, as ipo_calendar serves it (Airbnb 56–60).
    const vendorRanges = sample.db.prepare(`SELECT o.price_range_low AS low, o.price_range_high AS high, c.price_range_low AS cal_low, c.price_range_high AS cal_high FROM offerings o JOIN ipo_calendar c USING (cik) WHERE o.source = 'vendor'`).all() as Array<Record<string, number | null>>;
    expect(vendorRanges.filter((r) => r.low !== null).length).toBeGreaterThan(0);
    for (const r of vendorRanges) expect([r.low, r.high]).toEqual([r.cal_low, r.cal_high]);
    // AAOI's follow-on S-1/A: a blank cover table, the $0.6 million estimate, its counsel and auditor.
    expect(feesColumns(terms)).toMatchObject({
      underwriting_discount_total: null,
      fees_source: 'blank_cover_table',
      offering_expenses: 600000,
      offering_expenses_source: 'prospectus',
      issuer_counsel: 'DLA Piper',
      underwriters_counsel: 'Wilson Sonsini Goodrich & Rosati',
      auditors: 'Grant Thornton',
    });
    // The IPO's row renders the price the API serves for it (consensus), not only what a read document stated.
    expect(one('SELECT offer_price, listing_date, source FROM offerings WHERE cik = ? AND is_current = 1', AAOI)).toEqual({
      offer_price: current.offerPrice,
      listing_date: current.listingDate,
      source: 'edgar',
    });
    expect(current.offerPrice).toBe(company.consensus.offerPrice);

    const accession = followOn.termsAccessionNumber;
    const [filing] = (await data(`/api/v1/filings?cik=${AAOI}&form_type=S-1/A&include=terms&limit=100`)).filter(
      (f: any) => f.accessionNumber === accession,
    );
    const folder = `https://www.sec.gov/Archives/edgar/data/${Number(AAOI)}/${accession.replaceAll('-', '')}`;
    const identity = {
      cik: AAOI,
      company_name: filing.companyName,
      accession_number: accession,
      form_type: filing.formType,
      filing_date: filing.filingDate,
      file_number: followOn.fileNumber,
    };
    expect(one('SELECT * FROM filings WHERE cik = ? AND accession_number = ?', AAOI, accession)).toEqual({
      ...identity,
      form_title: filing.formTitle,
      inferred_status: filing.inferredStatus,
      form_summary: filing.formSummary,
      change_summary: filing.changeSummary,
      primary_document: filing.primaryDocument,
      document_url: `${folder}/${filing.primaryDocument}`,
      index_url: `${folder}/${accession}-index.htm`,
      ...termsColumns(terms),
      share_class: terms.shareClass,
      exchange_hint: terms.exchangeHint,
      ticker_hint: terms.tickerHint,
      is_primary_offering: flag(terms.isPrimaryOffering),
      is_secondary_offering: flag(terms.isSecondaryOffering),
      is_selling_stockholders_only: flag(terms.isSellingStockholdersOnly),
      underwriter_count: terms.underwriters.length,
      lead_left_bookrunner: terms.leadLeftBookrunner,
      lead_left_bookrunner_source: terms.leadLeftBookrunnerSource,
      terms_confidence: terms.confidence,
    });
    // The filing list's compact terms say the same.
    const { underwriters, bookrunners, coManagers, leadLeftBookrunner, leadLeftBookrunnerSource } = terms;
    expect(filing.terms).toMatchObject({ totalSharesOffered: terms.totalSharesOffered, underwriters, bookrunners, coManagers, leadLeftBookrunner, leadLeftBookrunnerSource });
    expect(filing.terms.underwriters.length).toBeGreaterThan(1);
    // AAOI's follow-on: Raymond James and Piper Jaffray represent the underwriters, three co-managers below them on the cover.
    expect([leadLeftBookrunner, terms.underwriterRoles]).toEqual(['Raymond James & Associates, Inc.', ['bookrunner', 'bookrunner', 'co_manager', 'co_manager', 'co_manager']]);
    expect(sample.db.prepare('SELECT * FROM underwriters WHERE cik = ? AND accession_number = ? ORDER BY position').all(AAOI, accession)).toEqual(
      terms.underwriters.map((underwriter: string, i: number) => ({
        ...identity,
        underwriter,
        position: i + 1,
        role: terms.underwriterRoles[i],
        is_lead_left: underwriter === leadLeftBookrunner ? 1 : 0,
      })),
    );

    // Every outcome the API serves is one ipo_outcomes row with the same figures, Ritter's measures included.
    const outcomeColumns = (o: any) => ({
      cik: o.cik,
      company_name: o.companyName,
      ticker: o.ticker,
      exchange: o.exchange,
      listing_date: o.tradingStartDate,
      offer_price: o.offerPrice,
      close_day1: o.closeDay1,
      day1_return: fraction(o.day1ReturnPct),
      day1_return_source: o.day1ReturnSource,
      close_week1: o.closeWeek1,
      week1_return: fraction(o.week1ReturnPct),
      shares_sold: o.sharesSold,
      gross_proceeds: o.grossProceeds,
      gross_proceeds_basis: o.grossProceedsBasis,
      money_left_on_table: o.moneyLeftOnTable,
      status: o.status,
    });
    const [outcome] = await data(`/api/v1/outcomes?cik=${GOPRO}`);
    // Beside the API's figures, the listed offering's type (which the outcome leaves to the company's offerings).
    const withoutType = ({ deal_type: _type, ...row }: any) => row;
    expect(withoutType(one('SELECT * FROM ipo_outcomes WHERE cik = ?', GOPRO))).toEqual(outcomeColumns(outcome));
    expect(one('SELECT deal_type FROM ipo_outcomes WHERE cik = ?', GOPRO)).toEqual({ deal_type: 'ipo' });
    expect(outcome.moneyLeftOnTable).not.toBeNull();
    const served: any[] = [];
    for (let cursor: string | null = '', page = 0; cursor !== null && page < 50; page++) {
      const res = await sample.api.get(`/api/v1/outcomes?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      const body = (await res.json()) as { data: any[]; next_cursor: string | null };
      served.push(...body.data);
      cursor = body.next_cursor;
    }
    const rows = sample.db.prepare('SELECT * FROM ipo_outcomes ORDER BY listing_date DESC, cik DESC, ticker DESC').all();
    expect(rows.map(withoutType)).toEqual(served.map(outcomeColumns));
    const typed = (rows as any[]).filter((r) => r.deal_type !== null);
    expect(typed.length / rows.length).toBeGreaterThan(0.95);
    expect(new Set(typed.map((r) => r.deal_type))).toEqual(new Set(['ipo', 'spac']));
    expect(served.filter((o) => o.moneyLeftOnTable !== null).length).toBeGreaterThan(300);

    const snapNews = await data(`/api/v1/news?cik=${SNAP}&include=content`);
    expect(snapNews.length).toBeGreaterThan(1);
    // In the API's order: dated items newest first, then the undated ones, then by id.
    expect(sample.db.prepare('SELECT * FROM news WHERE cik = ? ORDER BY date_known DESC, published_at DESC, news_id DESC').all(SNAP)).toEqual(
      snapNews.map((n: any) => ({
        news_id: newsKey(n.url),
        cik: SNAP,
        company_name: n.companyName,
        published_at: n.publishedAt,
        published_date: n.publishedAt.slice(0, 10),
        published_at_source: n.publishedAtSource,
        date_known: n.publishedAtSource === 'first_seen' ? 0 : 1,
        title: n.title,
        title_source: n.titleSource,
        description: n.description,
        source: n.sourceName,
        provider: n.provider,
        url: n.url,
        url_slug: n.urlSlug,
        image_url: n.urlToImage,
        match_reason: n.match.reason,
        match_confidence: n.match.confidence,
        content: n.content,
      })),
    );
  });

  it('give each offering the status to the company\'s end, the issuer\'s name at the offering and the proceeds basis the API serves', async () => {
    // Learn CW (combined into Innventure), Vincerx (delisted, once LifeSci Acquisition Corp.), Solidion (combined, once Nubia Brand International).
    for (const cik of ['0001847577', '0001796129', '0001881551']) {
      const company = await data(`/api/v1/companies/${cik}?include=offerings`);
      const rows = sample.db
        .prepare('SELECT file_number, status, stage_before_end, issuer_name_at_offering, issuer_name_at_offering_source, gross_proceeds_basis FROM offerings WHERE cik = ? ORDER BY first_filed_date')
        .all(cik);
      expect(rows, cik).toEqual(
        company.offerings.map((o: any) => ({
          file_number: o.fileNumber, status: o.status, stage_before_end: o.stageBeforeEnd, issuer_name_at_offering: o.issuerNameAtOffering,
          issuer_name_at_offering_source: o.issuerNameAtOfferingSource, gross_proceeds_basis: o.grossProceedsBasis,
        })),
      );
      // The SPAC IPO's own end is its combination (Vincerx's of 2020), whatever the company's later end (its 2025 delisting).
      const ipo = company.offerings.find((o: any) => o.isCurrent);
      expect(ipo.status, cik).toBe(company.offeringStatus === 'delisted' && ipo.dealType === 'spac' ? 'combined' : company.offeringStatus);
      expect(ipo.stageBeforeEnd, cik).toBe('listed');
    }
    expect(one('SELECT issuer_name_at_offering FROM offerings WHERE cik = ? AND is_current = 1', '0001881551')).toEqual({ issuer_name_at_offering: 'Nubia Brand International Corp.' });
    // No offering of a company that ended claims to be listed.
    expect(sample.db.prepare(`SELECT count(*) FROM offerings o JOIN companies c ON c.cik = o.cik WHERE c.offering_status IN ('delisted', 'combined') AND o.status = 'listed'`).pluck().get()).toBe(0);
  });

  it('give the exchange at listing the API serves as consensus.exchange, with its source', async () => {
    const listings = [
      ['0001847577', 'NYSE', 'CERT 0000876661-21-001450'], // Learn CW (combined; Nasdaq certified its 2024 transfer)
      ['0001796129', 'Nasdaq', 'CERT 0001354457-20-000110'], // Vincerx (no exchange on its submissions page today)
      ['0001766140', 'Nasdaq', 'CERT 0001354457-21-000764'], // Unicycive
      ['0001881551', 'Nasdaq', 'CERT 0001354457-22-000178'], // Solidion
      [AAOI, 'Nasdaq', 'CERTNAS 9999999997-13-014625'],
    ] as const;
    for (const [cik, exchange, cert] of listings) {
      const { consensus } = await data(`/api/v1/companies/${cik}?include=consensus`);
      expect(consensus.exchange, cik).toBe(exchange);
      expect(consensus.sourceSummary.exchange, cik).toMatch(new RegExp(`^${exchange}: ${cert} filed `));
      expect(one('SELECT exchange FROM ipo_calendar WHERE cik = ?', cik), cik).toEqual({ exchange });
    }
    // The outcome's exchange is the same value: AAOI's listed IPO has one.
    const [outcome] = await data(`/api/v1/outcomes?cik=${AAOI}`);
    expect(outcome.exchange).toBe('Nasdaq');
    expect(one('SELECT exchange FROM ipo_outcomes WHERE cik = ?', AAOI)).toEqual({ exchange: 'Nasdaq' });
  });

  it('give one advisers row per offering, firm and role the API serves', async () => {
    const ciks = sample.db.prepare('SELECT DISTINCT cik FROM advisers ORDER BY cik').pluck().all() as string[];
    expect(ciks).toEqual(expect.arrayContaining([AAOI, '0001766140']));
    const roles = [['issuer_counsel', 'issuerCounsel'], ['underwriters_counsel', 'underwritersCounsel'], ['auditor', 'auditors']] as const;
    for (const cik of ciks) {
      const company = await data(`/api/v1/companies/${cik}?include=offerings`);
      const expected = company.offerings.flatMap((o: any) =>
        roles.flatMap(([role, field]) =>
          (o.terms?.[field] ?? []).map((firm: string, i: number) => ({
            cik, company_name: company.name, ticker: company.tickerHint, file_number: o.fileNumber, deal_type: o.dealType, status: o.status,
            first_filed_date: o.openedDate, listing_date: o.listingDate, terms_accession_number: o.termsAccessionNumber, role, firm, position: i + 1,
          })),
        ),
      );
      const rows = sample.db.prepare('SELECT * FROM advisers WHERE cik = ?').all(cik);
      const key = (r: any) => `${r.file_number} ${r.role} ${r.position}`;
      expect([...rows].sort((a, b) => key(a).localeCompare(key(b))), cik).toEqual([...expected].sort((a: any, b: any) => key(a).localeCompare(key(b))));
    }
    // Unicycive's IPO: Sheppard Mullin for the issuer, Schiff Hardin (today ArentFox Schiff) for the underwriters, Mayer Hoffman McCann auditing.
    expect(sample.db.prepare(`SELECT role, firm FROM advisers WHERE cik = '0001766140' ORDER BY role, position`).all()).toEqual([
      { role: 'auditor', firm: 'Mayer Hoffman McCann' },
      { role: 'issuer_counsel', firm: 'Sheppard, Mullin, Richter & Hampton' },
      { role: 'underwriters_counsel', firm: 'ArentFox Schiff' },
    ]);
  });

  it('answer the README’s ten questions', async () => {
    const queries = readmeQueries();
    expect(queries).toHaveLength(11);
    const [gopro, aaoi, ritter, pipeline, underwriters, leadLeft, byYear, withTerms, snap, counsel, annual] = queries.map((q) => sample.db.prepare(q).all() as Array<Record<string, any>>);

    // The same figures as the API's outcome.
    const outcome = ((await (await sample.api.get('/api/v1/outcomes?cik=0001500435')).json()) as { data: Array<Record<string, number>> }).data[0];
    expect(gopro).toEqual([{ ticker: 'GPRO', offer_price: 24, close_day1: outcome.closeDay1, day1_return: Math.round(outcome.day1ReturnPct * 10_000) / 1_000_000 }]);
    expect(gopro[0].day1_return).toBeCloseTo((outcome.closeDay1 - 24) / 24, 4);

    expect(aaoi.slice(0, 2)).toEqual([
      { file_number: '333-190591', deal_type: 'ipo', status: 'listed', priced_date: '2013-09-25', upsized: 0 },
      { file_number: '333-194379', deal_type: 'follow_on', status: 'priced', priced_date: '2014-03-19', upsized: 1 },
    ]);

    // The Ritter sample of 2014 is the served operating IPOs listed that year with no exclusion flag.
    const listed2014 = await data('/api/v1/companies?listing_date_from=2014-01-01&listing_date_to=2014-12-31&limit=100');
    expect(listed2014.length).toBeLessThan(100);
    const inSample: string[] = [];
    const inSampleCiks = new Set<string>();
    for (const c of listed2014) {
      const { offerings } = await data(`/api/v1/companies/${c.cik}?include=offerings`);
      const current = offerings.find((o: any) => o.isCurrent);
      if (current?.dealType === 'ipo' && current.ritterExclusions.length === 0) {
        // Its listing's symbol, as the outcome gives it (not the company's symbol now).
        const [outcome] = await data(`/api/v1/outcomes?cik=${c.cik}`);
        inSample.push(outcome?.ticker ?? c.tickerHint);
        inSampleCiks.add(c.cik);
      }
    }
    expect(ritter.map((r) => r.ticker).sort()).toEqual(inSample.sort());
    expect(ritter.map((r) => r.ticker)).toEqual(expect.arrayContaining(['GPRO']));

    const ipoCompanies = sample.db.prepare('SELECT count(*) FROM companies WHERE is_ipo = 1').pluck().get() as number;
    expect(pipeline.reduce((n, r) => n + r.deals, 0)).toBe(ipoCompanies);
    expect(pipeline.map((r) => r.offering_status)).toContain('listed');

    expect(underwriters.length).toBeGreaterThan(0);
    for (const r of underwriters) expect(r.prospectuses).toBeGreaterThanOrEqual(1);

    // The lead-left the served terms name, prospectus by prospectus (AAOI's follow-on: Raymond James).
    const served = sample.db
      .prepare(`SELECT json_extract(terms_detail_json, '$.leadLeftBookrunner') AS lead_left, count(DISTINCT accession_number) AS prospectuses FROM api_filings
        WHERE json_extract(terms_detail_json, '$.leadLeftBookrunner') IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5`)
      .all();
    expect(leadLeft).toEqual(served);
    expect(leadLeft).toContainEqual({ lead_left: 'Raymond James & Associates, Inc.', prospectuses: 1 });

    expect(byYear.length).toBeGreaterThan(0);
    for (const r of byYear) expect(r).toMatchObject({ year: expect.stringMatching(/^\d{4}$/), ipos: expect.any(Number) });

    const read = sample.db.prepare(`SELECT count(*) FROM api_filings WHERE json_extract(terms_detail_json, '$.totalSharesOffered') IS NOT NULL`).pluck().get();
    expect(withTerms).toHaveLength(read as number);
    expect(withTerms.map((r) => r.filing_date)).toEqual(withTerms.map((r) => r.filing_date).sort().reverse());
    for (const r of withTerms) expect(r.document_url).toMatch(/^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/[1-9]\d*\/\d{18}\/\S+$/);
    expect(withTerms).toContainEqual(expect.objectContaining({ company_name: 'APPLIED OPTOELECTRONICS, INC.', form_type: 'S-1/A', shares_offered: expect.any(Number) }));

    const snapNews = await data(`/api/v1/news?cik=${SNAP}`);
    const known = (n: any) => (n.publishedAtSource === 'first_seen' ? 0 : 1);
    const byTime = [...snapNews].sort(
      (a: any, b: any) => known(b) - known(a) || a.publishedAt.localeCompare(b.publishedAt) || newsKey(a.url).localeCompare(newsKey(b.url)),
    );
    expect(snap).toEqual(
      byTime.map((n: any) => ({
        published_at: n.publishedAt,
        date_known: known(n),
        source: n.sourceName,
        title: n.title,
        url_slug: n.urlSlug,
        match_reason: n.match.reason,
        match_confidence: n.match.confidence,
      })),
    );
    // Snap's one article of unknown date (first observed in 2026) comes after its 2017 stories.
    expect(snap.map((r) => r.date_known)).toEqual([1, 1, 0]);

    // The issuers' counsel the served offerings name, counted by offering.
    const counts = new Map<string, number>();
    const offerings = sample.db.prepare(`SELECT o.value AS offering FROM companies c, json_each(c.offerings_json) o`).pluck().all() as string[];
    for (const firm of offerings.flatMap((o) => (JSON.parse(o).terms?.issuerCounsel ?? []) as string[])) counts.set(firm, (counts.get(firm) ?? 0) + 1);
    const top = [...counts].map(([firm, deals]) => ({ firm, deals })).sort((a, b) => b.deals - a.deals || (a.firm < b.firm ? -1 : 1)).slice(0, 5);
    expect(counsel).toEqual(top);
    expect(counsel).toContainEqual({ firm: 'DLA Piper', deals: 1 });

    // Ritter's annual table: 2014's row is the sample's IPOs of 2014 and the sums of their served outcomes.
    const outcomes2014 = (await data('/api/v1/outcomes?trading_start_date_from=2014-01-01&trading_start_date_to=2014-12-31&limit=100')).filter((o: any) => inSampleCiks.has(o.cik));
    expect(outcomes2014.length).toBeGreaterThan(10);
    const sum = (field: string) => outcomes2014.reduce((a: number, o: any) => a + (o[field] ?? 0), 0);
    const returns = outcomes2014.map((o: any) => o.day1ReturnPct).filter((x: number | null) => x !== null);
    expect(annual.find((r) => r.year === '2014')).toEqual({
      year: '2014',
      ipos: inSample.length,
      with_return: returns.length,
      ew_day1_pct: Math.round((10 * returns.reduce((a: number, x: number) => a + x, 0)) / returns.length) / 10,
      proceeds_bn: Math.round(sum('grossProceeds') / 1e7) / 100,
      base_deal: outcomes2014.filter((o: any) => o.grossProceedsBasis === 'base_deal').length,
      left_on_table_bn: Math.round(sum('moneyLeftOnTable') / 1e7) / 100,
    });
  });
});

describe('ipo_calendar and ipo_outcomes name a listing alike', () => {
  it("a calendar row's ticker is its listing's outcome symbol whenever an outcome is served, null included (units that never traded)", () => {
    const rows = sample.db
      .prepare(
        `SELECT c.cik, c.ticker AS calendar_ticker, o.ticker AS outcome_ticker FROM ipo_calendar c JOIN ipo_outcomes o ON o.cik = c.cik AND o.listing_date = c.listing_date`,
      )
      .all() as Array<{ cik: string; calendar_ticker: string | null; outcome_ticker: string | null }>;
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.calendar_ticker !== r.outcome_ticker)).toEqual([]);
  });
});

describe('offerings and ipo_outcomes name a listing alike; current_ticker is the SEC\'s', () => {
  it("a listed offering's ticker is its listing's outcome symbol, null included; any other's the company's", () => {
    const rows = sample.db
      .prepare(
        `SELECT s.cik, s.file_number, s.ticker AS offering_ticker, o.ticker AS outcome_ticker FROM offerings s JOIN ipo_outcomes o ON o.cik = s.cik AND o.listing_date = s.listing_date`,
      )
      .all() as Array<{ cik: string; offering_ticker: string | null; outcome_ticker: string | null }>;
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.offering_ticker !== r.outcome_ticker)).toEqual([]);
    const unlisted = sample.db
      .prepare(
        `SELECT count(*) AS n, sum(s.ticker IS NOT c.ticker) AS other FROM offerings s JOIN companies c ON c.cik = s.cik
         WHERE NOT EXISTS (SELECT 1 FROM outcomes o WHERE o.cik = s.cik AND o.trading_start_date = s.listing_date)`,
      )
      .get() as { n: number; other: number };
    expect(unlisted.n).toBeGreaterThan(100);
    expect(unlisted.other).toBe(0);
  });

  it("an expiry calendar row of the listing an outcome describes carries its symbol, null included", () => {
    const rows = sample.db
      .prepare(
        `SELECT e.entry_id, e.ticker AS entry_ticker, o.ticker AS outcome_ticker FROM expiry_calendar e JOIN ipo_outcomes o ON o.cik = e.cik AND o.listing_date = e.listing_date`,
      )
      .all() as Array<{ entry_ticker: string | null; outcome_ticker: string | null }>;
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.entry_ticker !== r.outcome_ticker)).toEqual([]);
  });

  it('current_ticker is a symbol the SEC lists the company under today, else null (never the last symbol of a company gone from its files)', () => {
    for (const view of ['ipo_calendar', 'offerings']) {
      const stale = sample.db
        .prepare(
          `SELECT v.cik, v.current_ticker FROM ${view} v WHERE v.current_ticker IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM company_tickers t WHERE t.cik = v.cik AND t.ticker = v.current_ticker AND t.is_current = 1)`,
        )
        .all();
      expect(stale, view).toEqual([]);
      const missed = sample.db
        .prepare(
          `SELECT v.cik FROM ${view} v WHERE v.current_ticker IS NULL
           AND EXISTS (SELECT 1 FROM company_tickers t WHERE t.cik = v.cik AND t.is_current = 1)`,
        )
        .all();
      expect(missed, view).toEqual([]);
    }
    // Companies the SEC lists no more are in the sample, and have none.
    const gone = sample.db
      .prepare(
        `SELECT count(*) AS n FROM ipo_calendar c WHERE c.cik NOT LIKE 'V-%' AND c.current_ticker IS NULL
         AND NOT EXISTS (SELECT 1 FROM company_tickers t WHERE t.cik = c.cik AND t.is_current = 1)`,
      )
      .get() as { n: number };
    expect(gone.n).toBeGreaterThan(0);
  });
});
