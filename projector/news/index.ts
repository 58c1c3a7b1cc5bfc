export { parseNewsApiResponse, stripTruncationMarker, type NewsApiArticle, type NewsApiResult } from './newsapi.parse.ts';
export { parseFeed, FeedParseError, type FeedItem } from './feed.parse.ts';
export { canonicalUrl, newsKey } from './url.normalize.ts';
export { normalizeCompanyName, nameTokens, sameCompanyName } from './company-name.ts';
export {
  linkArticle,
  tickerMentions,
  cashtags,
  urlWords,
  type LinkCandidate,
  type ArticleText,
  type CompanyLink,
  type LinkReason,
} from './company.link.ts';
