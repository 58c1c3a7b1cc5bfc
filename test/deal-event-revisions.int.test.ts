/**
 * A fact the change log recorded early is revised, not kept silently, when later evidence changes
 * what it states. Laser Photonics (LASE) on the real EDGAR daily index of 2022-10-03: its 424B4 alone
 * dates the pricing by the prospectus; Bloomberg's raw export row then shows the first trade on 2022-09-30 at
 * $5.00, so the offering priced 2022-09-29. The views say so, and so must the change log.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openEventLogDb, openReadDbForWrite } from '../schema/databases.ts';
import { projectIncremental } from '../projector/index.ts';
import { bloombergRawRows, bloombergRows, ipoRowEvents, yahooRows } from './projector-enrichment-events.ts';
import { companyTickersEvent, indexEntryEvents, submissionsEvent, SUBMISSIONS_FILES, tempDir } from './projector-sample-events.ts';
import { useServedFullSample } from './api-harness.ts';

const LASE = '0001807887';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** An empty event log and read.db in a folder of their own (removed after the test), and a projection of the one into the other. */
async function freshProjection(prefix: string) {
  const tmp = tempDir(prefix);
  const events = await openEventLogDb(tmp.dir);
  const read = await openReadDbForWrite(`${tmp.dir}/read.db`);
  cleanups.push(tmp.remove, () => events.close(), () => read.close());
  return { events, read, project: () => projectIncremental({ eventLog: events.log, readDb: read.sqlite }) };
}

describe('revisions in the change log', () => {
  it('records a revision of a priced fact when the first trade corrects its date and the vendor row states its price; once', async () => {
    const { events, read, project } = await freshProjection('deal-event-revisions');
    const priced = () =>
      (read.sqlite.prepare(`SELECT key, occurred_on, data_json FROM deal_events WHERE type = 'priced' AND cik = ? ORDER BY id`).all(LASE) as Array<{ key: string; occurred_on: string; data_json: string }>).map(
        (r) => ({ key: r.key, occurredOn: r.occurred_on, data: JSON.parse(r.data_json) as Record<string, unknown> }),
      );
    const served = () => read.sqlite.prepare(`SELECT priced_date, offer_price FROM offerings WHERE cik = ? AND final_prospectus_accession_number IS NOT NULL`).get(LASE) as { priced_date: string; offer_price: number | null };

    events.log.appendMany(indexEntryEvents('company.20221003.idx.gz').filter((e) => (e.payload as { cik: string }).cik.padStart(10, '0') === LASE));
    project();
    const [first] = priced();
    expect(priced()).toHaveLength(1);
    expect(first.key).toMatch(new RegExp(`^priced:${LASE}:\\d{10}-\\d{2}-\\d{6}$`));
    expect({ pricedDate: first.data.pricedDate, offerPrice: first.data.offerPrice }).toEqual({ pricedDate: served().priced_date, offerPrice: served().offer_price });

    const rows = bloombergRawRows().filter((r) => r.ticker === 'LASE');
    expect(rows.map((r) => [r.tradeDate, r.offerPrice])).toEqual([['2022-09-30', 5]]);
    events.log.appendMany(ipoRowEvents(rows));
    project();
    expect(served()).toEqual({ priced_date: '2022-09-29', offer_price: 5 });
    const [, revision, ...more] = priced();
    expect(more).toEqual([]);
    expect(revision).toEqual({
      key: `${first.key}#1|2022-09-29|5`,
      occurredOn: '2022-09-29',
      data: expect.objectContaining({ pricedDate: '2022-09-29', offerPrice: 5, revises: { key: first.key, pricedDate: first.data.pricedDate, offerPrice: first.data.offerPrice } }),
    });
    // The latest event of the fact is what the views serve; deriving it again adds nothing.
    events.log.appendMany(ipoRowEvents(rows, '2026-03-01T00:00:00.000Z'));
    project();
    expect(priced()).toHaveLength(2);
  });
});

