import type { StoredNews } from '../news/news.facts.ts';
import type { NewsStore } from './news.store.ts';
import { nameTokens } from '../common/company-name.ts';
import { searchPhrases, urlWords, type ArticleText, type LinkCandidate } from '../news/company.link.ts';

/** An article with the text a link could be found in, computed once. */
export interface LinkableArticle {
  news: StoredNews;
  text: ArticleText;
  /** Title, description and content as given: where an exchange ticker or cashtag must appear. */
  body: string;
  /** The same lower-cased (`&` read as "and"), the URL's slug words and the searched phrases: where a name must appear. */
  lowered: string;
}

export function indexArticle(news: StoredNews): LinkableArticle {
  const a = news.payload.article;
  const text: ArticleText = { title: a.title, description: a.description, content: a.content, url: a.url, searchQuery: news.payload.query };
  const body = [a.title, a.description, a.content].filter(Boolean).join('\n');
  const searched = searchPhrases(news.payload.query).join(' ').toLowerCase();
  return { news, text, body, lowered: `${body.toLowerCase().replace(/&/g, ' and ')}\n${urlWords(a.url).join(' ')}\n${searched}` };
}

/**
 * Pairs of (article, company) that `linkArticle` scores, narrowed before it runs. Linking compares
 * every article with every company (20 articles × 5,000 companies on the sample), and nearly all
 * pairs share nothing. A pair is kept when one of the company's tickers occurs in the article's text
 * (linkArticle reads tickers only from that text) or the first word of one of its names occurs in
 * the lowered text or URL words (a name matches only as a run of those words). Both are necessary
 * conditions of a link, so the links found are exactly those of linkArticle over every company.
 *
 * Caches live as long as what they mirror: the served candidates until a company row is written
 * (`forgetCandidates`), the stored articles until one is stored (`forgetArticles`).
 */
export class NewsLinker {
  private readonly tokens = new Map<string, string[]>();
  private candidateCache: LinkCandidate[] | null = null;
  private articleCache: LinkableArticle[] | null = null;

  constructor(private readonly store: NewsStore) {}

  /** Every served company as a link candidate. */
  candidates(): LinkCandidate[] {
    this.candidateCache ??= this.store.servedCandidates();
    return this.candidateCache;
  }

  /** Every stored article, indexed. */
  articles(): LinkableArticle[] {
    this.articleCache ??= this.store.allNews().map(indexArticle);
    return this.articleCache;
  }

  forgetCandidates(): void {
    this.candidateCache = null;
  }

  forgetArticles(): void {
    this.articleCache = null;
  }

  /** False only when `linkArticle` cannot link the two. */
  mayLink(article: LinkableArticle, candidate: LinkCandidate): boolean {
    for (const ticker of candidate.tickers) if (article.body.includes(ticker.toUpperCase())) return true;
    for (const name of [candidate.name, ...(candidate.formerNames ?? [])]) {
      const first = this.nameTokensOf(name)[0];
      if (first !== undefined && article.lowered.includes(first)) return true;
    }
    return false;
  }

  private nameTokensOf(name: string): string[] {
    let tokens = this.tokens.get(name);
    if (!tokens) this.tokens.set(name, (tokens = nameTokens(name)));
    return tokens;
  }
}
