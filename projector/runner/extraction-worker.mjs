// Entry of an extraction worker thread when the service runs from its TypeScript sources (tests,
// the tsx dev loop): worker threads do not inherit tsx's hooks, so it registers them itself. The
// compiled service starts extraction.worker.js directly and never loads this file or tsx.
import { register } from 'tsx/esm/api';

register();
await import('./extraction.worker.ts');
