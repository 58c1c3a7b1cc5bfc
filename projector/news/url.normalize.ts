// Moved to schema/ so ingest can key news events by the same rule; re-exported for existing imports.
export { canonicalUrl, newsKey } from '../../schema/news/url.normalize.ts';
