import type { ApiCompanyNews, ApiNews } from '../../schema/api/types.ts';
import type { NewsTable } from '../../schema/read/tables.ts';
import { jsonHead } from '../shared/json-head.ts';
import type { StoredNews } from '../shared/facts.ts';

/**
 * Served news rows of one company from its linked articles. An article is served only when it is
 * dated (the API's publishedAt is required and the list is ordered by it): by its provider, or by a
 * full date in its URL path (published-at.derive.ts); undated articles stay in proj_news and are served
 * once a provider supplies a date. A missing title is served as an empty string rather than made up.
 * `content` lives in content_json, sent only with include=content.
 */
export function deriveNewsRows(cik: string, companyName: string, linked: readonly StoredNews[]): NewsTable[] {
  const rows: NewsTable[] = [];
  for (const news of linked) {
    const a = news.payload.article;
    const { publishedAt } = news.published;
    if (!publishedAt) continue;
    const detail: Omit<ApiCompanyNews, 'content'> = {
      sourceName: a.source.name,
      title: a.title ?? '',
      description: a.description,
      url: a.url,
      urlToImage: a.urlToImage,
      publishedAt,
    };
    const listed: Omit<ApiNews, 'content'> = { cik, companyName, ...detail, provider: news.payload.provider };
    rows.push({
      published_at: publishedAt,
      news_id: news.newsId,
      cik,
      company_name: companyName,
      name_lower: companyName.toLowerCase(),
      provider: news.payload.provider,
      source_name: a.source.name,
      json: jsonHead(listed),
      detail_json: jsonHead(detail),
      content_json: JSON.stringify(a.content),
    });
  }
  return rows;
}
