import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createApiKeyStore } from '../../api/index.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { readDbLinkPath } from '../../schema/read/location.ts';
import type { OpenDatabase } from '../../schema/databases.ts';
import type { OpsDatabase } from '../../schema/ops/tables.ts';
import { startApiServer } from '../api-server.ts';
import type { Command, Io } from '../command.ts';
import { DEMO_IPO_TABLES, demoPlanJobs, marketDemoJobs, ingestDemoMarket, ingestDemoSample, publishDemoArticles, replayManifests, SAMPLE_DIR } from '../demo.ts';
import { describeImport, importWithProgress, readIpoTableFile } from './import.ts';
import { inlineRunProgress } from './ingest.ts';
import { createLogger } from '../log.ts';
import { linesAbove } from '../progress.ts';
import { onShutdown, openWriteStores } from '../runtime.ts';
import { project } from './project.ts';
import { startWebhookDelivery } from './webhooks.ts';
import { ProcessLockBusyError } from '../../schema/process-lock.ts';

const DEMO_CURSOR = 'demo.sample';

/** Identifies what the demo ingests, so a changed sample is ingested again (events are idempotent). */
function sampleFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of [join(SAMPLE_DIR, 'demo-plan.json'), ...replayManifests(), ...DEMO_IPO_TABLES.map((t) => t.path)]) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

async function ensureDemoKey(config: Config, ops: OpenDatabase<OpsDatabase>): Promise<string> {
  // The demo key is kept in a file so that `npm start` can print it again; real keys are never stored.
  const file = join(config.dataDir, 'demo-api-key');
  const store = createApiKeyStore(ops);
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (store.verify(key)) return key;
  }
  const created = await store.create('demo');
  writeFileSync(file, `${created.key}\n`, { mode: 0o600 });
  return created.key;
}

export async function prepareDemo(config: Config, io: Io): Promise<string> {
  const stores = await openWriteStores(config);
  try {
    const fingerprint = sampleFingerprint();
    const done = await stores.ops.kysely.selectFrom('ingest_cursors').select('value').where('name', '=', DEMO_CURSOR).executeTakeFirst();
    if (done?.value === fingerprint) {
      io.err.write(`demo sample already ingested in ${config.dataDir}; reusing it\n`);
    } else {
      io.err.write('ingesting the bundled real EDGAR sample through the replay server …\n');
      const logger = createLogger(config.logging, linesAbove(io.err), 'demo');
      const ingestProgress = inlineRunProgress(io.err, config, 'ingest', demoPlanJobs().length);
      const report = await ingestDemoSample(config, stores.events.log, logger, ingestProgress.onProgress).finally(ingestProgress.stop);
      io.err.write(
        `ingest: ${report.jobs} jobs, ${report.appended} new events, ${report.notFound} not found (404), ${report.requests} requests\n`,
      );
      if (report.failures.length > 0) {
        for (const f of report.failures) io.err.write(`ingest failed: ${f.id}: ${f.error.message}\n`);
        throw new Error(`${report.failures.length} demo ingest jobs failed`);
      }
      // Market data after EDGAR: every US row of the vendor tables, the prices, the news.
      const started = Date.now();
      for (const table of DEMO_IPO_TABLES) {
        const imported = await importWithProgress(io.err, config, stores.events.log, null, readIpoTableFile(table.path), {
          source: table.source,
          file: basename(table.path),
          filter: { country: 'US', priced: table.pricedOnly },
          observedAt: new Date().toISOString(),
        });
        io.err.write(`import ipo-table ${table.source}: ${describeImport(imported, false, 0)}`);
      }
      const marketProgress = inlineRunProgress(io.err, config, 'ingest market', marketDemoJobs().jobs.length);
      const market = await ingestDemoMarket(stores.events.log, logger, marketProgress.onProgress).finally(marketProgress.stop);
      io.err.write(`ingest market: ${market.jobs} jobs, ${market.appended} new events, ${market.notFound} not found, ${market.failures.length} failed, ${Date.now() - started} ms\n`);
      if (market.failures.length > 0) {
        for (const f of market.failures) io.err.write(`ingest failed: ${f.id}: ${f.error.message}\n`);
        throw new Error(`${market.failures.length} demo market jobs failed`);
      }
      // Articles are built from the read model, so project before publishing.
      const firstProjection = await project(config, false, io.err);
      io.err.write(`project (${firstProjection.mode}): ${firstProjection.events} events, ${firstProjection.ms} ms\n`);
      const published = await publishDemoArticles(config, io.err);
      const ids = published.filter((p) => p.result === 'published' || p.result === 'replaced' || p.result === 'unchanged').map((p) => p.id);
      io.err.write(`publish: ${ids.length} articles (${ids.join(', ')})\n`);
      const now = new Date().toISOString();
      await stores.ops.kysely
        .insertInto('ingest_cursors')
        .values({ name: DEMO_CURSOR, value: fingerprint, updated_at: now })
        .onConflict((c) => c.column('name').doUpdateSet({ value: fingerprint, updated_at: now }))
        .execute();
    }
    const projected = await project(config, false, io.err);
    io.err.write(`project (${projected.mode}): ${projected.events} events, ${projected.companiesDerived} companies, ${projected.ms} ms\n`);
    return await ensureDemoKey(config, stores.ops);
  } finally {
    await stores.close();
  }
}

export const startCommand: Command = {
  name: 'start',
  summary: 'Demo: migrate, ingest the bundled real sample, project, create a demo key, serve.',
  details: `What \`npm start\` runs. Needs no Redis: the in-process runner runs the ingest job handlers
against a local replay server of recorded real EDGAR responses, then imports every US row of the
bundled vendor IPO tables (the Bloomberg export and the Yahoo Finance list, 2000–2025). Data goes
to DATA_DIR (default ./data); a second run reuses it. Prints "URL: …" and "API key: …". It also
delivers webhooks (\`ipo webhooks add\`), as \`ipo webhooks send\` does, unless one already runs on DATA_DIR.`,
  async run(_input, io) {
    const config = loadConfig(io.env);
    const key = await prepareDemo(config, io);
    const api = await startApiServer(config);
    // The demo is one process: it delivers webhooks too (`ipo webhooks add` while it runs), unless a sender already runs on DATA_DIR.
    const webhooks = await startWebhookDelivery(config, createLogger(config.logging, io.err, 'webhooks')).catch(async (error: unknown) => {
      if (error instanceof ProcessLockBusyError) return null;
      // Not started: the API that is already listening must not keep the process alive.
      await api.close();
      throw error;
    });
    io.out.write(
      [
        `URL: ${api.url}`,
        `API key: ${key}`,
        '',
        'Try:',
        `  curl -H "Authorization: Bearer ${key}" '${api.url}/api/v1/companies?limit=5'`,
        `  curl -H "Authorization: Bearer ${key}" '${api.url}/api/v1/companies/AAOI?include=filings'`,
        `  curl -H "Authorization: Bearer ${key}" -H 'Accept: text/csv' '${api.url}/api/v1/outcomes?limit=20'`,
        `  curl '${api.url}/api/v1/openapi.json'`,
        '',
        `API reference in a browser: ${api.url}/docs   Articles: ${api.url}/articles`,
        `SQL: sqlite3 ${readDbLinkPath(config.dataDir)} 'SELECT ticker, offer_price, day1_return FROM ipo_outcomes LIMIT 10'`,
        '',
      ].join('\n'),
    );
    onShutdown(async () => {
      await webhooks?.close();
      await api.close();
    });
    return new Promise<number>(() => {});
  },
};
