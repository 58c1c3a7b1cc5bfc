/**
 * Deal events of real companies: the rows derived from their real submissions (and Unicycive's real
 * S-1/A Amendment No. 3, which states its range) imply the change log's facts, keyed so that facts
 * seen early in a company's history keep their key as the rest of the evidence arrives.
 */
import { describe, expect, it } from 'vitest';
import { ApiDealEventDataSchema } from '../../schema/api/events.schema.ts';
import type { ArticlePublishedPayload } from '../../schema/events/event-types.ts';
import { readDocumentTerms } from '../extract/document.read.ts';
import type { DocumentTerms } from '../extract/document-terms.ts';
import { readDocumentFile, sampleProspectusPath } from '../extract/labelled-samples.ts';
import type { KnownFiling } from '../offering/filing.facts.ts';
import { loadSubmissions, type SUBMISSIONS } from '../offering/sample.testkit.ts';
import { companyIdentity } from './company.derive.ts';
import { deriveRows } from './company-rows.derive.ts';
import { articleDealEvent, companyDealEvents, recordingOrder, type DealEvent } from './deal-events.derive.ts';

const OBSERVED = '2026-01-02T00:00:00Z';

/** The company's rows as of `asOf`: the filings it had filed by then, index rows alone or its submissions. */
function eventsOf(name: keyof typeof SUBMISSIONS, options: { asOf?: string; source?: KnownFiling['source']; documents?: DocumentTerms[] } = {}): DealEvent[] {
  const { company, filings } = loadSubmissions(name);
  const asOf = options.asOf ?? '2026-01-02';
  const fromIndex = options.source === 'index';
  const known: KnownFiling[] = filings
    .filter((f) => f.filingDate <= asOf)
    // An index row names no file number, document or acceptance time; the submissions page does.
    .map((f) => (fromIndex ? { ...f, fileNumber: null, primaryDocument: null, acceptanceDateTime: null, items: null, companyName: company.name, source: 'index' as const } : { ...f, companyName: null, source: 'submissions' as const }));
  const facts = { ...company, ...(fromIndex ? { name: null, tickers: [], exchanges: [], sic: null, sicDescription: null } : {}), updatedAt: OBSERVED };
  const identity = companyIdentity(facts, known, []);
  const rows = deriveRows({
    facts, filings: known, hints: [], identity, documents: options.documents ?? [], snapshot: null, vendorRows: [], bars: new Map(), news: [], today: asOf,
  });
  return rows ? companyDealEvents(rows) : [];
}

const keys = (events: DealEvent[]) => events.map((e) => e.key);
const ofType = (events: DealEvent[], type: DealEvent['type']) => events.filter((e) => e.type === type);

