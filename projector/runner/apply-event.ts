import { padCik } from '../../schema/cik.ts';
import { assertNever } from '../../schema/exhaustive.ts';
import { parseCompanyTickers } from '../../schema/edgar/company-tickers.parse.ts';
import { firstFilingDate, parseSubmissions } from '../../schema/edgar/submissions.parse.ts';
import type { StoredEvent } from '../../schema/events/event-log.ts';
import type { IndexEntryPayload } from '../../schema/events/event-types.ts';
import { applyDocument } from './apply-document.ts';
import { applyCompanyFacts, applyDailyBars, applyIpoRow } from './apply-market.ts';
import { applyNewsArticle, readArticlePayload } from './apply-news.ts';
import { isFollowed, type ApplyTarget } from './apply-target.ts';
import type { EdgarStore } from './edgar.store.ts';
import { UnreadableEventError } from './unreadable.ts';
import { servingBankruptSymbolOf } from './company-inputs.load.ts';
import { OPENING_FORMS, baseForm } from '../common/forms.ts';
import { articleDealEvent } from '../company/deal-events.derive.ts';

const isOpeningForm = (form: string): boolean => OPENING_FORMS.has(baseForm(form));

/**
 * Folds one event into the projector state and adds the CIKs whose served rows may change to
 * `touched`. The switch is exhaustive over the event types: a new type does not compile without a case.
 */
export function applyEvent(target: ApplyTarget, event: StoredEvent, touched: Set<string>): void {
  const { edgar } = target;
  switch (event.type) {
    case 'edgar.submissions':
      return applySubmissions(edgar, event, touched);
    case 'edgar.index_entry':
      return applyIndexEntry(edgar, event, touched);
    case 'edgar.company_tickers':
      return applyCompanyTickers(target, event, touched);
    case 'edgar.document':
      return applyDocument(target, event, touched);
    case 'edgar.companyfacts': {
      const cik = applyCompanyFacts(target.documents, event);
      if (cik && isFollowed(target, cik)) touched.add(cik);
      return;
    }
    // Documents, facts, vendor rows and bars move the company's updatedAt when it is derived (see
    // company/company-rows.derive.ts), not here, so the result does not depend on which arrived first.
    // A vendor row may also create a company EDGAR never named (company/vendor-company.derive.ts), and bars
    // decide whether such a company is listed: every CIK the tickers snapshot lists under the
    // ticker is re-derived, and derivation decides whether it is served.
    case 'reference.ipo_row':
      return touchTicker(edgar, applyIpoRow(target.market, edgar, event), touched);
    case 'market.daily_bars':
      return touchTicker(edgar, applyDailyBars(target.market, edgar, event), touched);
    case 'news.article':
      // News changes a company's news list, not the company: its updatedAt stays.
      for (const cik of applyNewsArticle(target.news, target.linker, event)) touched.add(cik);
      return;
    case 'article.published': {
      const article = readArticlePayload(event.payload);
      target.served.writeArticle(article);
      target.dealEvents.collect([articleDealEvent(article)]);
      return;
    }
    case 'correction':
      // An operator's override has no projection yet; it stays in the log for when one exists.
      return;
    case 'ingest.job_failed':
      // Operational record of the ingest stage (read by `ipo status`); it derives no read rows.
      return;
    case 'projector.extraction_failed':
      // Read where it matters, when its document is applied (see document-reads.ts), in every run alike.
      return;
    default:
      return assertNever(event.type);
  }
}


function touchTicker(state: EdgarStore, changed: { ticker: string; ciks: string[] } | null, touched: Set<string>): void {
  if (changed === null) return;
  for (const cik of [...changed.ciks, ...state.hintCiks(changed.ticker)]) touched.add(cik);
}


function applySubmissions(state: EdgarStore, event: StoredEvent, touched: Set<string>): void {
  const body = event.body();
  if (!body) throw new UnreadableEventError('submissions event carries no body');
  const parsed = parseSubmissions(body);
  if (!/^\d{1,10}$/.test(event.subject) && !parsed.company) throw new UnreadableEventError(`subject ${event.subject} is not a CIK`);
  const cik = parsed.company?.cik ?? padCik(event.subject);
  let changed = state.ensureCompany(cik);
  if (parsed.company) changed = state.setCompanyMeta(parsed.company, firstFilingDate(parsed)) || changed;
  for (const filing of parsed.filings) {
    if (!state.putSubmissionsFiling(cik, filing)) continue;
    changed = true;
    if (isOpeningForm(filing.form)) touchCoRegistrants(state, filing.accessionNumber, touched);
  }
  if (changed) markChanged(state, cik, event.observedAt, touched);
}

function applyIndexEntry(state: EdgarStore, event: StoredEvent, touched: Set<string>): void {
  const entry = readIndexEntry(event.payload);
  let changed = state.ensureCompany(entry.cik);
  changed = state.putIndexFiling(entry) || changed;
  if (changed) {
    markChanged(state, entry.cik, event.observedAt, touched);
    touchCoRegistrants(state, entry.accessionNumber, touched);
  }
}

/** A new filer of an accession can change which of its filers is the issuer (offering/co-registrants.derive.ts). */
function touchCoRegistrants(state: EdgarStore, accessionNumber: string, touched: Set<string>): void {
  for (const cik of state.filersOf(accessionNumber)) touched.add(cik);
}

function applyCompanyTickers(target: ApplyTarget, event: StoredEvent, touched: Set<string>): void {
  const state = target.edgar;
  const body = event.body();
  const rows = parseCompanyTickers(body ?? JSON.stringify(event.payload));
  // A snapshot names ~10k listed companies; only those we follow, or that a vendor row may link to, get a served row.
  const { ciks: changed, tickers } = state.replaceTickerHints(rows, event.observedAt);
  const vendorCiks = target.market.ciksWithVendorRows();
  // Whether a bankruptcy symbol's four letters are held by another company decides the IPO's symbol.
  for (const ticker of tickers) for (const id of servingBankruptSymbolOf(target, ticker)) touched.add(id);
  for (const cik of changed) {
    // Whether a filer is listed decides which of a registration's filers is its issuer.
    for (const coRegistrant of state.coRegistrantsOf(cik)) touched.add(coRegistrant);
    if (state.companyExists(cik)) markChanged(state, cik, event.observedAt, touched);
    else if (vendorCiks.has(cik) || target.served.hasCompany(cik) || namesVendorIssuer(target, cik)) touched.add(cik);
  }
}

/**
 * A CIK the snapshot names like a vendor row's issuer: the vendor company's end reads its namesake's
 * symbol (company/served-end.derive.ts), so it is derived again (run-transactions: vendor ids near a touched CIK).
 */
function namesVendorIssuer(target: ApplyTarget, cik: string): boolean {
  return target.edgar.identityKeys(cik).nameKeys.some((k) => target.market.ipoRowsOfIssuer(k).length > 0);
}

function markChanged(state: EdgarStore, cik: string, observedAt: string, touched: Set<string>): void {
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
