import { padCik } from '../schema/cik.ts';
import { CompanyTickersParseError, parseCompanyTickers } from '../schema/edgar/company-tickers.parse.ts';
import { parseSubmissions, SubmissionsParseError } from '../schema/edgar/submissions.parse.ts';
import type { StoredEvent } from '../schema/events/event-log.ts';
import type { IndexEntryPayload } from '../schema/events/event-types.ts';
import { documentMeta, readDocumentTerms } from './document.apply.ts';
import type { EnrichmentState } from './enrichment.store.ts';
import { applyCompanyFacts, applyDailyBars, applyIpoRow, UnreadableMarketEventError } from './market.apply.ts';
import { applyNewsArticle, readArticlePayload, UnreadableNewsEventError } from './news.apply.ts';
import type { NewsLinker } from './news-linker.ts';
import type { ServedTables } from './served.store.ts';
import type { ProjectorState } from './state.store.ts';

/** A payload the projector cannot read: the event is recorded in proj_skipped_events and passed over. */
export class UnreadableEventError extends Error {}

export function isUnreadable(error: unknown): error is Error {
  return (
    error instanceof UnreadableEventError ||
    error instanceof SubmissionsParseError ||
    error instanceof CompanyTickersParseError ||
    error instanceof UnreadableMarketEventError ||
    error instanceof UnreadableNewsEventError
  );
}

/** Everything an event may write: the projector's state and, for articles, the served table itself. */
export interface ApplyTarget {
  state: ProjectorState;
  enrichment: EnrichmentState;
  served: ServedTables;
  linker: NewsLinker;
}

/**
 * Folds one event into the projector state and adds the CIKs whose served rows may change to
 * `touched`. `correction` events have no projection yet and pass through.
 */
export function applyEvent(target: ApplyTarget, event: StoredEvent, touched: Set<string>): void {
  const { state, enrichment } = target;
  switch (event.type) {
    case 'edgar.submissions':
      return applySubmissions(state, event, touched);
    case 'edgar.index_entry':
      return applyIndexEntry(state, event, touched);
    case 'edgar.company_tickers':
      return applyCompanyTickers(target, event, touched);
    case 'edgar.document':
      return applyDocument(target, event, touched);
    case 'edgar.companyfacts': {
      const cik = applyCompanyFacts(enrichment, event);
      if (cik && isFollowed(target, cik)) touched.add(cik);
      return;
    }
    // Documents, facts, vendor rows and bars move the company's updatedAt when it is derived (see
    // company-rows.derive.ts), not here, so the result does not depend on which arrived first.
    // A vendor row may also create a company EDGAR never named (vendor-company.derive.ts), and bars
    // decide whether such a company is listed: every CIK the tickers snapshot lists under the
    // ticker is re-derived, and derivation decides whether it is served.
    case 'reference.ipo_row':
      return touchTicker(state, applyIpoRow(enrichment, event), touched);
    case 'market.daily_bars':
      return touchTicker(state, applyDailyBars(enrichment, event), touched);
    case 'news.article':
      // News changes a company's news list, not the company: its updatedAt stays.
      for (const cik of applyNewsArticle(enrichment, target.linker, event)) touched.add(cik);
      return;
    case 'article.published':
      target.served.writeArticle(readArticlePayload(event.payload));
      return;
    default:
      return;
  }
}

function applyDocument(target: ApplyTarget, event: StoredEvent, touched: Set<string>): void {
  const meta = documentMeta(event);
  if (!meta) throw new UnreadableEventError('document event lacks a CIK or accession number in its meta');
  const body = event.body();
  if (!body) throw new UnreadableEventError('document event carries no body');
  const read = readDocumentTerms(body.toString('utf8'), meta, target.enrichment.filingForm(meta.cik, meta.accessionNumber), event.observedAt);
  if (!read) return;
  target.enrichment.putDocument(event.seq, read.terms);
  // A fetched primary document is itself evidence of its filing (and of its company): while no
  // submissions page or index row names the filing, its cover supplies the filing row. The state
  // row's updatedAt is left alone: the document's observedAt reaches the company's updatedAt at
  // derivation, whichever arrived first.
  if (read.filing) {
    target.state.ensureCompany(meta.cik);
    target.state.putDocumentFiling(meta.cik, meta.accessionNumber, read.filing);
  }
  // The document is kept even when its company is not known yet: the company's first derivation reads it.
  if (isFollowed(target, meta.cik)) touched.add(meta.cik);
}

