import type { NewsArticlePayload } from '../../schema/events/event-types.ts';
import type { SqliteHandle } from '../../schema/sqlite.ts';
import type { PublishedAtSource } from '../news/published-at.derive.ts';
import type { NewsLink, StoredNews } from '../shared/facts.ts';

interface NewsRow {
  news_id: string;
  payload_json: string;
  observed_at: string;
  published_at: string | null;
  published_at_source: PublishedAtSource | null;
}

function storedNews(r: NewsRow): StoredNews {
  return {
    newsId: r.news_id,
    payload: JSON.parse(r.payload_json) as NewsArticlePayload,
    observedAt: r.observed_at,
    published: { publishedAt: r.published_at, source: r.published_at_source },
  };
}

/** Stored news, its links to companies and the signature each company was linked by (proj_news*, proj_link_signatures). */
export class NewsStore {
  private readonly upsertNews;
  private readonly selectAllNews;
  private readonly selectNewsByIds;
  private readonly deleteLinksOfCik;
  private readonly deleteLinksOfNews;
  private readonly insertLink;
  private readonly selectLinks;
  private readonly selectSignature;
  private readonly upsertSignature;
  private readonly deleteSignature;
  private readonly selectCandidates;

  constructor(db: SqliteHandle) {
    this.upsertNews = db.prepare(
      `INSERT INTO proj_news (news_id, payload_json, observed_at, published_at, published_at_source) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (news_id) DO UPDATE SET payload_json = excluded.payload_json, observed_at = excluded.observed_at,
         published_at = excluded.published_at, published_at_source = excluded.published_at_source
       WHERE payload_json IS NOT excluded.payload_json OR published_at IS NOT excluded.published_at
         OR published_at_source IS NOT excluded.published_at_source`,
    );
    this.selectAllNews = db.prepare('SELECT news_id, payload_json, observed_at, published_at, published_at_source FROM proj_news ORDER BY news_id');
    this.selectNewsByIds = db.prepare(
      `SELECT n.news_id, n.payload_json, n.observed_at, n.published_at, n.published_at_source, l.confidence, l.reason FROM proj_news_links l
       JOIN proj_news n ON n.news_id = l.news_id WHERE l.cik = ? ORDER BY n.news_id`,
    );
    this.deleteLinksOfCik = db.prepare('DELETE FROM proj_news_links WHERE cik = ?');
    this.deleteLinksOfNews = db.prepare('DELETE FROM proj_news_links WHERE news_id = ?');
    this.insertLink = db.prepare(
      `INSERT INTO proj_news_links (cik, news_id, confidence, reason) VALUES (?, ?, ?, ?)
       ON CONFLICT (cik, news_id) DO UPDATE SET confidence = excluded.confidence, reason = excluded.reason`,
    );
    this.selectLinks = db.prepare('SELECT cik FROM proj_news_links WHERE news_id = ? ORDER BY cik').pluck();
    this.selectSignature = db.prepare('SELECT signature FROM proj_link_signatures WHERE cik = ?').pluck();
    this.upsertSignature = db.prepare(
      `INSERT INTO proj_link_signatures (cik, signature) VALUES (?, ?) ON CONFLICT (cik) DO UPDATE SET signature = excluded.signature`,
    );
    this.deleteSignature = db.prepare('DELETE FROM proj_link_signatures WHERE cik = ?');
    this.selectCandidates = db.prepare(
      `SELECT c.cik, c.name, (SELECT group_concat(ticker, ' ') FROM (SELECT ticker FROM company_tickers t WHERE t.cik = c.cik ORDER BY ticker)) AS tickers
       FROM companies c ORDER BY c.cik`,
    );
  }

  /** Every served company as a news-link candidate (the rows of the previous batches). */
  servedCandidates(): Array<{ cik: string; name: string; tickers: string[] }> {
    return (this.selectCandidates.all() as Array<{ cik: string; name: string; tickers: string | null }>).map((r) => ({
      cik: r.cik,
      name: r.name,
      tickers: r.tickers ? r.tickers.split(' ') : [],
    }));
  }

  putNews(news: StoredNews): boolean {
    const { publishedAt, source } = news.published;
    return this.upsertNews.run(news.newsId, JSON.stringify(news.payload), news.observedAt, publishedAt, source).changes > 0;
  }

  allNews(): StoredNews[] {
    return (this.selectAllNews.all() as NewsRow[]).map(storedNews);
  }

  linkedNews(cik: string): Array<StoredNews & { confidence: number; reason: string }> {
    return (this.selectNewsByIds.all(cik) as Array<NewsRow & { confidence: number; reason: string }>).map((r) => ({
      ...storedNews(r),
      confidence: r.confidence,
      reason: r.reason,
    }));
  }

  linkedCiks(newsId: string): string[] {
    return this.selectLinks.all(newsId) as string[];
  }

  link(cik: string, link: NewsLink): void {
    this.insertLink.run(cik, link.newsId, link.confidence, link.reason);
  }

  /** Drops every link of one article (before it is linked again). */
  unlinkNews(newsId: string): void {
    this.deleteLinksOfNews.run(newsId);
  }

  /** Replaces every news link of one company. */
  relinkCompany(cik: string, links: readonly NewsLink[]): void {
    this.deleteLinksOfCik.run(cik);
    for (const l of links) this.link(cik, l);
  }

  /** A company no longer served keeps no news links, and is linked afresh if it is served again. */
  forgetCompanyLinks(cik: string): void {
    this.deleteLinksOfCik.run(cik);
    this.deleteSignature.run(cik);
  }

  linkSignature(cik: string): string | null {
    return (this.selectSignature.get(cik) as string | undefined) ?? null;
  }

  setLinkSignature(cik: string, signature: string): void {
    this.upsertSignature.run(cik, signature);
  }
}
