import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test-only: a `fetch` that answers from data/sample/market-replay.json by exact path and query. */
export const MARKET_MANIFEST = fileURLToPath(new URL('../../data/sample/market-replay.json', import.meta.url));

export interface ManifestRoute {
  host: string;
  path: string;
  file: string;
  contentType: string;
}

export function readMarketManifest(): { routes: ManifestRoute[] } {
  return JSON.parse(readFileSync(MARKET_MANIFEST, 'utf8')) as { routes: ManifestRoute[] };
}

export function manifestFetch(host: string, base: string, seen: string[] = []): typeof globalThis.fetch {
  const folder = dirname(MARKET_MANIFEST);
  const routes = new Map(readMarketManifest().routes.filter((r) => r.host === host).map((r) => [r.path, r]));
  return (async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    seen.push(url);
    const route = url.startsWith(base) ? routes.get(url.slice(base.length)) : undefined;
    if (!route) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
    return new Response(readFileSync(`${folder}/${route.file}`), { status: 200, headers: { 'content-type': route.contentType } });
  }) as typeof globalThis.fetch;
}

/** A fetch that always answers with the given status and body. */
export function fixedFetch(status: number, body: string, headers: Record<string, string> = {}): typeof globalThis.fetch {
  return (async () => new Response(body, { status, headers })) as typeof globalThis.fetch;
}
