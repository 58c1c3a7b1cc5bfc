import { readFileSync } from 'node:fs';
import { createServer, STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { systemClock, type Clock } from '../clock.ts';
import { faultPlan, type InjectedFault, type ReplayFault } from './replay-faults.ts';
import { dataNotFoundXml, RATE_THRESHOLD_PAGE, UNDECLARED_TOOL_PAGE, WWW_NOT_FOUND_PAGE } from './replay-pages.ts';

/** One recorded response: `host` is a free key (`www`, `data`, later `prices`, `news`...). */
export interface ReplayRoute {
  host: string;
  /** Path, with the query string when the source selects by query (`/q/d/l/?s=aaoi.us&i=d`). */
  path: string;
  /** Relative to the manifest's folder. `.gz` files are stored compressed. */
  file: string;
  contentType: string;
}

export interface ReplayManifest {
  routes: ReplayRoute[];
}

/** A request as an overlay sees it. */
export interface OverlayRequest {
  host: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface OverlayAnswer {
  status: number;
  body: Buffer | string;
  contentType: string;
  headers?: Record<string, string>;
}

/**
 * Answers some requests in place of the recordings (a feed that changes while it is read,
 * live-feed.ts), after EDGAR's rules and the injected faults; null leaves a request to them.
 */
export interface ReplayOverlay {
  answer(request: OverlayRequest): OverlayAnswer | null;
}

export interface ReplayRequest {
  host: string;
  path: string;
  /** The query string as sent, without `?`; absent when there was none. */
  query?: string;
  status: number;
  userAgent: string;
  /** True when the stored gzip bytes were sent with Content-Encoding: gzip. */
  gzip: boolean;
  /** Arrival time on the server's clock (ms). */
  at: number;
  /** True when the answer was an injected fault (status or delay) rather than the plain recording. */
  injected?: true;
}

export interface ReplayServerOptions {
  /** One manifest or several; their routes are merged. */
  manifestPath: string | string[];
  hostname?: string;
  /** Hosts that behave like EDGAR (User-Agent check, rate threshold). Default `www`, `data`. */
  edgarHosts?: string[];
  /** Requests allowed in any 1-second window across the EDGAR hosts; null disables. Default 10. */
  rateLimitPerSecond?: number | null;
  /** Refusals, failures and delays to inject (replay-faults.ts); none by default. */
  faults?: ReplayFault[];
  /** Consulted in order before the recordings. */
  overlays?: ReplayOverlay[];
  /**
   * The first port: the hosts listen on consecutive ports from it, in replayHosts' order (www,
   * data, then the others as the manifests first name them). Absent: each on a free port.
   * A port already taken fails the start with a ReplayPortError.
   */
  port?: number;
  clock?: Clock;
}

/** A port the replay server was told to listen on could not be had (taken, or not allowed). */
export class ReplayPortError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
    readonly code: string,
  ) {
    super(`port ${port} (${host}) ${code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'is not allowed' : `cannot be listened on (${code})`}`);
  }
}

export interface ReplayServer {
  /** Base URL per host key, e.g. `{ www: 'http://127.0.0.1:40123', data: 'http://127.0.0.1:40124' }`. */
  urls: Record<string, string>;
  requestLog: ReplayRequest[];
  close(): Promise<void>;
}

interface LoadedRoute {
  route: ReplayRoute;
  absolutePath: string;
  gzipped: boolean;
}

const EMAIL_TOKEN = /[^\s@<>()]+@[^\s@<>()]+\.[A-Za-z]{2,}/;

export function loadReplayRoutes(manifestPaths: string[]): LoadedRoute[] {
  return manifestPaths.flatMap((manifestPath) => {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ReplayManifest;
    if (!Array.isArray(manifest.routes)) throw new Error(`${manifestPath}: no "routes" array`);
    const base = dirname(resolve(manifestPath));
    return manifest.routes.map((route) => ({ route, absolutePath: resolve(base, route.file), gzipped: route.file.endsWith('.gz') }));
  });
}