describe('companyDealEvents', () => {
  it('Learn CW: its SPAC IPO as events: registration, priced by its 424B4, listed, then combined (merger proxy, the exchange\'s 25-NSE)', () => {
    const events = eventsOf('learncw');
    const cik = '0001847577';
    expect(ofType(events, 'company')).toEqual([expect.objectContaining({ key: `company:${cik}`, occurredOn: '2021-03-29', data: expect.objectContaining({ name: 'Learn CW Investment Corp', dealType: 'spac' }) })]);
    expect(ofType(events, 'registration').map((e) => [e.key, e.data.formType, e.data.dealType])).toEqual([[`registration:${cik}:0001140361-21-010426`, 'S-1', 'spac']]);
    expect(ofType(events, 'priced')).toEqual([
      expect.objectContaining({ key: `priced:${cik}:0001140361-21-034373`, occurredOn: '2021-10-07', data: expect.objectContaining({ dealType: 'spac', fileNumber: '333-254820' }) }),
    ]);
    expect(ofType(events, 'listed').map((e) => [e.key, e.occurredOn])).toEqual([[`listed:${cik}:2021-10-08`, '2021-10-08']]);
    expect(ofType(events, 'combined')).toEqual([
      expect.objectContaining({ key: `combined:${cik}:0001354457-24-000744`, occurredOn: '2024-10-03', data: expect.objectContaining({ formType: '25-NSE' }) }),
    ]);
    expect(ofType(events, 'delisted')).toEqual([]);
    // One filing event per served filing, each keyed by its accession.
    const filings = ofType(events, 'filing');
    expect(new Set(keys(filings)).size).toBe(filings.length);
    expect(filings.every((e) => e.key === `filing:${cik}:${e.data.accessionNumber}` && e.occurredOn === e.data.filingDate)).toBe(true);
    expect(new Set(keys(events)).size).toBe(events.length);
  });

  it("Unicycive: its listing names UNCY, the symbol its S-1/A applied for, when its final prospectus was not read, as its offering's listingSymbol does", () => {
    const accessionNumber = '0001213900-21-035033';
    const read = readDocumentTerms(readDocumentFile(sampleProspectusPath('S-1-A_0001213900-21-035033_unicycive.htm.gz')), { cik: '0001766140', accessionNumber, primaryDocument: null }, 'S-1/A', OBSERVED);
    const listed = (documents: DocumentTerms[]) => ofType(eventsOf('unicycive', { asOf: '2021-07-14', documents }), 'listed').map((e) => [e.occurredOn, e.data.ticker]);
    expect(listed([(read as { terms: DocumentTerms }).terms])).toEqual([['2021-07-13', 'UNCY']]);
    // Without a read document no evidence of the listing names a symbol: the SEC's UNCY is today's.
    expect(listed([])).toEqual([['2021-07-13', null]]);
  });

  it("a company event is dated by the company's first evidence and says the day its status is as of: AAOI, first seen by a REGDEX of 2006-12-15, listed as of its newest filing", () => {
    const newest = loadSubmissions('aaoi').filings.reduce((a, f) => (f.filingDate > a ? f.filingDate : a), '');
    const [company] = ofType(eventsOf('aaoi'), 'company');
    expect([company.occurredOn, company.data.offeringStatus, company.data.statusAsOf]).toEqual(['2006-12-15', 'listed', newest]);
    // As of a day before its listing, the same fact says the status of that day, as of its own evidence.
    const [early] = ofType(eventsOf('aaoi', { asOf: '2013-08-13' }), 'company');
    expect([early.occurredOn, early.data.offeringStatus, early.data.statusAsOf]).toEqual(['2006-12-15', 'filed', '2013-08-13']);
  });

  it('Unicycive: the range its S-1/A states is the range set, keyed by that filing', () => {
    const accessionNumber = '0001213900-21-035033';
    const read = readDocumentTerms(readDocumentFile(sampleProspectusPath('S-1-A_0001213900-21-035033_unicycive.htm.gz')), { cik: '0001766140', accessionNumber, primaryDocument: null }, 'S-1/A', OBSERVED);
    const events = eventsOf('unicycive', { asOf: '2021-07-01', documents: [(read as { terms: DocumentTerms }).terms] });
    expect(ofType(events, 'range_set')).toEqual([
      { key: `range:0001766140:${accessionNumber}`, type: 'range_set', cik: '0001766140', ticker: 'UNCY', occurredOn: '2021-06-30', data: { low: 5, high: 6, accessionNumber, formType: 'S-1/A', filingDate: '2021-06-30' } },
    ]);
    expect(ofType(events, 'range_revised')).toEqual([]);
    // Without the document no range is known, and none is invented.
    expect(ofType(eventsOf('unicycive', { asOf: '2021-07-01' }), 'range_set')).toEqual([]);
  });

  it('keeps its keys as the evidence arrives: what the index rows imply at each step is among what the whole history implies', () => {
    const whole = new Set(keys(eventsOf('learncw')));
    for (const asOf of ['2021-03-29', '2021-06-01', '2021-10-07', '2021-10-12', '2022-01-01']) {
      for (const source of ['index', 'submissions'] as const) {
        const early = eventsOf('learncw', { asOf, source });
        expect(keys(early).filter((k) => !whole.has(k)), `${source} as of ${asOf}`).toEqual([]);
      }
    }
    // Priced is keyed by the final prospectus, not by the deal's file number an index row lacks.
    expect(keys(ofType(eventsOf('learncw', { asOf: '2021-10-12', source: 'index' }), 'priced'))).toEqual(['priced:0001847577:0001140361-21-034373']);
  });

  it('Vincerx: every end it went through is a fact, each dated by its own evidence: combined (closed 2020-12-23, reported 2020-12-30), then delisted (Form 25, 2025-04-28)', () => {
    const cik = '0001796129';
    const ends = eventsOf('vincerx').filter((e) => e.type === 'combined' || e.type === 'delisted');
    expect(ends.map((e) => [e.key, e.type, e.occurredOn])).toEqual([
      [`combined:${cik}:0001193125-20-329821`, 'combined', '2020-12-23'],
      [`delisted:${cik}:0001193125-25-100448`, 'delisted', '2025-04-28'],
    ]);
    // Before the delisting, the combination was the end in force: the same fact, the same key.
    expect(ofType(eventsOf('vincerx', { asOf: '2022-01-01' }), 'combined').map((e) => [e.key, e.occurredOn])).toEqual([[`combined:${cik}:0001193125-20-329821`, '2020-12-23']]);
  });

  it('Solidion: the combination occurred on the closing the filings date (2024-02-02: the 8-K\'s date of report, the 25-NSE), not on the 8-K\'s filing (2024-02-08)', () => {
    expect(ofType(eventsOf('solidion'), 'combined').map((e) => [e.key, e.occurredOn])).toEqual([['combined:0001881551:0001213900-24-011711', '2024-02-02']]);
  });

  it('Applied Optoelectronics: its draft and its IPO registration are one registration, recorded at the S-1 of 2013-08-13, not at the DRS of 2013-04-04', () => {
    const cik = '0001158114';
    const registrations = ofType(eventsOf('aaoi'), 'registration').sort(recordingOrder);
    expect(registrations.slice(0, 1).map((e) => [e.key, e.occurredOn, e.data.formType, e.data.fileNumber])).toEqual([[`registration:${cik}:0001047469-13-008409`, '2013-08-13', 'S-1', '333-190591']]);
    expect(registrations.map((e) => e.data.formType)).not.toContain('DRS');
    // While only the draft is known (index rows or submissions), no registration is recorded: it was not public.
    for (const source of ['index', 'submissions'] as const) expect(ofType(eventsOf('aaoi', { asOf: '2013-07-31', source }), 'registration'), source).toEqual([]);
  });

  it('one registration fact per registration of every sample company, at its first public filing: never a draft, never a second one of the same file number', () => {
    for (const name of ['aaoi', 'unicycive', 'alzamend', 'vincerx', 'solidion', 'learncw'] as const) {
      const events = eventsOf(name);
      const registrations = ofType(events, 'registration');
      expect(registrations.filter((e) => /^(?:DRS|DOS)/.test(String(e.data.formType))), name).toEqual([]);
      const fileNumbers = registrations.map((e) => e.data.fileNumber);
      expect(new Set(fileNumbers).size, name).toBe(fileNumbers.length);
      // Each is dated at its offering's first public filing, the day the offerings view serves as first_filed_date.
      const filings = ofType(events, 'filing');
      for (const r of registrations) {
        const sameDeal = filings.filter((f) => f.data.fileNumber === r.data.fileNumber && !/^(?:DRS|DOS)/.test(String(f.data.formType)));
        expect(r.occurredOn, `${name} ${r.key}`).toBe(sameDeal.map((f) => String(f.occurredOn)).sort()[0]);
      }
    }
  });

  it('Alzamend: a withdrawn offering is a withdrawn event on the date of its withdrawal, naming the filing', () => {
    const withdrawn = ofType(eventsOf('alzamend'), 'withdrawn');
    expect(withdrawn).toEqual([expect.objectContaining({ key: 'withdrawn:0001677077:2020-09-21', occurredOn: '2020-09-21' })]);
    expect(withdrawn[0].data).toMatchObject({ withdrawnDate: '2020-09-21', accessionNumber: expect.stringMatching(/^\d{10}-\d{2}-\d{6}$/) });
  });
});

