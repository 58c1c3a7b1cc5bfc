import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentExamples, EXAMPLES_FILE, type DocumentExamples } from '../api/openapi/examples.ts';
import { inspectPage, launchBrowser, linkProblems, expectFullPageScreenshot, screenshotPage, skipWithoutBrowser } from './browser-harness.ts';
import { collectExamples, comparable } from './openapi-examples.kit.ts';
import { freePort, spawnIpo, until, type Spawned } from './process-harness.ts';
import { demoStartCopy } from './shared-templates.ts';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;
const ROOT = join(import.meta.dirname, '..');
/** The one page outside this service the reference links to: the licence named in the document. */
const LICENSE_URL = 'https://spdx.org/licenses/MIT.html';
/** Rewrite api/openapi/examples.json from what the sample serves now, instead of checking it. */
const UPDATING = Boolean(process.env.UPDATE_OPENAPI_EXAMPLES);

/**
 * What a client of the API meets first: `/`, `/docs` (Swagger UI over the served OpenAPI document)
 * and the document itself, served by `ipo start` over the bundled real sample. The document's
 * examples must be what this sample serves; `UPDATE_OPENAPI_EXAMPLES=1` rewrites them instead
 * (`npm run openapi:examples`).
 */
describe('the landing page, the API reference and the OpenAPI document, on the demo sample', () => {
  let dataDir: string;
  let app: Spawned;
  let origin: string;
  let key: string;
  let doc: any;
  let fresh: DocumentExamples;

  beforeAll(async () => {
    dataDir = await demoStartCopy();
    const port = await freePort();
    app = spawnIpo(['start'], { DATA_DIR: dataDir, PORT: String(port), REDIS_URL: '', PUBLIC_BASE_URL: '' });
    await until(() => /^API key: /m.test(app.out()) || !app.alive(), 240_000, 'ipo start to serve');
    expect(app.alive(), app.err()).toBe(true);
    origin = /^URL: (\S+)$/m.exec(app.out())![1];
    key = /^API key: (\S+)$/m.exec(app.out())![1];
    doc = await (await fetch(`${origin}/api/v1/openapi.json`)).json();
    fresh = await collectExamples({ origin, key, dataDir });
    if (UPDATING) writeFileSync(EXAMPLES_FILE, `${JSON.stringify(fresh, null, 2)}\n`);
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(UPDATING)('carries examples the sample still serves, each valid against its schema', () => {
    expect(comparable(fresh)).toEqual(comparable(documentExamples()));
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi.json');
    const check = (pointer: string, value: unknown) => {
      const validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
      expect(validate(value), `${pointer}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    };
    for (const [name, example] of Object.entries(documentExamples().responses)) {
      const media = doc.components.responses[name].content['application/json'];
      expect(media.examples.served).toEqual({ summary: example.request, value: example.value });
      check(`/components/responses/${name}/content/application~1json/schema`, example.value);
    }
    for (const [name, example] of Object.entries(documentExamples().parameters)) {
      expect(doc.components.parameters[name].example, name).toEqual(example.value);
      check(`/components/parameters/${name}/schema`, example.value);
    }
    // Every JSON body has one, errors included, but the document itself and the reference's source maps.
    const without = ['OpenApiDocument', 'SiteAsset'];
    const bodies = Object.entries<any>(doc.components.responses).filter(([name, response]) => response.content?.['application/json'] && !without.includes(name));
    expect(Object.keys(documentExamples().responses).sort()).toEqual(bodies.map(([name]) => name).sort());
  });

  it('passes Redocly lint with its recommended rules: no errors, no warnings', async () => {
    const file = join(dataDir, 'openapi.json');
    writeFileSync(file, await (await fetch(`${origin}/api/v1/openapi.json`)).text());
    const { stdout } = await promisify(execFile)(join(ROOT, 'node_modules/.bin/redocly'), ['lint', file, '--extends=recommended', '--format=json'], {
      cwd: ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string }> };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('serves / and /docs without a key, as HTML with a content security policy, cached briefly', async () => {
    for (const path of ['/', '/docs']) {
      const res = await fetch(origin + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      const again = await fetch(origin + path, { headers: { 'If-None-Match': res.headers.get('etag')! } });
      expect(again.status, path).toBe(304);
    }
    expect(doc.paths['/'].get.security).toEqual([]);
    expect(doc.paths['/docs'].get.security).toEqual([]);
  });

  it('serves the reference assets from a versioned path: their types, a year of caching, gzip when asked', async () => {
    const html = await (await fetch(`${origin}/docs`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.map((a) => a.split('/').pop()).sort()).toEqual(['favicon-32x32.png', 'reference.js', 'site.css', 'swagger-ui-bundle.js', 'swagger-ui.css']);
    const types: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', png: 'image/png' };
    for (const asset of assets) {
      const plain = await fetch(origin + asset, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plain.status, asset).toBe(200);
      expect(plain.headers.get('content-type'), asset).toBe(types[asset.split('.').pop()!]);
      expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
      expect(plain.headers.get('content-encoding')).toBeNull();
      const bytes = Buffer.from(await plain.arrayBuffer());
      if (asset.endsWith('.png')) continue;
      // node's fetch would decode gzip itself: ask with a raw request to see the encoded bytes.
      const zipped = await rawGet(origin + asset, { 'Accept-Encoding': 'gzip' });
      expect(zipped.headers['content-encoding'], asset).toBe('gzip');
      expect(zipped.headers.vary).toBe('Accept-Encoding');
      expect(zipped.headers.etag).not.toBe(plain.headers.get('etag'));
      expect(gunzipSync(zipped.body).equals(bytes), asset).toBe(true);
    }
    const version = assets[0].split('/')[3];
    expect((await fetch(`${origin}/docs/assets/${version}/swagger-ui-bundle.js.map`)).status).toBe(200);
    for (const missing of [`/docs/assets/${version}/package.json`, `/docs/assets/${version}/..%2F..%2Fpackage.json`, '/docs/assets/AAAAAAAAAAAA/reference.js']) {
      const res = await fetch(origin + missing);
      expect(res.status, missing).toBe(404);
      expect(((await res.json()) as any).error.code).toBe('not_found');
    }
  });

  describe.skipIf(skipWithoutBrowser())('in a real browser', () => {
    let browser: Browser;
    const checked = new Map<string, number>();

    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('renders the landing page: what the service is, links that all resolve, nothing from elsewhere', async () => {
      const page = await inspectPage(browser, `${origin}/`);
      expect(page.status).toBe(200);
      expect(page.h1).toBe('IPO Research Data Service');
      expect(page.stylesheetApplied).toBe(true);
      expect(page.consoleErrors).toEqual([]);
      expect(page.failedRequests).toEqual([]);
      expect(page.requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      const paths = page.links.map((href) => new URL(href).pathname);
      for (const path of ['/docs', '/api/v1/openapi.json', '/articles', '/articles/feed.atom', '/articles/feed.json']) expect(paths).toContain(path);
      expect(await linkProblems(page.links, origin, checked)).toEqual([]);
    });

    it('renders the API reference: every operation of the document, no console errors, nothing from elsewhere', async () => {
      const page = await inspectPage(browser, `${origin}/docs`, '.opblock-summary-path');
      expect(page.status).toBe(200);
      expect(page.consoleErrors).toEqual([]);
      expect(page.failedRequests).toEqual([]);
      expect(page.requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      expect(page.requests).toContain(`${origin}/api/v1/openapi.json`);
      expect(page.text).toContain('IPO Research Data Service');
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        for (const operation of Object.values<any>(item)) {
          expect(page.text, path).toContain(path);
          expect(page.text, path).toContain(operation.summary);
        }
      }
      const outside = page.links.filter((href) => new URL(href).origin !== origin);
      expect(outside.filter((href) => href !== LICENSE_URL)).toEqual([]);
      expect(await linkProblems(page.links.filter((href) => href !== LICENSE_URL), origin, checked)).toEqual([]);
    });

    it('looks like the reference in a screenshot: the operations listed over the whole page, in colour', async () => {
      const shot = await screenshotPage(browser, `${origin}/docs`, 'api-reference', '.opblock-summary-path');
      // The operation bands (GET blue) and the method badges give hues beyond text greys.
      expectFullPageScreenshot('/docs', shot, { min: 0.05, max: 0.8 });
    });

    it('sends a request from the reference with an API key (try it out) and shows the answer', async () => {
      const page = await browser.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      try {
        await page.goto(`${origin}/docs#/companies/listCompanies`, { waitUntil: 'load' });
        await page.getByRole('button', { name: 'Authorize' }).first().click();
        await page.locator('.modal-ux input').fill(key);
        await page.locator('.modal-ux button[type="submit"]').click();
        await page.locator('.modal-ux').getByRole('button', { name: 'Close' }).click();
        const operation = page.locator('#operations-companies-listCompanies');
        await operation.getByRole('button', { name: 'Try it out' }).click();
        const answered = page.waitForResponse((r) => r.url().startsWith(`${origin}/api/v1/companies`));
        await operation.getByRole('button', { name: 'Execute' }).click();
        expect((await answered).status()).toBe(200);
        await expect.poll(() => operation.locator('.live-responses-table .response .response-col_status').first().innerText(), { timeout: 30_000 }).toBe('200');
        expect(consoleErrors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
});

/** A GET whose body arrives as sent (node's fetch would decode a gzip body itself). */
async function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string>; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