describe('a registration learns its file number and deal type', () => {
  it("Unicycive's S-1 of 2021-05-21 seen first as an index row (no file number, no deal yet), then on its submissions page: the registration is revised to 333-256367, ipo; once", async () => {
    const UNICYCIVE = '0001766140';
    const S1 = '0001213900-21-028391';
    const { events, read, project } = await freshProjection('deal-event-registration');
    const registrations = () =>
      (read.sqlite.prepare(`SELECT key, data_json FROM deal_events WHERE type = 'registration' AND cik = ? AND key LIKE ? ORDER BY id`).all(UNICYCIVE, `%:${S1}%`) as Array<{ key: string; data_json: string }>).map((r) => ({
        key: r.key,
        data: JSON.parse(r.data_json) as Record<string, unknown>,
      }));
    // The row EDGAR's daily index (or its latest-filings feed) gives the filing, as its submissions page states it.
    events.log.append({
      type: 'edgar.index_entry', source: 'edgar', subject: S1, observedAt: '2021-05-21T21:30:00.000Z',
      payload: { cik: '1766140', companyName: 'Unicycive Therapeutics, Inc.', formType: 'S-1', dateFiled: '2021-05-21', accessionNumber: S1, fileName: `edgar/data/1766140/${S1}.txt` },
      meta: { index: 'current' },
    });
    project();
    const [first, ...none] = registrations();
    expect(none).toEqual([]);
    expect(first.key).toBe(`registration:${UNICYCIVE}:${S1}`);
    expect(first.data).toMatchObject({ accessionNumber: S1, formType: 'S-1', fileNumber: null });

    const page = SUBMISSIONS_FILES.find((f) => f.cik === UNICYCIVE && f.page === 'recent')!;
    events.log.append(submissionsEvent(page));
    project();
    const [, revision, ...more] = registrations();
    expect(more).toEqual([]);
    expect(revision.key).toBe(`${first.key}#1|333-256367|ipo`);
    expect(revision.data).toMatchObject({ fileNumber: '333-256367', dealType: 'ipo', revises: { key: first.key, fileNumber: null, dealType: first.data.dealType } });
    // Deriving it again adds nothing.
    events.log.append(submissionsEvent(page, '2026-03-01T00:00:00.000Z'));
    project();
    expect(registrations()).toHaveLength(2);
  });
});

describe('a listing symbol only from the listing\'s own evidence', () => {
  it("Facebook 2012: Bloomberg's row lists the IPO under today's META, as the SEC does, for a company EDGAR named Facebook Inc after it listed, so the listing goes out with no symbol; the Yahoo row of the day revises it to FB", async () => {
    const FACEBOOK = '0001326801';
    const { events, read, project } = await freshProjection('deal-event-listing-symbol');
    const listed = () =>
      (read.sqlite.prepare(`SELECT key, data_json FROM deal_events WHERE type = 'listed' AND cik = ? ORDER BY id`).all(FACEBOOK) as Array<{ key: string; data_json: string }>).map((r) => ({
        key: r.key,
        data: JSON.parse(r.data_json) as Record<string, unknown>,
      }));
    const servedTicker = () => read.sqlite.prepare(`SELECT ticker FROM ipo_outcomes WHERE cik = ?`).pluck().get(FACEBOOK);

    // The SEC's current tickers (company_tickers.json: META), Bloomberg's row of the IPO under META, and
    // the 2020-03-18 index, whose Form 4s name the issuer Facebook Inc: renamed since it listed.
    const bloomberg = bloombergRows().filter((r) => r.ticker === 'META');
    expect(bloomberg.map((r) => [r.issuer, r.tradeDate])).toEqual([['Meta Platforms Inc', '2012-05-18']]);
    const form4s = indexEntryEvents('form.20200318.idx.gz').filter((e) => (e.payload as { cik: string; companyName: string }).cik.padStart(10, '0') === FACEBOOK);
    expect(form4s.map((e) => (e.payload as { companyName: string }).companyName)).toContain('Facebook Inc');
    events.log.appendMany([companyTickersEvent(), ...form4s, ...ipoRowEvents(bloomberg)]);
    project();
    expect(servedTicker()).toBe('META');
    const [first] = listed();
    expect(listed()).toHaveLength(1);
    expect(first).toEqual({ key: `listed:${FACEBOOK}:2012-05-18`, data: expect.objectContaining({ listingDate: '2012-05-18', ticker: null, offerPrice: 38 }) });

    const yahoo = yahooRows().filter((r) => r.ticker === 'FB');
    expect(yahoo.map((r) => [r.issuer, r.tradeDate])).toEqual([['Facebook Inc', '2012-05-18']]);
    events.log.appendMany(ipoRowEvents(yahoo, undefined, 'yahoo'));
    project();
    expect(servedTicker()).toBe('FB');
    const [, revision, ...more] = listed();
    expect(more).toEqual([]);
    expect(revision.key).toMatch(new RegExp(`^listed:${FACEBOOK}:2012-05-18#1\\|38\\|FB\\|`));
    expect(revision.data).toMatchObject({ ticker: 'FB', revises: { key: first.key, ticker: null } });
    expect(listed().map((e) => e.data.ticker)).not.toContain('META');
  });
});

