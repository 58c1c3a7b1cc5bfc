// Entry of an extraction worker thread. Worker threads do not inherit the tsx hooks the `ipo`
// command registers at run time, so the worker registers them itself, then loads its TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./extraction.worker.ts');
