/** NewsAPI.org `/v2/everything` bodies (domain §6.1): the success and the error shape. */

export interface NewsApiArticle {
  source: { id: string | null; name: string };
  author: string | null;
  title: string | null;
  description: string | null;
  url: string;
  urlToImage: string | null;
  publishedAt: string | null;
  content: string | null;
}

export type NewsApiResult =
  | { ok: true; totalResults: number; articles: NewsApiArticle[] }
  | { ok: false; code: string; message: string; rateLimited: boolean; retryable: boolean };

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** Codes after which the same request may succeed later. */
const RETRYABLE = new Set(['rateLimited', 'unexpectedError']);

/**
 * Parses a response body; `httpStatus` lets a 429 or 5xx without a JSON body still be classified.
 * Articles without a URL are dropped: the URL is the dedupe key.
 */
export function parseNewsApiResponse(body: string, httpStatus = 200): NewsApiResult {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(body) as Record<string, unknown>;
  } catch {
    const rateLimited = httpStatus === 429;
    return {
      ok: false,
      code: rateLimited ? 'rateLimited' : `http${httpStatus}`,
      message: body.slice(0, 200),
      rateLimited,
      retryable: rateLimited || httpStatus >= 500,
    };
  }
  if (doc.status !== 'ok') {
    const code = str(doc.code) ?? (httpStatus === 429 ? 'rateLimited' : `http${httpStatus}`);
    const rateLimited = code === 'rateLimited' || httpStatus === 429;
    return { ok: false, code, message: str(doc.message) ?? '', rateLimited, retryable: rateLimited || RETRYABLE.has(code) || httpStatus >= 500 };
  }
  const raw = Array.isArray(doc.articles) ? (doc.articles as Array<Record<string, unknown>>) : [];
  const articles: NewsApiArticle[] = [];
  for (const a of raw) {
    const url = str(a.url);
    if (!url) continue;
    const source = (a.source ?? {}) as Record<string, unknown>;
    articles.push({
      source: { id: str(source.id), name: str(source.name) ?? hostOf(url) },
      author: str(a.author),
      title: str(a.title),
      description: str(a.description),
      url,
      urlToImage: str(a.urlToImage),
      publishedAt: str(a.publishedAt),
      content: str(a.content),
    });
  }
  return { ok: true, totalResults: typeof doc.totalResults === 'number' ? doc.totalResults : articles.length, articles };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return 'unknown';
  }
}

/** NewsAPI truncates `content` to ~200 chars plus " [+N chars]"; the marker is not text. */
export function stripTruncationMarker(content: string | null): string | null {
  if (content === null) return null;
  return content.replace(/\s*\[\+\d+ chars\]$/, '');
}