describe('a company served under another id', () => {
  it("Pensare's SPAC, first a vendor-only company (V-WRLSU-2017-07-27), then joined to its EDGAR company once the Yahoo row names its issuer: the old id's company fact names the CIK it is served as", async () => {
    const PENSARE = '0001704760';
    const VENDOR_ID = 'V-WRLSU-2017-07-27';
    const { events, read, project } = await freshProjection('deal-event-served-as');
    const served = () => read.sqlite.prepare(`SELECT cik FROM companies WHERE cik IN (?, ?) ORDER BY cik`).pluck().all(PENSARE, VENDOR_ID);
    const companyFacts = (cik: string) =>
      (read.sqlite.prepare(`SELECT key, data_json FROM deal_events WHERE type = 'company' AND cik = ? ORDER BY id`).all(cik) as Array<{ key: string; data_json: string }>).map((r) => ({
        key: r.key,
        data: JSON.parse(r.data_json) as Record<string, unknown>,
      }));

    // Pensare's 8-K/A on the real daily index of 2020-03-18, and Bloomberg's row of its units under the combined company's name.
    events.log.appendMany(indexEntryEvents('form.20200318.idx.gz').filter((e) => (e.payload as { cik: string }).cik.padStart(10, '0') === PENSARE));
    const units = bloombergRows().filter((r) => r.ticker === 'WRLSU');
    expect(units.map((r) => [r.issuer, r.tradeDate])).toEqual([['American Virtual Cloud Technol', '2017-07-27']]);
    events.log.appendMany(ipoRowEvents(units));
    project();
    expect(served()).toEqual([VENDOR_ID]);
    expect(companyFacts(VENDOR_ID)).toEqual([{ key: `company:${VENDOR_ID}`, data: expect.objectContaining({ servedAs: null }) }]);

    // The Yahoo list names the issuer as EDGAR does: the IPO is the EDGAR company's, and the vendor id is served no more.
    const yahoo = yahooRows().filter((r) => r.ticker === 'WRLS');
    expect(yahoo.map((r) => r.issuer)).toEqual(['Pensare Acquisition Corp']);
    events.log.appendMany(ipoRowEvents(yahoo, undefined, 'yahoo'));
    project();
    expect(served()).toEqual([PENSARE]);
    const [first, revision, ...more] = companyFacts(VENDOR_ID);
    expect(more).toEqual([]);
    expect(revision.key).toMatch(new RegExp(`^company:${VENDOR_ID}#1\\|.*\\|${PENSARE}$`));
    expect(revision.data).toMatchObject({ servedAs: PENSARE, revises: { key: first.key, servedAs: null } });
    // The facts it had are the EDGAR company's now: a client folding by servedAs counts one listing.
    const listings = read.sqlite
      .prepare(
        `SELECT DISTINCT coalesce((SELECT json_extract(c.data_json, '$.servedAs') FROM deal_events c WHERE c.type = 'company' AND c.cik = e.cik ORDER BY c.id DESC LIMIT 1), e.cik) || ':' || e.occurred_on
         FROM deal_events e WHERE e.type = 'listed'`,
      )
      .pluck()
      .all();
    expect(listings).toEqual([`${PENSARE}:2017-07-27`]);
    // Deriving again adds nothing.
    events.log.appendMany(ipoRowEvents(yahoo, '2026-03-01T00:00:00.000Z', 'yahoo'));
    project();
    expect(companyFacts(VENDOR_ID)).toHaveLength(2);
  });
});

