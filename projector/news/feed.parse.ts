// Moved to schema/ so ingest can split a feed into one event per item; re-exported here.
export { parseFeed, FeedParseError, type FeedItem } from '../../schema/news/feed.parse.ts';
