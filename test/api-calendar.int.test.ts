import { describe, expect, it } from 'vitest';
import { csvColumns } from '../api/http/csv-columns.ts';
import { csvShowsItems } from '../api/http/csv.testkit.ts';
import { ApiCalendarEntrySchema } from '../schema/api/resources.schema.ts';
import type { ApiCalendarEntry } from '../schema/api/types.ts';
import { asArray, parseXml, xmlText, type XmlNode } from '../schema/xml.ts';
import { useServedFullSample } from './api-harness.ts';

/**
 * The expiry calendar on the bundled real sample: the list (every page), its CSV, its Atom and
 * iCalendar feeds and the expiry_calendar view hold the same rows, and the filters select alike.
 */
const sample = useServedFullSample();

const UNICYCIVE = '0001766140';
const TESLA = '0001318605';

/** Every entry of the list under `query`, following next_cursor to the end; each page's CSV shows the same entries. */
async function allPages(query: string): Promise<ApiCalendarEntry[]> {
  const items: ApiCalendarEntry[] = [];
  let cursor: string | null = null;
  do {
    const path: string = `/api/v1/calendar?limit=100${query ? `&${query}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await sample.api.get(path);
    expect(res.status, path).toBe(200);
    const body = (await res.json()) as { data: ApiCalendarEntry[]; next_cursor: string | null; has_more: boolean };
    expect(body.has_more).toBe(body.next_cursor !== null);
    items.push(...body.data);
    const csv = await sample.api.get(path, { headers: { Accept: 'text/csv' } });
    expect(csv.status, path).toBe(200);
    csvShowsItems(await csv.text(), csvColumns(ApiCalendarEntrySchema), body.data);
    cursor = body.next_cursor;
  } while (cursor !== null);
  return items;
}

