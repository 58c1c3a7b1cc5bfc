/** The projector's public surface: `ipo project`, `ipo project --rebuild` and `ipo projector` call these. */
export { projectIncremental, projectIncrementalAsync, PROJECTION_NAME, PROJECTOR_VERSION, DEFAULT_BATCH_SIZE } from './runner/project.ts';
export type { AsyncProjectOptions, BatchReport, FeedFilingServed, ProjectOptions, ProjectProgress, ProjectResult } from './runner/project.ts';
export { rebuildReadDb, projectLive, ProjectionStoppedError } from './runner/rebuild.ts';
export type { RebuildOptions, RebuildResult, LiveResult } from './runner/rebuild.ts';
export { acquireProjectorLock, ProjectorBusyError, projectorLockPath } from './runner/lock.ts';
export { startLiveProjector, CatchUpAbandonedError, type LiveProjector, type LiveProjectorOptions } from './runner/live.ts';
export { batchPoolSize, createExtractionPool, defaultPoolSize, PoolClosedError, type ExtractionPool, type PoolOutcome } from './runner/extraction-pool.ts';
export { DEFAULT_EXTRACTION_BUDGET, EXTRACTION_FAILED, type ExtractionBudget } from './runner/document-reads.ts';
export { DOCUMENT_READ_CACHE_FILE, documentReadCachePath, openDocumentReadCache, type DocumentReadCache, type DocumentReadCacheStats } from './runner/document-read-cache.store.ts';
export { extractorIdentity } from './runner/extractor-identity.ts';
