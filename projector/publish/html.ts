import { assertNever } from '../../schema/exhaustive.ts';
import type { SourceLink } from './article.types.ts';

/** Small HTML helpers: every number goes through `num`, so it always carries its source link. */

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const fmt = (value: number, decimals: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

export type NumberStyle = 'int' | 'usd' | 'pct' | 'millions';

export function formatNumber(value: number, style: NumberStyle): string {
  switch (style) {
    case 'int':
      return fmt(value, 0);
    // A negative amount reads "-$29.7M", never "$-29.7M".
    case 'usd':
      return `${value < 0 ? '-' : ''}$${fmt(Math.abs(value), 2)}`;
    case 'pct':
      return `${value > 0 ? '+' : ''}${fmt(value, 2)}%`;
    case 'millions':
      return `${value < 0 ? '-' : ''}$${fmt(Math.abs(value) / 1e6, 1)}M`;
    default:
      return assertNever(style);
  }
}

/**
 * A number with its source: a link to the SEC filing that states it, or, for a figure computed
 * from prices or from several filings, a <data> element whose title names the source (the
 * section's source note says more). `missing` is what a sentence says when the value is unknown.
 */
export function num(value: number | null, style: NumberStyle, source: SourceLink, missing = 'not stated'): string {
  if (value === null || !Number.isFinite(value)) return esc(missing);
  const text = esc(formatNumber(value, style));
  if (source.url) return `<a href="${esc(source.url)}" title="${esc(source.label)}">${text}</a>`;
  // The machine value to the shown precision: a mean's last float bits depend on summation order.
  const machine = style === 'pct' || style === 'usd' ? Number(value.toFixed(2)) : Math.round(value);
  return `<data value="${machine}" title="${esc(source.label)}">${text}</data>`;
}

export function time(date: string, text: string = date): string {
  return `<time datetime="${esc(date)}">${esc(text)}</time>`;
}

/** EDGAR CIKs are digits; a company known only from a vendor IPO table (V-...) has no EDGAR page. */
const EDGAR_CIK = /^\d{1,10}$/;

/** Company names can hold digits ("22nd Century"): linked to their EDGAR filer page, else kept in <data>. */
export function company(name: string, cik: string): string {
  if (!EDGAR_CIK.test(cik)) return `<data value="${esc(cik)}">${esc(name)}</data>`;
  const href = `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${cik}`;
  return `<a href="${esc(href)}">${esc(name)}</a>`;
}

/**
 * " (GPRO)", or nothing for a symbol the issuer took after its listing. A symbol with digits (a vendor's placeholder for a delisted listing, "1837321D") is
 * kept in <data> naming where it comes from, so no digit in running text goes unsourced.
 */
export function ticker(symbol: string | null): string {
  if (!symbol) return '';
  // A fifth letter Q is the symbol a bankrupt issuer traded under last (ADPTQ for Adeptus Health, whose
  // IPO listed as ADPT): an article is dated before it, so it prints none rather than one its date did
  // not know (the symbol before the Q cannot be told from it: JG Wentworth's JGW became JGWEQ).
  if (BANKRUPTCY_SYMBOL.test(symbol)) return '';
  const text = /\d/.test(symbol) ? `<data value="${esc(symbol)}" title="ticker symbol as this service serves it">${esc(symbol)}</data>` : esc(symbol);
  return ` (<span class="ticker">${text}</span>)`;
}

/** Nasdaq's fifth-letter Q, which quote services keep: the issuer was in bankruptcy when it last traded. */
const BANKRUPTCY_SYMBOL = /^[A-Z]{4}Q$/;

/**
 * Where a table's or chart's numbers come from, and as of when: each source linked when it has a
 * public URL (an SEC filing), named otherwise.
 */
export function sourceNote(sources: readonly SourceLink[], asOf: string): string {
  const named = sources.map((s) => (s.url ? `<a href="${esc(s.url)}">${esc(s.label)}</a>` : esc(s.label)));
  return `<p class="source">Source: ${named.join('; ')}. As of ${time(asOf, asOf.slice(0, 10))}.</p>`;
}

/** A list of sentences, or the sentence that says there are none. */
export function listOr(items: readonly string[], none: string, tag: 'ul' | 'ol' = 'ul'): string[] {
  return items.length ? [`<${tag}>`, ...items.map((i) => `<li>${i}</li>`), `</${tag}>`] : [`<p>${none}</p>`];
}

/** A server-rendered chart with its caption and source. */
export function figure(svg: string, caption: string, note: string): string {
  return `<figure>\n${svg}\n<figcaption>${esc(caption)}</figcaption>\n${note}\n</figure>`;
}

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const byDateThenName = <T extends { companyName: string | null; cik: string }>(date: (x: T) => string) =>
  (a: T, b: T) =>
    date(a).localeCompare(date(b)) || (a.companyName ?? '').localeCompare(b.companyName ?? '') || a.cik.localeCompare(b.cik);

/** Plain text of an HTML fragment, for summaries. */
export function plain(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The article fragment: title, publication time, body. The API wraps it in a document. */
export function page(title: string, publishedAt: string, body: string[]): string {
  const when = `${publishedAt.slice(0, 10)} ${publishedAt.slice(11, 16)} UTC`;
  const text = body.join('\n');
  // The mark's legend leads, so a reader meets it before the first marked name.
  const note = text.includes(NAMED_TODAY) ? `${NAMED_TODAY_NOTE}\n` : '';
  return `<article>\n<h1>${title}</h1>\n<p class="dateline">Published ${time(publishedAt, when)}</p>\n${note}${text}\n</article>\n`;
}

/** Marks an issuer the data names only as it is named today (article-data.derive.ts nameAtOffering). */
export const NAMED_TODAY = '\u2020';
const NAMED_TODAY_NOTE =
  `<p class="note">${NAMED_TODAY} Named as the data names the issuer today: the vendor IPO tables and the SEC's files give an issuer's ` +
  'current name, and Bloomberg\'s table its last symbol, so the name and the symbol beside it may be later than this article. ' +
  'A name without the mark is the one the issuer had at its offering.</p>';
