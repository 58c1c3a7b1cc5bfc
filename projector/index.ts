/** The projector's public surface: `ipo project` and `ipo project --rebuild` call these. */
export { projectIncremental, PROJECTION_NAME, PROJECTOR_VERSION, DEFAULT_BATCH_SIZE } from './runner.ts';
export type { ProjectOptions, ProjectProgress, ProjectResult } from './runner.ts';
export { rebuildReadDb, projectLive } from './rebuild.ts';
export type { RebuildOptions, RebuildResult, LiveResult } from './rebuild.ts';
export { acquireProjectorLock, ProjectorBusyError, projectorLockPath } from './lock.ts';
