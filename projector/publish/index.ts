export type {
  Article,
  ArticleKind,
  ArticleData,
  ArticleFiling,
  ArticlePricing,
  ArticleListing,
  ArticleLockup,
  SourceLink,
} from './article.types.ts';
export { buildDailySpotlight } from './daily-spotlight.build.ts';
export { buildWeeklyReview, LOCKUP_LOOKAHEAD_DAYS } from './weekly-review.build.ts';
export { buildQuarterlyReview } from './quarterly-review.build.ts';
export { renderAtom, renderJsonFeed, toFeedItem, entryId, type FeedArticle } from '../../schema/feeds/feed.render.ts';
export { isoWeek, weekPeriod, quarterPeriod } from './period.ts';
