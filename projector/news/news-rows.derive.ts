import type { ApiCompanyNews, ApiNews } from '../../schema/api/types.ts';
import type { NewsTable } from '../../schema/read/tables.ts';
import type { StoredNews } from './news.facts.ts';
import { dateKnown } from './published-at.derive.ts';
import { newsTitle, urlSlug } from './news-title.derive.ts';

/**
 * Served news rows of one company from its linked articles: every linked article is served. Its
 * date is the provider's, else the URL path's, else (date unknown) the time it was first observed
 * (published-at.derive.ts), and `date_known` orders the undated after the dated; its title the
 * record's, else its description, else empty (news-title.derive.ts, with the URL's slug words
 * beside it); each says where it came from, and `match` says how the article was linked to this
 * company. The list serves `content` only with include=content (from content_json): its stored
 * item ends with `"content":null` for the API to replace; the company detail always serves it.
 */
export function deriveNewsRows(cik: string, companyName: string, linked: readonly StoredNews[]): NewsTable[] {
  return linked.map((news) => {
    const a = news.payload.article;
    if (!news.link) throw new Error(`news ${news.newsId} is served for ${cik} without its link`);
    const { publishedAt, source: publishedAtSource } = news.published;
    const { title, source: titleSource } = newsTitle(a);
    // Key order is the wire order; `content` is last, where the API splices the body in.
    const fields: Omit<ApiCompanyNews, 'content'> = {
      sourceName: a.source.name,
      title,
      titleSource,
      description: a.description,
      url: a.url,
      urlSlug: urlSlug(a.url),
      urlToImage: a.urlToImage,
      publishedAt,
      publishedAtSource,
      match: { reason: news.link.reason, confidence: news.link.confidence },
    };
    const listed: ApiNews = { cik, companyName, ...fields, provider: news.payload.provider, content: null };
    const detail: ApiCompanyNews = { ...fields, content: a.content };
    return {
      date_known: dateKnown(publishedAtSource) ? 1 : 0,
      published_at: publishedAt,
      news_id: news.newsId,
      cik,
      company_name: companyName,
      name_lower: companyName.toLowerCase(),
      provider: news.payload.provider,
      source_name: a.source.name,
      json: JSON.stringify(listed),
      detail_json: JSON.stringify(detail),
      content_json: JSON.stringify(a.content),
    };
  });
}
