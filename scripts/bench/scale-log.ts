/**
 * The scale bench's event log: generated load shaped like 25 years of EDGAR, written straight into
 * events.db in the schema and with the event ids the real appender gives (schema/events/event-log.ts).
 *
 * Each weekday from 2000-01-03 gets its share of daily-index rows, each row's form drawn in the
 * proportions of the bundled real daily indexes (scale-material.ts). A row brings what the ingest
 * would log after it: for a form whose primary document the ingest fetches, the company's
 * submissions page and the document (the bytes of a bundled real prospectus, stored once as a blob
 * as the content-addressed log does); for a priced IPO's final prospectus, a vendor IPO row with the
 * figures of a real Bloomberg row. Companies, tickers and accession numbers are generated (CIKs
 * from 9000000000, never a real one) and every event says `source: generated-load`.
 *
 * The generator keeps only bounded state (the recent filings of companies the ingest would follow)
 * and writes in chunks of one transaction each, so it never holds the log in memory.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { SqliteHandle } from '../../schema/sqlite.ts';
import { BLOB_THRESHOLD_BYTES } from '../../schema/events/event-log.ts';
import type { DocumentMeta, EventType, IndexEntryPayload, IpoRowPayload, SubmissionsMeta } from '../../schema/events/event-types.ts';
import { GENERATED_LOAD_SOURCE } from '../generated-load.ts';
import { eventsPerIndexRow, isDocumentForm, PRICING_FORMS, type ProspectusBody, type ScaleMaterial } from './scale-material.ts';

/** Weekdays of 25 years of EDGAR, 2000–2024: the span the planned event count is spread over. */
const FIRST_DAY = Date.UTC(2000, 0, 3);
const SPAN_WEEKDAYS = 6_523;
/**
 * Index rows per registrant over the whole log: a choice of this bench, not a measured figure
 * (one day's index cannot tell how many filers 25 years hold). It sets how many companies the
 * projector derives and how many filings each carries.
 */
export const ROWS_PER_REGISTRANT = 30;
/** Filings a followed company's submissions page lists at most (EDGAR's recent page lists up to 1,000). */
const SUBMISSIONS_FILINGS = 100;
const FIRST_CIK = 9_000_000_000;

export interface ScaleLogPlan {
  /** The events the log is planned to hold: sets how many rows a day gets so that they span 25 years. */
  plannedEvents: number;
  seed?: number;
}

export interface GeneratedEvent {
  type: EventType;
  subject: string;
  observedAt: string;
  payload?: unknown;
  /** A prepared body (document bytes, stored once) or a fresh one (submissions page). */
  body?: ProspectusBody | Buffer;
  meta: Record<string, unknown>;
}

interface Filing {
  accessionNumber: string;
  date: string;
  form: string;
  primaryDocument: string;
}

/** mulberry32: a small seeded generator, so a log of a size is the same log on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The `day`-th weekday from 2000-01-03, as YYYY-MM-DD. */
function weekday(day: number): string {
  const week = Math.floor(day / 5);
  return new Date(FIRST_DAY + (week * 7 + (day % 5)) * 86_400_000).toISOString().slice(0, 10);
}

/** A generated ticker: letters from the company's number, after a Q no real symbol of the sample starts this way with. */
function tickerOf(company: number): string {
  let letters = '';
  let n = company;
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `Q${letters}`;
}

/** An endless, deterministic stream of generated events in log order. */
export class ScaleLogGenerator {
  private readonly random: () => number;
  private readonly cumulative: number[];
  private readonly rowsPerDay: number;
  private readonly registrants: number;
  private readonly pending: GeneratedEvent[] = [];
  /** Recent filings of the companies the ingest follows (those that filed a document form). */
  private readonly followed = new Map<number, Filing[]>();
  private day = 0;
  private rowsDone = 0;
  private year = '';
  private accessionsThisYear = 0;
  private vendorRow = 0;
  private document = 0;

