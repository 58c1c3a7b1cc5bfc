export {
  fetchEverything,
  everythingPath,
  companyNewsQuery,
  NewsRateLimitedError,
  NewsApiError,
  NewsTransientError,
  type NewsApiClientOptions,
  type EverythingQuery,
  type NewsApiPage,
} from './newsapi-client.ts';
export { fetchFeed, fetchFeeds, parseFeedUrls, type FeedClientOptions, type FeedResponse } from './feed-client.ts';