/** The hosts the manifests serve, in the order they take ports: www, data, then the others as the manifests first name them. */
export function replayHosts(manifestPaths: string[]): string[] {
  return orderedHosts(loadReplayRoutes(manifestPaths).map((loaded) => loaded.route.host));
}

const FIRST_HOSTS = ['www', 'data'];

function orderedHosts(hosts: Iterable<string>): string[] {
  const named = [...new Set(hosts)];
  return [...FIRST_HOSTS.filter((h) => named.includes(h)), ...named.filter((h) => !FIRST_HOSTS.includes(h))];
}

/**
 * A local stand-in for EDGAR (and later other sources) that serves recorded real responses at the
 * paths the real hosts serve them, and reproduces EDGAR's refusals so clients are tested against
 * them: 403 for an undeclared User-Agent, 403 above 10 requests a second, 404 for unknown paths.
 * Injected faults (`faults`) add the bad days: throttling, 5xx and slow answers, deterministically.
 */
export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  const manifests = Array.isArray(options.manifestPath) ? options.manifestPath : [options.manifestPath];
  const byHost = routesByHost(loadReplayRoutes(manifests));
  const clock = options.clock ?? systemClock();
  const replay: Replay = {
    byHost,
    edgarHosts: new Set(options.edgarHosts ?? ['www', 'data']),
    overRate: edgarRateWindow(options.rateLimitPerSecond === undefined ? 10 : options.rateLimitPerSecond, clock),
    injectedFault: faultPlan(options.faults ?? []),
    overlays: options.overlays ?? [],
    clock,
    requestLog: [],
    heldBack: new Set<NodeJS.Timeout>(),
    bytesOf: fileReader(),
  };
  const hostname = options.hostname ?? '127.0.0.1';
  const { servers, urls } = await listenPerHost(orderedHosts(byHost.keys()), hostname, options.port ?? null, (host, req, res) => answer(replay, host, req, res));
  return {
    urls,
    requestLog: replay.requestLog,
    close: () => {
      for (const timer of replay.heldBack) clearTimeout(timer);
      return closeAll(servers);
    },
  };
}

/** What answering a request needs: the routes, the EDGAR rules, the faults, and what was answered. */
interface Replay {
  byHost: Map<string, Map<string, LoadedRoute>>;
  edgarHosts: Set<string>;
  /** Counts a request to an EDGAR host; true when it goes over the per-second limit. */
  overRate: () => boolean;
  injectedFault: ReturnType<typeof faultPlan>;
  overlays: ReplayOverlay[];
  clock: Clock;
  requestLog: ReplayRequest[];
  /** Answers held back by an injected delay, cleared on close. */
  heldBack: Set<NodeJS.Timeout>;
  bytesOf: (path: string) => Buffer;
}

function routesByHost(routes: LoadedRoute[]): Map<string, Map<string, LoadedRoute>> {
  const byHost = new Map<string, Map<string, LoadedRoute>>();
  for (const loaded of routes) {
    const table = byHost.get(loaded.route.host) ?? new Map<string, LoadedRoute>();
    table.set(loaded.route.path, loaded);
    byHost.set(loaded.route.host, table);
  }
  return byHost;
}

/** A file's bytes, read once. */
function fileReader(): (path: string) => Buffer {
  const fileCache = new Map<string, Buffer>();
  return (path) => {
    let bytes = fileCache.get(path);
    if (!bytes) fileCache.set(path, (bytes = readFileSync(path)));
    return bytes;
  };
}

/** EDGAR's threshold: more than `limit` requests in any 1-second window; null = no limit. */
function edgarRateWindow(limit: number | null, clock: Clock): () => boolean {
  const recent: number[] = [];
  return () => {
    if (limit === null) return false;
    const now = clock.now();
    recent.push(now);
    while (recent.length > 0 && recent[0] <= now - 1000) recent.shift();
    return recent.length > limit;
  };
}