  constructor(
    private readonly material: ScaleMaterial,
    plan: ScaleLogPlan,
  ) {
    this.random = seeded(plan.seed ?? 21);
    let sum = 0;
    this.cumulative = material.forms.map((f) => (sum += f.rows) / material.totalRows);
    const plannedRows = plan.plannedEvents / eventsPerIndexRow(material);
    this.rowsPerDay = plannedRows / SPAN_WEEKDAYS;
    this.registrants = Math.max(1, Math.ceil(plannedRows / ROWS_PER_REGISTRANT));
  }

  next(): GeneratedEvent {
    while (this.pending.length === 0) this.nextDay();
    return this.pending.shift()!;
  }

  private nextDay(): void {
    const date = weekday(this.day);
    const rows = Math.floor((this.day + 1) * this.rowsPerDay) - Math.floor(this.day * this.rowsPerDay);
    // Registrants join over the 25 years; each row's filer is any of those registered so far.
    const pool = Math.max(1, Math.min(this.registrants, Math.ceil((this.registrants * (this.day + 1)) / SPAN_WEEKDAYS)));
    for (let i = 0; i < rows; i++) this.row(date, Math.floor(this.random() * pool), this.pickForm());
    this.rowsDone += rows;
    this.day++;
  }

  private pickForm(): string {
    const u = this.random();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return this.material.forms[lo].form;
  }

  private accession(date: string): string {
    const year = date.slice(2, 4);
    if (year !== this.year) [this.year, this.accessionsThisYear] = [year, 0];
    const n = this.accessionsThisYear++;
    // A filer agent numbers up to 999,999 accessions a year; generated agents take over past that.
    const agent = String(9_900_000_000 + Math.floor(n / 1_000_000));
    return `${agent}-${year}-${String(n % 1_000_000).padStart(6, '0')}`;
  }

  private row(date: string, company: number, form: string): void {
    const cik = String(FIRST_CIK + company);
    const accessionNumber = this.accession(date);
    const observedAt = `${date}T22:00:00.000Z`;
    const slug = form.replace(/[^A-Za-z0-9]+/g, '').toLowerCase();
    const filing: Filing = { accessionNumber, date, form, primaryDocument: `${slug}-${accessionNumber}.htm` };
    const entry: IndexEntryPayload = {
      cik,
      companyName: `GENERATED LOAD CO ${company}`,
      formType: form,
      dateFiled: date,
      accessionNumber,
      fileName: `edgar/data/${cik}/${accessionNumber}.txt`,
    };
    const url = `generated-load:daily-index/${date}`;
    this.pending.push({ type: 'edgar.index_entry', subject: accessionNumber, observedAt, payload: entry, meta: { url, index: 'form', generatedLoad: true } });
    const history = this.followed.get(company);
    if (history) {
      history.unshift(filing);
      if (history.length > SUBMISSIONS_FILINGS) history.pop();
    }
    if (!isDocumentForm(form)) return;
    const filings = history ?? [filing];
    if (!history) this.followed.set(company, filings);
    const padded = cik.padStart(10, '0');
    const page: SubmissionsMeta = { url: `generated-load:submissions/CIK${padded}.json`, page: 'recent' };
    this.pending.push({ type: 'edgar.submissions', subject: padded, observedAt, body: this.submissions(padded, company, filings), meta: { ...page, generatedLoad: true } });
    const bodies = PRICING_FORMS.has(form) ? this.material.finals : this.material.registrations;
    const document: DocumentMeta = { url: `generated-load:document/${accessionNumber}`, cik: padded, accessionNumber, primaryDocument: filing.primaryDocument, contentType: 'text/html' };
    this.pending.push({ type: 'edgar.document', subject: accessionNumber, observedAt, body: bodies[this.document++ % bodies.length], meta: { ...document, generatedLoad: true } });
    if (PRICING_FORMS.has(form)) this.pending.push(this.vendorRowOf(company, date, observedAt));
  }