describe('the wire contract', () => {
  it('every event of real companies and an article has the data its type documents (ApiDealEventData)', async () => {
    const { Ajv } = await import('ajv');
    const addFormats = ((await import('ajv-formats')) as unknown as { default: (ajv: InstanceType<typeof Ajv>) => void }).default;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(ApiDealEventDataSchema);
    const read = readDocumentTerms(readDocumentFile(sampleProspectusPath('S-1-A_0001213900-21-035033_unicycive.htm.gz')), { cik: '0001766140', accessionNumber: '0001213900-21-035033', primaryDocument: null }, 'S-1/A', OBSERVED);
    const events = [
      ...eventsOf('learncw'), ...eventsOf('alzamend'), ...eventsOf('aaoi'), ...eventsOf('solidion'), ...eventsOf('vincerx'),
      ...eventsOf('unicycive', { documents: [(read as { terms: DocumentTerms }).terms] }),
      articleDealEvent({ id: 'weekly-2014-W26', sourceKind: 'weekly_review', title: 'IPO week', publishedAt: '2014-06-28T13:00:00.000Z', path: '/articles/weekly-2014-W26', html: '', summary: '' }),
    ];
    const types = new Set(events.map((e) => e.type));
    for (const type of ['company', 'filing', 'registration', 'range_set', 'priced', 'listed', 'withdrawn', 'delisted', 'combined', 'article']) expect(types, type).toContain(type);
    for (const event of events) expect(validate(event.data), `${event.key}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  });
});

describe('articleDealEvent and the recording order', () => {
  it('an article is keyed by its id, dated by its publication', () => {
    const article: ArticlePublishedPayload = { id: 'daily-2017-03-02', sourceKind: 'daily_spotlight', title: 'IPO spotlight', publishedAt: '2017-03-02T23:00:00.000Z', path: '/articles/daily-2017-03-02', html: '<p></p>', summary: '' };
    expect(articleDealEvent(article)).toEqual({
      key: 'article:daily-2017-03-02', type: 'article', cik: null, ticker: null, occurredOn: '2017-03-02',
      data: { id: 'daily-2017-03-02', sourceKind: 'daily_spotlight', title: 'IPO spotlight', path: '/articles/daily-2017-03-02', publishedAt: '2017-03-02T23:00:00.000Z' },
    });
  });

  it('orders by occurred date, then key, whatever order the derivations ran in', () => {
    const events = eventsOf('learncw');
    const sorted = [...events].sort(recordingOrder);
    expect([...events].reverse().sort(recordingOrder)).toEqual(sorted);
    expect(sorted[0].key).toBe('company:0001847577');
    expect(sorted.map((e) => e.occurredOn ?? '')).toEqual(sorted.map((e) => e.occurredOn ?? '').sort());
  });
});