describe('the change log agrees with the views', () => {
  const sample = useServedFullSample();
  // The latest event of each fact: its first event, or its latest revision (`key#values`).
  const latest = (type: string) =>
    `SELECT e.* FROM deal_events e JOIN (SELECT substr(key, 1, instr(key || '#', '#') - 1) AS fact, max(id) AS id FROM deal_events WHERE type = '${type}' GROUP BY fact) f ON f.id = e.id`;

  it('a listing event names the symbol the listing started under only from its own evidence, as ipo_outcomes serves it, else none ', () => {
    const rows = sample.db
      .prepare(
        `SELECT e.cik, json_extract(e.data_json, '$.listingDate') AS listing_date, json_extract(e.data_json, '$.ticker') AS event_ticker, o.ticker,
                json_extract(e.data_json, '$.exchange') AS event_exchange, o.exchange
         FROM (${latest('listed')}) e JOIN ipo_outcomes o ON o.cik = e.cik AND o.listing_date = json_extract(e.data_json, '$.listingDate')`,
      )
      .all() as Array<{ cik: string; event_ticker: string | null; ticker: string | null; event_exchange: string | null; exchange: string | null }>;
    expect(rows.length).toBeGreaterThan(300);
    // The outcome's symbol, or none while only today's symbols (the SEC's, Bloomberg's repeating it) name it: never another.
    expect(rows.filter((r) => r.event_ticker !== null && r.event_ticker !== r.ticker)).toEqual([]);
    expect(rows.filter((r) => r.event_ticker !== null).length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.exchange !== null && r.event_exchange !== r.exchange)).toEqual([]);
    expect(rows.filter((r) => r.exchange !== null).length).toBeGreaterThan(0);
    // No listing went out under a symbol a revision then replaced: a revision names a symbol that was not known, never another.
    const replaced = sample.db
      .prepare(
        `SELECT key, json_extract(data_json, '$.revises.ticker') AS first, json_extract(data_json, '$.ticker') AS ticker FROM deal_events
         WHERE type = 'listed' AND key LIKE '%#%' AND json_extract(data_json, '$.revises.ticker') != json_extract(data_json, '$.ticker')`,
      )
      .all();
    expect(replaced).toEqual([]);
  });

  it("a company's latest event states its served name, type and status: a client rebuilding state from the log ends where the API is", () => {
    const rows = sample.db
      .prepare(
        `SELECT e.cik, json_extract(e.data_json, '$.name') AS name, json_extract(e.data_json, '$.dealType') AS deal_type, json_extract(e.data_json, '$.offeringStatus') AS status,
                c.name AS served_name, c.deal_type AS served_type, c.offering_status AS served_status
         FROM (${latest('company')}) e JOIN companies c ON c.cik = e.cik`,
      )
      .all() as Array<{ cik: string; name: string; deal_type: string | null; status: string; served_name: string; served_type: string | null; served_status: string }>;
    expect(rows.length).toBe(sample.db.prepare('SELECT count(*) FROM companies').pluck().get());
    expect(rows.filter((r) => r.name !== r.served_name || r.deal_type !== r.served_type || r.status !== r.served_status)).toEqual([]);
    // The sample is a rebuild, which derives each company once, from its final state: its log states
    // final statuses, not the ones a live projection saw on the way (those are revised in its log).
    const revisions = sample.db.prepare(`SELECT count(*) FROM deal_events WHERE type = 'company' AND key LIKE 'company:%#%'`).pluck().get() as number;
    expect(revisions).toBe(0);
  });

  it("a pricing event's latest date and price are the offering's", () => {
    const rows = sample.db
      .prepare(
        `SELECT e.key, json_extract(e.data_json, '$.pricedDate') AS event_date, s.priced_date, json_extract(e.data_json, '$.offerPrice') AS event_price, s.offer_price
         FROM (${latest('priced')}) e JOIN offerings s ON s.cik = e.cik AND s.final_prospectus_accession_number = json_extract(e.data_json, '$.accessionNumber')`,
      )
      .all() as Array<{ event_date: string; priced_date: string; event_price: number | null; offer_price: number | null }>;
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.event_date !== r.priced_date || (r.offer_price !== null && r.event_price !== r.offer_price))).toEqual([]);
  });
});
