import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import {
  createApiKeyStore,
  createApiServer,
  createApp,
  createMemoryRateLimiter,
  createReadDbSource,
  type AppDeps,
  type ApiKeyStore,
  type HttpLimits,
  type RateLimiter,
  type ReadDbSource,
} from '../api/index.ts';
import { openOpsDb, openReadDbForWrite, type OpenDatabase } from '../schema/databases.ts';
import type { OpsDatabase } from '../schema/ops/tables.ts';
import { newReadDbPath, publishReadDb, readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite, type SqliteHandle } from '../schema/sqlite.ts';
import { afterAll, beforeAll } from 'vitest';
import { copyOfTemplate } from './shared-templates.ts';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

export const CURSOR_SECRET = 'test-cursor-secret-0123456789';
export const PUBLIC_BASE_URL = 'https://ipo.example.test';

/** A data dir with an empty, migrated read.db generation published behind the link. */
export async function emptyDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ipo-api-'));
  await publishEmptyGeneration(dataDir);
  return dataDir;
}

export async function publishEmptyGeneration(dataDir: string): Promise<string> {
  const path = newReadDbPath(dataDir);
  const db = await openReadDbForWrite(path);
  await db.close();
  publishReadDb(dataDir, path);
  return path;
}

export interface RunningApi {
  baseUrl: string;
  key: string;
  keys: ApiKeyStore;
  ops: OpenDatabase<OpsDatabase>;
  readDb: ReadDbSource;
  get(path: string, init?: { key?: string | null; headers?: Record<string, string>; method?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the real app on port 0 over `dataDir` with one fresh API key. */
export async function startApi(
  dataDir: string,
  options: {
    rateLimiter?: RateLimiter;
    overrides?: Partial<AppDeps>;
    checkIntervalMs?: number;
    httpLimits?: Partial<HttpLimits>;
    /** Another instance's ops.db key, so two apps on one DATA_DIR can share it. */
    key?: string;
  } = {},
): Promise<RunningApi> {
  const ops = await openOpsDb(dataDir);
  const keys = createApiKeyStore(ops);
  const key = options.key ?? (await keys.create('test')).key;
  const readDb = createReadDbSource({ dataDir, checkIntervalMs: options.checkIntervalMs ?? 0 });
  const app = createApp({
    readDb,
    apiKeys: keys,
    rateLimiter: options.rateLimiter ?? createMemoryRateLimiter({ limitPerMinute: 10_000 }),
    cursorSecret: CURSOR_SECRET,
    publicBaseUrl: PUBLIC_BASE_URL,
    reportError: (error) => console.error(error),
    ...options.overrides,
  });
  // The production server (timeouts, header limit, client-error envelope).
  const server: Server = createApiServer(app, options.httpLimits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    key,
    keys,
    ops,
    readDb,
    get(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const useKey = init.key === undefined ? key : init.key;
      if (useKey !== null) headers.Authorization = `Bearer ${useKey}`;
      return fetch(baseUrl + path, { method: init.method ?? 'GET', headers });
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A response whose body the test never read keeps its connection busy until keep-alive ends.
      server.closeAllConnections();
      await closed;
      readDb.close();
      await ops.close();
    },
  };
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }> }>>;
  components: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
};

/**
 * Checks response bodies against the document the server publishes: the operation's response
 * for that status, resolved through $refs, compiled by a separate ajv that knows `nullable`.
 */
export function documentValidator(doc: unknown) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi.json');
  const typed = doc as Doc;
  const cache = new Map<string, ValidateFunction>();
  return function check(pathTemplate: string, status: number, body: unknown): void {
    const id = `${pathTemplate} ${status}`;
    let validate = cache.get(id);
    if (!validate) {
      let response = typed.paths[pathTemplate]?.get?.responses[String(status)];
      if (!response) throw new Error(`document has no ${status} response for GET ${pathTemplate}`);
      if (response.$ref) response = typed.components.responses[response.$ref.split('/').pop()!];
      const schema = response.content?.['application/json']?.schema as { $ref: string } | undefined;
      if (!schema) throw new Error(`document has no JSON body for ${id}`);
      validate = ajv.compile({ $ref: `openapi.json${schema.$ref}` });
      cache.set(id, validate);
    }
    if (!validate(body)) {
      throw new Error(`${id} body does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
    }
  };
}

/**
 * Projects the real recorded sample into `dataDir` with the real projector (rebuild + atomic
 * swap), as `ipo project --rebuild` does. Until the shared demo-data helper lands, this is how
 * API tests get a read.db built from real documents.
 */
export async function projectSampleInto(dataDir: string): Promise<void> {
  const { openEventLogDb } = await import('../schema/databases.ts');
  const { rebuildReadDb } = await import('../projector/index.ts');
  const { appendWholeSample } = await import('./projector-sample-events.ts');
  const events = await openEventLogDb(dataDir);
  try {
    appendWholeSample(events.log); // idempotent: the same payload twice is one event
    await rebuildReadDb({ dataDir, eventLog: events.log });
  } finally {
    await events.close();
  }
}

/**
 * `projectSampleInto` plus the rest of the bundled real sample, so every endpoint has rows: the
 * prospectuses, Marvell's XBRL facts, the Bloomberg rows and Stooq bars of the IPO-window tickers
 * (outcomes), the news records, and the articles `ipo publish` writes from that read model.
 */
export async function projectFullSampleInto(dataDir: string): Promise<void> {
  const { openEventLogDb } = await import('../schema/databases.ts');
  const { projectLive, rebuildReadDb } = await import('../projector/index.ts');
  const { appendWholeSample } = await import('./projector-sample-events.ts');
  const sample = await import('./projector-enrichment-events.ts');
  const { publishFromReadModel } = await import('../scripts/commands/publish.ts');
  const tickers = new Set(sample.windowTickers());
  const events = await openEventLogDb(dataDir);
  try {
    appendWholeSample(events.log);
    events.log.appendMany([
      ...Object.values(sample.DOCUMENTS).map((doc) => sample.documentEvent(doc)),
      sample.marvellFactsEvent(),
      ...sample.ipoRowEvents(sample.bloombergRows().filter((row) => tickers.has(row.ticker))),
      ...[...tickers].map((ticker) => sample.barsEvent(ticker)),
      ...sample.newsEvents(),
    ]);
    await rebuildReadDb({ dataDir, eventLog: events.log });
    // Articles are built from the read model, as `ipo publish` builds them, then projected into the
    // feed incrementally, as the live projector does (a second rebuild gave the same tables, in a third of the time).
    const requests = [
      { kind: 'quarterly', year: 2014, quarter: 2 },
      { kind: 'weekly', date: '2014-06-26' },
      { kind: 'daily', date: '2014-06-26' },
    ] as const;
    publishFromReadModel(dataDir, events.log, requests, { republish: false, observedAt: sample.OBSERVED });
    await projectLive({ dataDir, eventLog: events.log });
  } finally {
    await events.close();
  }
}

export interface ServedSample {
  dataDir: string;
  /** The live read.db, read-only. */
  db: SqliteHandle;
  api: RunningApi;
  close(): Promise<void>;
}

/** `serveFullSample` for one test file: served before its tests run, closed after them. */
export function useServedFullSample(): ServedSample {
  const served = {} as ServedSample;
  beforeAll(async () => {
    Object.assign(served, await serveFullSample());
  }, 120_000);
  afterAll(() => served.close?.());
  return served;
}

/** A copy of one DATA_DIR `projectFullSampleInto` built for the whole run, for the caller to change and remove. */
export function fullSampleCopy(): Promise<string> {
  return copyOfTemplate('full-sample', async (dir) => {
    await publishEmptyGeneration(dir);
    await projectFullSampleInto(dir);
  });
}

/** A `fullSampleCopy` with its read.db open read-only and the app serving it. */
export async function serveFullSample(): Promise<ServedSample> {
  const dataDir = await fullSampleCopy();
  const db = openSqlite(readDbLinkPath(dataDir), { readonly: true });
  const api = await startApi(dataDir);
  return {
    dataDir,
    db,
    api,
    async close() {
      db.close();
      await api.close();
      removeDataDir(dataDir);
    },
  };
}
