import type { ApiAiEnrichment, ApiFinancialSnapshot, ApiTermsExtended } from '../../schema/api/types.ts';
import type { DocumentTerms } from '../extract/document-terms.ts';
import type { ProjDocumentTermsTable } from '../../schema/read/tables.ts';
import type { SqliteHandle } from '../../schema/sqlite.ts';
import type { CoverSignals } from '../extract/cover-signals.ts';
import type { LockupExtraction } from '../extract/lockup.extract.ts';
import type { ReadLimit } from '../extract/read-budget.ts';
import type { Provenance, TermsExtraction } from '../extract/terms.extract.ts';

/** A document's stored reads, as the state table types them. */
type DocumentRow = Omit<ProjDocumentTermsTable, 'seq'>;

/** Prospectus reads and XBRL financial snapshots (proj_document_terms, proj_financial_snapshots). */
export class DocumentStore {
  private readonly upsertDocument;
  private readonly selectDocuments;
  private readonly selectFilingForm;
  private readonly upsertSnapshot;
  private readonly selectSnapshot;

  constructor(db: SqliteHandle) {
    this.upsertDocument = db.prepare(
      `INSERT INTO proj_document_terms (cik, accession_number, form_type, seq, observed_at, terms_json, provenance_json, estimates_json,
         signals_json, lockup_json, enrichment_json, snapshot_json, read_limits)
       VALUES (@cik, @accession_number, @form_type, @seq, @observed_at, @terms_json, @provenance_json, @estimates_json, @signals_json,
         @lockup_json, @enrichment_json, @snapshot_json, @read_limits)
       ON CONFLICT (cik, accession_number) DO UPDATE SET form_type = excluded.form_type, seq = excluded.seq, observed_at = excluded.observed_at,
         terms_json = excluded.terms_json, provenance_json = excluded.provenance_json, estimates_json = excluded.estimates_json,
         signals_json = excluded.signals_json, lockup_json = excluded.lockup_json, enrichment_json = excluded.enrichment_json,
         snapshot_json = excluded.snapshot_json, read_limits = excluded.read_limits`,
    );
    this.selectDocuments = db.prepare(
      `SELECT cik, accession_number, form_type, observed_at, terms_json, provenance_json, estimates_json, signals_json, lockup_json, enrichment_json,
         snapshot_json
       FROM proj_document_terms WHERE cik = ? ORDER BY accession_number`,
    );
    this.selectFilingForm = db.prepare('SELECT form_type FROM proj_filing_state WHERE cik = ? AND accession_number = ?').pluck();
    this.upsertSnapshot = db.prepare(
      `INSERT INTO proj_financial_snapshots (cik, snapshot_json, observed_at) VALUES (?, ?, ?)
       ON CONFLICT (cik) DO UPDATE SET snapshot_json = excluded.snapshot_json, observed_at = excluded.observed_at
       WHERE snapshot_json IS NOT excluded.snapshot_json`,
    );
    this.selectSnapshot = db.prepare('SELECT snapshot_json, observed_at FROM proj_financial_snapshots WHERE cik = ?');
  }

  filingForm(cik: string, accessionNumber: string): string | null {
    return (this.selectFilingForm.get(cik, accessionNumber) as string | undefined) ?? null;
  }

  /** `limits`: the read budgets that cut the document's read short (none for a document read whole). */
  putDocument(seq: number, doc: DocumentTerms, limits: readonly ReadLimit[]): void {
    this.upsertDocument.run({
      cik: doc.cik,
      accession_number: doc.accessionNumber,
      form_type: doc.formType,
      seq,
      observed_at: doc.observedAt,
      terms_json: JSON.stringify(doc.terms),
      provenance_json: JSON.stringify(doc.provenance),
      estimates_json: JSON.stringify(doc.estimates),
      signals_json: JSON.stringify(doc.signals),
      lockup_json: JSON.stringify(doc.lockup),
      enrichment_json: JSON.stringify(doc.enrichment),
      snapshot_json: JSON.stringify(doc.snapshot),
      read_limits: limits.length > 0 ? JSON.stringify(limits) : null,
    });
  }

  documents(cik: string): DocumentTerms[] {
    return (this.selectDocuments.all(cik) as DocumentRow[]).map((r) => ({
      cik: r.cik,
      accessionNumber: r.accession_number,
      formType: r.form_type,
      observedAt: r.observed_at,
      terms: JSON.parse(r.terms_json) as ApiTermsExtended,
      provenance: JSON.parse(r.provenance_json) as Provenance,
      estimates: JSON.parse(r.estimates_json) as TermsExtraction['estimates'],
      signals: JSON.parse(r.signals_json) as CoverSignals,
      lockup: JSON.parse(r.lockup_json) as LockupExtraction,
      enrichment: JSON.parse(r.enrichment_json) as ApiAiEnrichment,
      snapshot: JSON.parse(r.snapshot_json) as ApiFinancialSnapshot | null,
    }));
  }

  putSnapshot(cik: string, snapshot: ApiFinancialSnapshot | null, observedAt: string): boolean {
    return this.upsertSnapshot.run(cik, JSON.stringify(snapshot), observedAt).changes > 0;
  }

  snapshot(cik: string): { snapshot: ApiFinancialSnapshot | null; observedAt: string } | null {
    const row = this.selectSnapshot.get(cik) as { snapshot_json: string; observed_at: string } | undefined;
    return row ? { snapshot: JSON.parse(row.snapshot_json) as ApiFinancialSnapshot | null, observedAt: row.observed_at } : null;
  }
}
