/**
 * The pipeline's own jobs, run by `ipo projector` (the single writer of read.db) rather than by the
 * ingest workers. They live here so the scheduler can enqueue them and the ingest runners can carry
 * them without the ingest stage importing the projector.
 */

/** The kinds of article a publication publishes. */
export const PUBLICATION_KINDS = ['daily', 'weekly', 'quarterly'] as const;

export type PublicationKind = (typeof PUBLICATION_KINDS)[number];

/** Which article a publication publishes: a day's spotlight, the review of the week holding a date, or a quarter's review. */
export type PublishRequest =
  | { kind: Extract<PublicationKind, 'daily'>; date: string }
  | { kind: Extract<PublicationKind, 'weekly'>; date: string }
  | { kind: Extract<PublicationKind, 'quarterly'>; year: number; quarter: 1 | 2 | 3 | 4 };

export interface PipelineJobPayloads {
  /** Bring read.db up to the end of the event log. Every project job has the same id, so a waiting one absorbs the next. */
  'pipeline.project': Record<string, never>;
  /** Publish one article from the up-to-date read model (projecting first), then project the publication. */
  'pipeline.publish': PublishRequest;
}
