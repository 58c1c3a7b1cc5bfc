// Moved to schema/ so ingest can split a provider page into one event per article; re-exported here.
export { parseNewsApiResponse, stripTruncationMarker, type NewsApiArticle, type NewsApiResult } from '../../schema/news/newsapi.parse.ts';
