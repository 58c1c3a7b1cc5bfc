import type { NewsArticlePayload } from '../../schema/events/event-types.ts';
import type { SqliteHandle } from '../../schema/sqlite.ts';
import type { LinkCandidate, LinkReason } from '../news/company.link.ts';
import { newsPublishedAt, type PublishedAtSource } from '../news/published-at.derive.ts';
import type { NewsLink, StoredNews } from '../news/news.facts.ts';

interface NewsRow {
  news_id: string;
  payload_json: string;
  observed_at: string;
  published_at: string | null;
  published_at_source: PublishedAtSource | null;
}

function storedNews(r: NewsRow): StoredNews {
  const payload = JSON.parse(r.payload_json) as NewsArticlePayload;
  return {
    newsId: r.news_id,
    payload,
    observedAt: r.observed_at,
    // A row written before first_seen existed has no date: derive it as applyNewsArticle would.
    published:
      r.published_at !== null && r.published_at_source !== null
        ? { publishedAt: r.published_at, source: r.published_at_source }
        : newsPublishedAt(payload.article, r.observed_at),
  };
}

/** Stored news, its links to companies and the signature each company was linked by (proj_news*, proj_link_signatures). */
export class NewsStore {
  private readonly upsertNews;
  private readonly selectAllNews;
  private readonly selectFirstSeen;
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
       WHERE payload_json IS NOT excluded.payload_json OR observed_at IS NOT excluded.observed_at
         OR published_at IS NOT excluded.published_at OR published_at_source IS NOT excluded.published_at_source`,
    );
    this.selectFirstSeen = db.prepare('SELECT observed_at FROM proj_news WHERE news_id = ?').pluck();
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
      `SELECT c.cik, c.name, (SELECT group_concat(ticker, ' ') FROM (SELECT ticker FROM company_tickers t WHERE t.cik = c.cik ORDER BY ticker)) AS tickers,
         s.former_names_json, g.signature
       FROM companies c LEFT JOIN proj_company_state s ON s.cik = c.cik LEFT JOIN proj_link_signatures g ON g.cik = c.cik
       ORDER BY c.cik`,
    );
  }

  /**
   * Every served company as a news-link candidate (the rows of the previous batches): the name,
   * tickers and former names its news was last linked by (its link signature, written by
   * relinkIfChanged before its rows), so an article stored after its company is linked by the same
   * names as one stored before: Snap Inc. as "Snapchat", PDD Holdings as "Pinduoduo" where the
   * company was given those names. A company without a signature: its served name and tickers and
   * its EDGAR former names.
   */
  servedCandidates(): Array<LinkCandidate & { cik: string; tickers: string[] }> {
    const rows = this.selectCandidates.all() as Array<{
      cik: string;
      name: string;
      tickers: string | null;
      former_names_json: string | null;
      signature: string | null;
    }>;
    return rows.map((r) =>
      r.signature !== null
        ? candidateOfSignature(r.cik, r.signature)
        : { cik: r.cik, name: r.name, tickers: r.tickers ? r.tickers.split(' ') : [], formerNames: formerNames(r.former_names_json) },
    );
  }

  /** When the article was first observed, or null when it was never stored. */
  firstSeen(newsId: string): string | null {
    return (this.selectFirstSeen.get(newsId) as string | undefined) ?? null;
  }

  putNews(news: StoredNews): boolean {
    const { publishedAt, source } = news.published;
    return this.upsertNews.run(news.newsId, JSON.stringify(news.payload), news.observedAt, publishedAt, source).changes > 0;
  }

  allNews(): StoredNews[] {
    return (this.selectAllNews.all() as NewsRow[]).map(storedNews);
  }

  /** A company's linked news, each with its link (`link` is set). */
  linkedNews(cik: string): Array<StoredNews & { link: { confidence: number; reason: LinkReason } }> {
    return (this.selectNewsByIds.all(cik) as Array<NewsRow & { confidence: number; reason: LinkReason }>).map((r) => ({
      ...storedNews(r),
      link: { confidence: r.confidence, reason: r.reason },
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

/** The names of proj_company_state.former_names_json ({name, from, to}[]); none for a vendor-only company. */
function formerNames(json: string | null): string[] {
  if (!json) return [];
  const parsed = JSON.parse(json) as Array<{ name?: unknown }>;
  return parsed.map((f) => f.name).filter((n): n is string => typeof n === 'string' && n.trim() !== '');
}

/** The signature of what a company is linked by; a change means its news must be re-linked. */
export function linkSignature(candidate: LinkCandidate): string {
  return JSON.stringify([candidate.name, [...candidate.tickers].sort(), candidate.formerNames ?? []]);
}

function candidateOfSignature(cik: string, signature: string): LinkCandidate & { cik: string; tickers: string[] } {
  const [name, tickers, former] = JSON.parse(signature) as [string, string[], string[]];
  return { cik, name, tickers, formerNames: former };
}
