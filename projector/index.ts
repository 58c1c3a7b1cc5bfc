/** The projector's public surface: `ipo project` and `ipo project --rebuild` call these. */
export { projectIncremental, PROJECTION_NAME, PROJECTOR_VERSION, DEFAULT_BATCH_SIZE } from './runner/project.ts';
export type { ProjectOptions, ProjectProgress, ProjectResult } from './runner/project.ts';
export { rebuildReadDb, projectLive } from './runner/rebuild.ts';
export type { RebuildOptions, RebuildResult, LiveResult } from './runner/rebuild.ts';
export { acquireProjectorLock, ProjectorBusyError, projectorLockPath } from './runner/lock.ts';