function answer(replay: Replay, host: string, req: IncomingMessage, res: ServerResponse): void {
  const target = req.url ?? '/';
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  const query = queryAt < 0 ? '' : target.slice(queryAt + 1);
  const userAgent = req.headers['user-agent'] ?? '';
  const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const at = replay.clock.now();
  let fault: InjectedFault | null = null;
  const send = (status: number, body: Buffer | string, headers: Record<string, string | number>) => {
    res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const reply = (status: number, body: Buffer | string, contentType: string, gzip = false, extra: Record<string, string> = {}) => {
    replay.requestLog.push({ host, path, ...(query ? { query } : {}), status, userAgent, gzip, at, ...(fault ? { injected: true as const } : {}) });
    const headers: Record<string, string | number> = { 'Content-Type': contentType, ...extra };
    if (gzip) headers['Content-Encoding'] = 'gzip';
    if (fault?.retryAfterSeconds != null && fault.status !== null) headers['Retry-After'] = fault.retryAfterSeconds;
    if (!fault?.delayMs) return send(status, body, headers);
    const timer = setTimeout(() => {
      replay.heldBack.delete(timer);
      send(status, body, headers);
    }, fault.delayMs);
    replay.heldBack.add(timer);
  };
  if (replay.edgarHosts.has(host)) {
    const throttled = replay.overRate();
    if (!EMAIL_TOKEN.test(userAgent)) return reply(403, UNDECLARED_TOOL_PAGE, 'text/html');
    if (throttled) return reply(403, RATE_THRESHOLD_PAGE, 'text/html');
  }
  fault = replay.injectedFault(host, target);
  if (fault?.status === 403) return reply(403, RATE_THRESHOLD_PAGE, 'text/html');
  if (fault?.status != null) return reply(fault.status, `${fault.status} ${STATUS_CODES[fault.status] ?? 'Error'}\n`, 'text/plain');
  if (req.method === 'GET' || req.method === 'HEAD') {
    for (const overlay of replay.overlays) {
      const given = overlay.answer({ host, path, query: new URLSearchParams(query), headers: req.headers });
      if (given) return reply(given.status, given.body, given.contentType, false, given.headers);
    }
  }
  // Exact path and query first (prices and news select by query), then the path alone (EDGAR
  // clients may add cache-busting or unused parameters).
  const table = req.method === 'GET' || req.method === 'HEAD' ? replay.byHost.get(host) : undefined;
  const loaded = table?.get(target) ?? table?.get(path);
  if (!loaded) {
    if (host === 'data') return reply(404, dataNotFoundXml(path), 'application/xml');
    return reply(404, WWW_NOT_FOUND_PAGE, 'text/html');
  }
  const stored = replay.bytesOf(loaded.absolutePath);
  if (loaded.gzipped && acceptsGzip) return reply(200, stored, loaded.route.contentType, true);
  return reply(200, loaded.gzipped ? gunzipSync(stored) : stored, loaded.route.contentType);
}

/** One server per host key: on consecutive ports from `firstPort`, else each on a free port. */
async function listenPerHost(
  hosts: string[],
  hostname: string,
  firstPort: number | null,
  handle: (host: string, req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ servers: Server[]; urls: Record<string, string> }> {
  const servers: Server[] = [];
  const urls: Record<string, string> = {};
  try {
    for (const [i, host] of hosts.entries()) {
      const server = createServer((req, res) => handle(host, req, res));
      const port = firstPort === null ? 0 : firstPort + i;
      await new Promise<void>((ok, fail) => {
        server.once('error', (error: NodeJS.ErrnoException) => fail(firstPort !== null && error.code ? new ReplayPortError(host, port, error.code) : error));
        server.listen(port, hostname, () => ok());
      });
      servers.push(server);
      urls[host] = `http://${hostname}:${(server.address() as AddressInfo).port}`;
    }
  } catch (error) {
    await closeAll(servers);
    throw error;
  }
  return { servers, urls };
}

async function closeAll(servers: Server[]): Promise<void> {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((ok) => {
          server.close(() => ok());
          server.closeAllConnections();
        }),
    ),
  );
}
