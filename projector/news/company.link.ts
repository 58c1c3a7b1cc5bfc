import type { NewsMatchReason } from '../../schema/api/types.ts';
import { nameTokens } from '../common/company-name.ts';

/** A company an article may be about. `cik` is null only for a company EDGAR's ticker file lacks. */
export interface LinkCandidate {
  cik: string | null;
  name: string;
  tickers: readonly string[];
  /** EDGAR `formerNames` (Snap Inc. was Snapchat, Inc.). */
  formerNames?: readonly string[];
}

export interface ArticleText {
  title: string | null;
  description?: string | null;
  content?: string | null;
  url: string;
  /** The provider search that returned the article (NewsAPI `q`), null for feeds. */
  searchQuery?: string | null;
}

/** The served `match.reason` values (ApiNewsMatch). */
export type LinkReason = NewsMatchReason;

export interface CompanyLink {
  candidate: LinkCandidate;
  confidence: number;
  reason: LinkReason;
  /** Whether the article carries an IPO/listing keyword (required for name-only links). */
  ipoContext: boolean;
}

/**
 * Exchange-qualified ticker mentions: "(NYSE: SNAP)", "Nasdaq: GPRO", "NYSE 'TWTR'",
 * "Nasdaq Global Select Market under the symbol "PDD"".
 */
const EXCHANGE = String.raw`(?:NYSE American|NYSE MKT|NYSE Arca|NYSE|NASDAQ(?: Global(?: Select)? Market| Capital Market)?|Nasdaq(?: Global(?: Select)? Market| Capital Market)?)`;
const QUOTE = `['"\u2018\u2019\u201c\u201d]`;
const TICKER_PATTERNS = [
  new RegExp(String.raw`\(?${EXCHANGE}\s*:\s*([A-Z][A-Z.]{0,5})\b`, 'g'),
  new RegExp(String.raw`${EXCHANGE}\s+(?:under the (?:ticker )?symbol\s+)?${QUOTE}([A-Z][A-Z.]{0,5})${QUOTE}`, 'g'),
  new RegExp(String.raw`(?:ticker|symbol)\s+${QUOTE}([A-Z][A-Z.]{0,5})${QUOTE}`, 'g'),
];
const CASHTAG = /(?:^|[\s(])\$([A-Z]{1,5})\b/g;

/** Words that place an article in an IPO or listing context (English, plus German "Börse"). */
const IPO_CONTEXT =
  /\b(ipo|ipos|initial public offering|prices?|priced|pricing|listing|debut|debuts|shares|stock|nyse|nasdaq|lock-?up|s-1|f-1|spac|direct listing|offering|boerse|borse|börse)\b/i;

/** Never linked on the name alone, even with context (domain §6.3 rule 4). */
const GENERIC_NAMES = new Set(['target', 'apple', 'square', 'block', 'meta', 'visa', 'gap', 'box', 'shift', 'zoom', 'root']);

export function tickerMentions(text: string): string[] {
  const found = new Set<string>();
  for (const re of TICKER_PATTERNS) for (const m of text.matchAll(re)) found.add(m[1].replace(/\.$/, ''));
  return [...found];
}

/**
 * The quoted phrases of a provider search, less its IPO terms: `"Snap" AND (IPO OR "initial public
 * offering")` → Snap. The provider matched them in the article's full text, of which a record may
 * keep only a URL (snap_10 has no title, and its slug says "snapchat").
 */
export function searchPhrases(query: string | null | undefined): string[] {
  return [...(query ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1].trim()).filter((p) => p && !/^(ipo|initial public offering)$/i.test(p));
}

export function cashtags(text: string): string[] {
  return [...new Set([...text.matchAll(CASHTAG)].map((m) => m[1]))];
}

/**
 * Words of the URL's slug — many records carry no title, but the slug names the company. Only the
 * path segment with the most words counts: section folders such as `/news/business/` would
 * otherwise "mention" News Corp in every article of a news site.
 */
export function urlWords(url: string): string[] {
  try {
    const segments = decodeURIComponent(new URL(url).pathname)
      .toLowerCase()
      .split('/')
      .map((segment) => segment.split(/[^a-z0-9]+/).filter(Boolean));
    return segments.reduce<string[]>((best, words) => (words.length >= best.length ? words : best), []);
  } catch {
    return [];
  }
}

const containsRun = (haystack: readonly string[], needle: readonly string[]): boolean => {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((t, j) => haystack[i + j] === t)) return true;
  }
  return false;
};

const sameTokens = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

const words = (text: string | null | undefined): string[] =>
  (text ?? '').toLowerCase().replace(/&/g, ' and ').split(/[^a-z0-9]+/).filter(Boolean);

/**
 * Scores each candidate for the article and returns links at or above `minConfidence`, best first.
 * Exchange-qualified tickers are strongest; a name match needs IPO context and a non-generic name.
 */
export function linkArticle(
  article: ArticleText,
  candidates: readonly LinkCandidate[],
  minConfidence = 0.6,
): CompanyLink[] {
  const body = [article.title, article.description, article.content].filter(Boolean).join('\n');
  const exchangeTickers = new Set(tickerMentions(body));
  const tags = new Set(cashtags(body));
  const titleWords = words(article.title);
  const textWords = words(body);
  const slug = urlWords(article.url);
  const ipoContext = IPO_CONTEXT.test(body) || IPO_CONTEXT.test(slug.join(' '));
  const searched = searchPhrases(article.searchQuery).map(nameTokens);
  const searchedForIpo = IPO_CONTEXT.test(article.searchQuery ?? '');

  const links: CompanyLink[] = [];
  for (const candidate of candidates) {
    const tickers = candidate.tickers.map((t) => t.toUpperCase());
    let best: { confidence: number; reason: LinkReason } | null = null;
    const consider = (confidence: number, reason: LinkReason) => {
      if (!best || confidence > best.confidence) best = { confidence, reason };
    };
    if (tickers.some((t) => exchangeTickers.has(t))) consider(0.95, 'exchange_ticker');
    if (tickers.some((t) => tags.has(t))) consider(0.8, 'cashtag');
    for (const name of [candidate.name, ...(candidate.formerNames ?? [])]) {
      const tokens = nameTokens(name);
      const joined = tokens.join(' ');
      if (tokens.length === 0 || joined.length < 3 || GENERIC_NAMES.has(joined)) continue;
      const context = ipoContext ? 0 : -0.3;
      if (containsRun(titleWords, tokens)) consider(0.85 + context, 'name_in_title');
      else if (containsRun(textWords, tokens)) consider(0.75 + context, 'name_in_text');
      else if (containsRun(slug, tokens)) consider(0.7 + context, 'name_in_url');
      // The whole searched phrase must be the name: "Snap" finds Snap Inc., never Snap One.
      if (searched.some((phrase) => sameTokens(phrase, tokens))) consider(searchedForIpo || ipoContext ? 0.65 : 0.35, 'name_in_search');
    }
    const chosen = best as { confidence: number; reason: LinkReason } | null;
    if (chosen && chosen.confidence >= minConfidence) {
      links.push({ candidate, confidence: Math.round(chosen.confidence * 100) / 100, reason: chosen.reason, ipoContext });
    }
  }
  return links.sort((a, b) => b.confidence - a.confidence || (a.candidate.cik ?? '').localeCompare(b.candidate.cik ?? ''));
}
