import { describe, expect, it } from 'vitest';
import { generationAt } from './read-migration.kit.ts';
import { linkArticle } from '../projector/news/company.link.ts';
import { deriveNewsRows } from '../projector/news/news-rows.derive.ts';
import { realCandidates, realNewsRecords } from '../projector/news/news.testkit.ts';
import { newsPublishedAt } from '../projector/news/published-at.derive.ts';
import { ANALYST_VIEWS, analystViewStatements } from '../schema/read/analyst-views.ts';

const FIRST_SEEN = '2026-02-01T12:00:00.000Z';
const OLD_COLUMNS = ['published_at', 'news_id', 'cik', 'company_name', 'name_lower', 'provider', 'source_name', 'json', 'detail_json', 'content_json'];

/** The 20 real records' served rows, each under the company it links to. */
function realRows() {
  const candidates = Object.values(realCandidates());
  return realNewsRecords().flatMap((r) => {
    const [link] = linkArticle(r.article, candidates);
    const news = {
      newsId: r.file,
      payload: { provider: 'newsapi', query: null, article: r.article },
      observedAt: FIRST_SEEN,
      published: newsPublishedAt(r.article, FIRST_SEEN),
      link: { confidence: link.confidence, reason: link.reason },
    };
    return deriveNewsRows(link.candidate.cik!, link.candidate.name, [news]);
  });
}

describe('migration 0010 on a generation at 0009, its views in place', () => {
  it('keys every news row by whether its date is known, and creates the views again', async () => {
    const { db, toLatest } = await generationAt('0009_complete_json_and_analyst_views');
    try {
      // A generation migrated to 0009 by an earlier release has its views, its news view over api_news
      // as it was then (SQLite refuses to rename a table while a view reads a missing one).
      for (const statement of analystViewStatements.filter((s) => !s.includes('date_known') && !s.includes('VIEW expiry_calendar'))) db.exec(statement);
      db.exec(`CREATE VIEW news AS SELECT n.news_id AS news_id, n.published_at AS published_at FROM api_news n`);
      const rows = realRows();
      const insert = db.prepare(`INSERT INTO api_news (${OLD_COLUMNS.join(', ')}) VALUES (${OLD_COLUMNS.map((c) => `@${c}`).join(', ')})`);
      for (const { date_known: _, ...row } of rows) insert.run(row);

      await toLatest();
      const migrated = db.prepare('SELECT * FROM api_news ORDER BY date_known DESC, published_at DESC, news_id DESC, cik DESC').all() as typeof rows;
      const expected = [...rows].sort((a, b) => b.date_known - a.date_known || b.published_at.localeCompare(a.published_at) || b.news_id.localeCompare(a.news_id));
      expect(migrated).toEqual(expected);
      expect(migrated.filter((r) => r.date_known === 0)).toHaveLength(10);
      expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name`).pluck().all()).toEqual([...ANALYST_VIEWS].sort());
      expect(db.prepare('SELECT count(*) FROM news WHERE date_known = 0').pluck().get()).toBe(10);
    } finally {
      db.close();
    }
  });
});