/** The unfolded content lines of an iCalendar text (RFC 5545 §3.1). */
function icsEvents(text: string): Array<Record<string, string>> {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const lines = text.replace(/\r\n /g, '').split('\r\n').filter((l) => l !== '');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines[lines.length - 1]).toBe('END:VCALENDAR');
  const events: Array<Record<string, string>> = [];
  let event: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') event = {};
    else if (line === 'END:VEVENT') events.push(event!), (event = null);
    else if (event) {
      const at = line.indexOf(':');
      event[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return events;
}

const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

async function text(path: string, type: string): Promise<string> {
  const res = await sample.api.get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toBe(type);
  return res.text();
}

function atomEntries(xml: string): XmlNode[] {
  return asArray((parseXml(xml).feed as XmlNode).entry as XmlNode | XmlNode[] | undefined);
}

const ids = (entries: readonly { id: string }[]) => entries.map((e) => e.id);

describe('the expiry calendar', () => {
  it('is the same rows in the list, the CSV, the Atom feed, the iCalendar file and the expiry_calendar view', async () => {
    const listed = await allPages('');
    const view = sample.db.prepare('SELECT * FROM expiry_calendar ORDER BY expiry_date, entry_id').all() as Array<Record<string, unknown>>;
    expect(listed.length).toBeGreaterThan(100);
    expect(ids(listed)).toEqual(view.map((r) => r.entry_id));
    // Column by column, the view says what the API serves.
    listed.forEach((e, i) =>
      expect(view[i]).toEqual({
        entry_id: e.id,
        kind: e.kind,
        expiry_date: e.expiryDate,
        first_sellable_trading_day: e.firstSellableTradingDay,
        cik: e.cik,
        company_name: e.companyName,
        ticker: e.ticker,
        deal_type: e.dealType,
        file_number: e.fileNumber,
        offering_source: e.offeringSource,
        listing_date: e.listingDate,
        start_date: e.startDate,
        days: e.days,
        tranche: e.tranche,
        shares: e.shares,
        terms_source: e.termsSource,
        rule: e.rule,
        source_accession_number: e.sourceAccessionNumber,
        description: e.description,
      }),
    );

    const events = icsEvents(await text('/api/v1/calendar.ics', 'text/calendar; charset=utf-8'));
    expect(events.map((e) => e.UID)).toEqual(listed.map((e) => `${e.id}@ipo-research`));
    events.forEach((event, i) => {
      expect(event['DTSTART;VALUE=DATE']).toBe(listed[i].expiryDate.replace(/-/g, ''));
      expect(unescapeText(event.DESCRIPTION)).toBe(listed[i].description);
      expect(event.SUMMARY).toContain(listed[i].companyName.replace(/([\\;,])/g, '\\$1'));
    });

    const entries = atomEntries(await text('/api/v1/calendar.atom', 'application/atom+xml; charset=utf-8'));
    expect(entries.map((e) => xmlText(e.id))).toEqual(listed.map((e) => `urn:ipo-research:calendar:${e.id}`));
    expect(entries.map((e) => xmlText(e.updated))).toEqual(listed.map((e) => `${e.expiryDate}T00:00:00Z`));
  }, 60_000);

  it('filters alike in the list, its CSV, the feeds and the view', async () => {
    const cases: Array<[string, string, unknown[]]> = [
      ['kind=lockup&expiry_date_from=2021-01-01&expiry_date_to=2021-12-31', "kind = 'lockup' AND expiry_date BETWEEN '2021-01-01' AND '2021-12-31'", []],
      ['kind=quiet_period&expiry_date_from=2016-01-01&expiry_date_to=2016-06-30', "kind = 'quiet_period' AND expiry_date BETWEEN '2016-01-01' AND '2016-06-30'", []],
      ['ticker=uncy', 'cik = ?', [UNICYCIVE]],
      [`cik=${Number(TESLA)}`, 'cik = ?', [TESLA]],
    ];
    for (const [query, where, params] of cases) {
      const listed = await allPages(query);
      const view = sample.db.prepare(`SELECT entry_id FROM expiry_calendar WHERE ${where} ORDER BY expiry_date, entry_id`).pluck().all(...params);
      expect(listed.length, query).toBeGreaterThan(0);
      expect(ids(listed), query).toEqual(view);
      const ics = icsEvents(await text(`/api/v1/calendar.ics?${query}`, 'text/calendar; charset=utf-8'));
      expect(ics.map((e) => e.UID), query).toEqual(listed.map((e) => `${e.id}@ipo-research`));
      const atom = atomEntries(await text(`/api/v1/calendar.atom?${query}`, 'application/atom+xml; charset=utf-8'));
      expect(atom.map((e) => xmlText(e.id)), query).toEqual(listed.map((e) => `urn:ipo-research:calendar:${e.id}`));
    }
  }, 60_000);

  it("serves a stated lock-up as the company's lock-up schedule, an IPO without terms as assumed, and each quiet period by its listing date's rule", async () => {
    const detail = (await (await sample.api.get(`/api/v1/companies/${UNICYCIVE}?include=lockup_schedule`)).json()) as any;
    const [quiet, lockup] = await allPages(`cik=${UNICYCIVE}`);
    expect(lockup).toMatchObject({
      kind: 'lockup',
      termsSource: 'prospectus',
      expiryDate: detail.data.lockupSchedule.tranches[0].expiryDate,
      firstSellableTradingDay: detail.data.lockupSchedule.tranches[0].firstSellableTradingDay,
      days: detail.data.lockupSchedule.tranches[0].days,
      sourceAccessionNumber: detail.data.lockupSchedule.sourceAccessionNumber,
      rule: null,
    });
    // Six months "following the closing": the tranche and its calendar entry count from the closing (2021-07-15),
    // the schedule's startDate is the prospectus date (2021-07-12), and each tranche's start + days is its expiry.
    const [tranche] = detail.data.lockupSchedule.tranches;
    expect([detail.data.lockupSchedule.startDate, tranche.startDate, lockup.startDate]).toEqual(['2021-07-12', '2021-07-15', '2021-07-15']);
    const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    expect(plusDays(tranche.startDate, tranche.days)).toBe(tranche.expiryDate);
    // Listed 2021-07-13, under FINRA Rule 2241: research by custom after 25 days (the rule's bar is 10).
    expect(quiet).toMatchObject({ kind: 'quiet_period', listingDate: '2021-07-13', expiryDate: '2021-08-07', days: 25, rule: 'finra_2241', termsSource: 'market_custom' });
    // Tesla listed 2010-06-29, under NASD Rule 2711: 40 days for the managers.
    const tesla = await allPages(`cik=${TESLA}&kind=quiet_period`);
    expect(tesla).toMatchObject([{ listingDate: '2010-06-29', expiryDate: '2010-08-08', days: 40, rule: 'nasd_2711', fileNumber: '333-164593' }]);

    const rows = sample.db.prepare('SELECT * FROM expiry_calendar').all() as Array<Record<string, any>>;
    for (const r of rows) {
      if (r.kind === 'quiet_period') {
        expect(r.rule, r.entry_id).toBe(r.listing_date >= '2015-12-24' ? 'finra_2241' : r.listing_date >= '2002-07-09' ? 'nasd_2711' : null);
        // NASD Rule 2711's 40 days bound every IPO from the Global Settlement to the JOBS Act; 25 days by custom outside it.
        // Between the JOBS Act and FINRA Rule 2241 the issuer's emerging-growth-company status decides, which its
        // filings show: Applied Optoelectronics' confidential draft of 2013 (only an EGC could submit one then);
        // the era's vendor-only IPOs show nothing, so each is assumed an EGC, and labelled.
        const bound = r.listing_date >= '2002-07-09' && r.listing_date < '2012-04-05';
        const jobsAct = r.listing_date >= '2012-04-05' && r.listing_date < '2015-12-24';
        const egcShown = r.cik === '0001158114';
        expect([r.days, r.terms_source], r.entry_id).toEqual(bound ? [40, 'rule'] : jobsAct && !egcShown ? [25, 'assumed_default'] : [25, 'market_custom']);
        if (jobsAct && !egcShown) expect(r.description).toMatch(/^Assumed: the data holds no prospectus of this IPO/);
        // No research quiet period for a SPAC.
        expect(r.deal_type, r.entry_id).not.toBe('spac');
      } else {
        expect(r.rule).toBeNull();
        // An assumed lock-up says so, and only an IPO's is assumed.
        if (r.terms_source === 'assumed_default') {
          expect([r.days, r.deal_type, r.source_accession_number]).toEqual([180, 'ipo', null]);
          expect(r.description).toMatch(/^Assumed, not stated/);
        } else expect(r.terms_source).toBe('prospectus');
      }
      expect(r.deal_type).not.toBe('direct_listing');
    }
    expect(new Set(rows.map((r) => r.terms_source))).toEqual(new Set(['prospectus', 'assumed_default', 'rule', 'market_custom']));
  });

  it('refuses bad input with a 400 naming each parameter', async () => {
    for (const [query, parameter] of [
      ['kind=lockups', 'kind'],
      ['expiry_date_from=2021-13-01', 'expiry_date_from'],
      ['expiry_to=2021-01-01', 'expiry_to'],
      ['cursor=abc', 'cursor'],
      ['limit=0', 'limit'],
    ]) {
      const res = await sample.api.get(`/api/v1/calendar?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: Array<{ parameter: string }> | null } };
      expect(body.error.code).toBe('invalid_request');
      if (parameter !== 'cursor') expect(body.error.details?.map((d) => d.parameter), query).toContain(parameter);
    }
    for (const feed of ['/api/v1/calendar.ics', '/api/v1/calendar.atom']) {
      const res = await sample.api.get(`${feed}?kind=ipo`);
      expect(res.status).toBe(400);
      // The feeds hold every entry: no pages.
      expect((await sample.api.get(`${feed}?limit=5`)).status).toBe(400);
    }
  });

  it('asks a key of the list and of the feeds, as of every data endpoint (only the article feed is public)', async () => {
    expect((await sample.api.get('/api/v1/calendar', { key: null })).status).toBe(401);
    for (const feed of ['/api/v1/calendar.ics?ticker=UNCY', '/api/v1/calendar.atom?ticker=UNCY']) {
      const refused = await sample.api.get(feed, { key: null });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    }
    const ics = await sample.api.get('/api/v1/calendar.ics?ticker=UNCY');
    expect(ics.status).toBe(200);
    expect(ics.headers.get('cache-control')).toBe('private, max-age=60');
    expect(ics.headers.get('vary')).toBe('Authorization');
    // A calendar client revalidates with the ETag: unchanged data is a 304 without a body.
    const etag = ics.headers.get('etag')!;
    expect((await sample.api.get('/api/v1/calendar.ics?ticker=UNCY', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });
});