function touchTicker(state: ProjectorState, changed: { ticker: string; ciks: string[] } | null, touched: Set<string>): void {
  if (changed === null) return;
  for (const cik of [...changed.ciks, ...state.hintCiks(changed.ticker)]) touched.add(cik);
}

/** EDGAR named the company, or it is served already (from a vendor row). */
function isFollowed(target: ApplyTarget, cik: string): boolean {
  return target.state.companyExists(cik) || target.served.hasCompany(cik);
}

function applySubmissions(state: ProjectorState, event: StoredEvent, touched: Set<string>): void {
  const body = event.body();
  if (!body) throw new UnreadableEventError('submissions event carries no body');
  const parsed = parseSubmissions(body);
  if (!/^\d{1,10}$/.test(event.subject) && !parsed.company) throw new UnreadableEventError(`subject ${event.subject} is not a CIK`);
  const cik = parsed.company?.cik ?? padCik(event.subject);
  let changed = state.ensureCompany(cik);
  if (parsed.company) changed = state.setCompanyMeta(parsed.company) || changed;
  for (const filing of parsed.filings) changed = state.putSubmissionsFiling(cik, filing) || changed;
  if (changed) markChanged(state, cik, event.observedAt, touched);
}

function applyIndexEntry(state: ProjectorState, event: StoredEvent, touched: Set<string>): void {
  const entry = readIndexEntry(event.payload);
  let changed = state.ensureCompany(entry.cik);
  changed = state.putIndexFiling(entry) || changed;
  if (changed) markChanged(state, entry.cik, event.observedAt, touched);
}

function applyCompanyTickers(target: ApplyTarget, event: StoredEvent, touched: Set<string>): void {
  const { state } = target;
  const body = event.body();
  const rows = parseCompanyTickers(body ?? JSON.stringify(event.payload));
  // A snapshot names ~10k listed companies; only those we follow, or that a vendor row may link to, get a served row.
  const changed = state.replaceTickerHints(rows, event.observedAt);
  const vendorCiks = target.enrichment.ciksWithVendorRows();
  for (const cik of changed) {
    if (state.companyExists(cik)) markChanged(state, cik, event.observedAt, touched);
    else if (vendorCiks.has(cik) || target.served.hasCompany(cik)) touched.add(cik);
  }
}

function markChanged(state: ProjectorState, cik: string, observedAt: string, touched: Set<string>): void {
  state.touchUpdatedAt(cik, observedAt);
  touched.add(cik);
}

function readIndexEntry(payload: unknown): IndexEntryPayload {
  const p = (payload ?? {}) as Record<string, unknown>;
  const field = (name: string): string => {
    const value = p[name];
    if (typeof value !== 'string' || value.trim() === '') throw new UnreadableEventError(`index entry lacks ${name}`);
    return value.trim();
  };
  const cik = field('cik');
  const accessionNumber = field('accessionNumber');
  const dateFiled = field('dateFiled');
  if (!/^\d{1,10}$/.test(cik)) throw new UnreadableEventError(`index entry has an invalid CIK ${cik}`);
  if (!/^\d{10}-\d{2}-\d{6}$/.test(accessionNumber)) throw new UnreadableEventError(`index entry has an invalid accession ${accessionNumber}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateFiled)) throw new UnreadableEventError(`index entry has an invalid date ${dateFiled}`);
  return {
    cik: padCik(cik),
    companyName: typeof p.companyName === 'string' ? p.companyName.trim() : '',
    formType: field('formType'),
    dateFiled,
    accessionNumber,
    fileName: typeof p.fileName === 'string' ? p.fileName : '',
  };
}