  /** A recent submissions page in the real page's shape (its keys and columns), about a generated company. */
  private submissions(cik: string, company: number, filings: Filing[]): Buffer {
    const column = <T>(f: (x: Filing) => T) => filings.map(f);
    const recent = {
      accessionNumber: column((f) => f.accessionNumber),
      filingDate: column((f) => f.date),
      reportDate: column(() => ''),
      acceptanceDateTime: column((f) => `${f.date}T16:00:00.000Z`),
      act: column((f) => (isDocumentForm(f.form) ? '33' : '')),
      form: column((f) => f.form),
      fileNumber: column((f) => (isDocumentForm(f.form) ? `333-${200_000 + (company % 800_000)}` : '')),
      filmNumber: column(() => ''),
      items: column(() => ''),
      core_type: column((f) => f.form),
      size: column(() => 0),
      isXBRL: column(() => 0),
      isInlineXBRL: column(() => 0),
      isXBRLNumeric: column(() => 0),
      primaryDocument: column((f) => f.primaryDocument),
      primaryDocDescription: column((f) => f.form),
    };
    const page = {
      ...this.material.submissionsTemplate,
      cik,
      name: `GENERATED LOAD CO ${company}`,
      tickers: [],
      exchanges: [],
      ein: null,
      description: 'Generated load of the scale bench: not a real company.',
      website: '',
      investorWebsite: '',
      addresses: {},
      phone: '',
      formerNames: [],
      filings: { recent, files: [] },
    };
    return Buffer.from(JSON.stringify(page));
  }

  /** A vendor IPO row for a generated company's pricing: a real Bloomberg row's figures under a generated name and ticker. */
  private vendorRowOf(company: number, date: string, observedAt: string): GeneratedEvent {
    const real = this.material.vendorRows[this.vendorRow++ % this.material.vendorRows.length];
    const ticker = tickerOf(company);
    const payload: IpoRowPayload = { ...real, bloombergTicker: `${ticker} US`, ticker, country: 'US', issuer: `Generated Load Co ${company}`, tradeDate: date, cusip: null };
    return { type: 'reference.ipo_row', subject: ticker, observedAt, payload, meta: { file: 'generated-load', generatedLoad: true } };
  }
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * Appends generated events to an events.db (schema/events) with prepared statements, one
 * transaction per chunk. Event ids are computed as the real appender computes them.
 */
export class ScaleLogWriter {
  private readonly insertBlob;
  private readonly insertEvent;
  private readonly storedBlobs = new Set<string>();

  constructor(private readonly db: SqliteHandle) {
    this.insertBlob = db.prepare('INSERT OR IGNORE INTO blobs (sha256, encoding, byte_length, data) VALUES (?, ?, ?, ?)');
    this.insertEvent = db.prepare(
      `INSERT INTO events (event_id, type, source, subject, observed_at, payload, blob_sha256, meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Appends the generator's next `count` events in transactions of `chunk`; `onChunk` after each. */
  write(generator: ScaleLogGenerator, count: number, chunk = 10_000, onChunk?: (written: number) => void): void {
    const append = this.db.transaction((n: number) => {
      for (let i = 0; i < n; i++) this.append(generator.next());
    });
    for (let written = 0; written < count; ) {
      const n = Math.min(chunk, count - written);
      append(n);
      written += n;
      onChunk?.(written);
    }
  }

  private append(event: GeneratedEvent): void {
    let payload: string | null = null;
    let blob: string | null = null;
    let contentHash: string;
    const body = event.body;
    if (Buffer.isBuffer(body)) {
      contentHash = blob = sha256(body);
      const large = body.length >= BLOB_THRESHOLD_BYTES;
      this.insertBlob.run(blob, large ? 'gzip' : 'identity', body.length, large ? gzipSync(body) : body);
    } else if (body) {
      // A real prospectus re-used: its blob is stored once, as the content-addressed log stores a body fetched twice.
      contentHash = blob = body.sha256;
      if (!this.storedBlobs.has(body.sha256)) {
        this.insertBlob.run(body.sha256, 'gzip', body.body.length, body.gzip);
        this.storedBlobs.add(body.sha256);
      }
    } else {
      payload = JSON.stringify(event.payload ?? null);
      contentHash = sha256(payload);
    }
    const eventId = sha256(`${event.type}\u0000${event.subject}\u0000${contentHash}`);
    this.insertEvent.run(eventId, event.type, GENERATED_LOAD_SOURCE, event.subject, event.observedAt, payload, blob, JSON.stringify(event.meta));
  }
}
