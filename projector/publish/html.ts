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
    case 'usd':
      return `$${fmt(value, 2)}`;
    case 'pct':
      return `${value > 0 ? '+' : ''}${fmt(value, 2)}%`;
    case 'millions':
      return `$${fmt(value / 1e6, 1)}M`;
  }
}

/** A number linked to its source; `n/a` (no digits, no link) when unknown. */
export function num(value: number | null, style: NumberStyle, source: SourceLink): string {
  if (value === null || !Number.isFinite(value)) return 'n/a';
  return `<a href="${esc(source.url)}" title="${esc(source.label)}">${esc(formatNumber(value, style))}</a>`;
}

export function time(date: string, text: string = date): string {
  return `<time datetime="${esc(date)}">${esc(text)}</time>`;
}

/** Company names can hold digits ("22nd Century"), so they are linked to their EDGAR filer page. */
export function company(name: string, cik: string): string {
  const href = `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${encodeURIComponent(cik)}`;
  return `<a href="${esc(href)}">${esc(name)}</a>`;
}

export function ticker(symbol: string | null): string {
  return symbol ? ` (<span class="ticker">${esc(symbol)}</span>)` : '';
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

export function page(title: string, body: string[]): string {
  return `<article>\n<h1>${title}</h1>\n${body.join('\n')}\n</article>\n`;
}

export const outcomeOrder = (a: { outcome: OutcomeKey }, b: { outcome: OutcomeKey }) =>
  a.outcome.tradingStartDate.localeCompare(b.outcome.tradingStartDate) ||
  (a.outcome.companyName ?? '').localeCompare(b.outcome.companyName ?? '') ||
  a.outcome.cik.localeCompare(b.outcome.cik) ||
  a.outcome.ticker.localeCompare(b.outcome.ticker);

interface OutcomeKey {
  tradingStartDate: string;
  companyName: string | null;
  cik: string;
  ticker: string;
}
