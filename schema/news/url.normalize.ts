import { createHash } from 'node:crypto';

/** Query parameters that only track the click, never select the article. */
const TRACKING = /^(utm_.*|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|ncid|cmpid|icid|ocid|_ga|igshid|src|ref|referrer|sr_share|smid|spm)$/i;

/**
 * Canonical form of an article URL for dedupe (domain §6.3): lower-case host without default
 * port, tracking parameters and fragment dropped, AMP variants folded into the page, remaining
 * parameters sorted, no trailing slash. Returns the input unchanged if it is not an absolute URL.
 */
export function canonicalUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return raw.trim();
  }
  u.hash = '';
  u.hostname = u.hostname.toLowerCase().replace(/^amp\./, '');
  const params = [...u.searchParams.entries()].filter(([k]) => !TRACKING.test(k) && k.toLowerCase() !== 'amp' && k !== 'outputType');
  params.sort(([a, av], [b, bv]) => a.localeCompare(b) || av.localeCompare(bv));
  u.search = new URLSearchParams(params).toString();
  u.pathname = u.pathname
    .replace(/\/amp(?=\/|$)/gi, '')
    .replace(/\/amp_articleshow\//i, '/articleshow/')
    .replace(/\.amp(?=\.html?$|$)/i, '')
    .replace(/\/{2,}/g, '/');
  let out = u.toString();
  if (u.search === '') out = out.replace(/\?$/, '');
  return out.replace(/\/+$/, '').replace(/\/(?=\?)/, '');
}

/** The article key: sha256 of the canonical URL, hex. */
export function newsKey(url: string): string {
  return createHash('sha256').update(canonicalUrl(url)).digest('hex');
}
