// The feed renderers live in schema/feeds so the API can serve the same feeds without importing projector/.
export { entryId, renderAtom, renderJsonFeed, toFeedItem, type FeedArticle } from '../../schema/feeds/feed.render.ts';
