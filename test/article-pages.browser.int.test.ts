import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atomViolations, jsonFeedViolations } from '../schema/feeds/feed-spec.testkit.ts';
import { inspectPage, launchBrowser, linkProblems, expectFullPageScreenshot, screenshotPage, skipWithoutBrowser, type PageReport } from './browser-harness.ts';
import { freePort, spawnIpo, until, type Spawned } from './process-harness.ts';
import { demoStartCopy } from './shared-templates.ts';

/**
 * The published articles as a reader gets them: `ipo start` (what `npm start` runs) serves the
 * bundled real sample and the demo articles a first start ingested and published (a copy of the
 * run's one demo-start template); Debian's chromium opens the index and every
 * article page, and every link on them is followed (same origin) or checked (SEC).
 */
describe.skipIf(skipWithoutBrowser())('article pages in a real browser, on the demo sample', () => {
  let dataDir: string;
  let app: Spawned;
  let origin: string;
  let browser: Browser;
  let index: PageReport;
  const pages: PageReport[] = [];
  const checked = new Map<string, number>();

  beforeAll(async () => {
    dataDir = await demoStartCopy();
    const port = await freePort();
    app = spawnIpo(['start'], { DATA_DIR: dataDir, PORT: String(port), REDIS_URL: '', PUBLIC_BASE_URL: '' });
    await until(() => /^URL: /m.test(app.out()) || !app.alive(), 240_000, 'ipo start to serve');
    expect(app.alive(), app.err()).toBe(true);
    origin = /^URL: (\S+)$/m.exec(app.out())![1];
    browser = await launchBrowser();
    index = await inspectPage(browser, `${origin}/articles`);
    const articleLinks = index.links.filter((href) => new URL(href).pathname.startsWith('/articles/') && !/\/articles\/(feed\.|style\.)/.test(href));
    // Tabs of one context, a few at a time: a context per page costs more than the page itself.
    const context = await browser.newContext();
    const hrefs = [...new Set(articleLinks)];
    for (let i = 0; i < hrefs.length; i += 4) pages.push(...(await Promise.all(hrefs.slice(i, i + 4).map((href) => inspectPage(context, href)))));
    await context.close();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders the index: styled, no console errors, every article linked', () => {
    expect(index.status).toBe(200);
    expect(index.title).toBe('IPO research: articles');
    expect(index.stylesheetApplied).toBe(true);
    expect(index.consoleErrors).toEqual([]);
    expect(index.failedRequests).toEqual([]);
    // The demo publishes quarterly reviews, weekly reviews and daily spotlights.
    for (const kind of ['quarterly', 'weekly', 'daily']) expect(pages.some((p) => p.url.includes(`/articles/${kind}-`)), kind).toBe(true);
  });

  it('renders every article: its title, the stylesheet applied, no console errors or failed requests', () => {
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const page of pages) {
      expect(page.status, page.url).toBe(200);
      expect(page.title, page.url).toMatch(/^IPO (daily spotlight|weekly review|quarterly review): /);
      expect(page.h1.replace(/\s+/g, ' '), page.url).toMatch(/^IPO (daily spotlight|weekly review|quarterly review): /);
      expect(page.stylesheetApplied, page.url).toBe(true);
      expect(page.consoleErrors, page.url).toEqual([]);
      expect(page.failedRequests, page.url).toEqual([]);
      expect(page.text, page.url).not.toMatch(/\bn\/a\b/);
    }
  });

  it('draws server-rendered charts where there is data, each with a name and a visible size', () => {
    for (const page of pages) {
      for (const chart of page.charts) {
        expect(chart.title, page.url).not.toBe('');
        expect(chart.width, `${page.url} ${chart.title}`).toBeGreaterThan(200);
        expect(chart.height, `${page.url} ${chart.title}`).toBeGreaterThan(80);
      }
    }
    // Every weekly review here has debuts and every quarterly review listings with proceeds.
    for (const page of pages.filter((p) => /\/(weekly|quarterly)-/.test(p.url))) expect(page.charts.length, page.url).toBeGreaterThanOrEqual(1);
    expect(pages.flatMap((p) => p.charts.map((c) => c.title))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^First-day returns of the debuts/), expect.stringMatching(/^Proceeds raised in/), expect.stringMatching(/^IPO registrations in progress on/)]),
    );
  });

  it('looks like a page in a screenshot: a weekly review with its text and a coloured chart, top to bottom', async () => {
    const weekly = pages.find((p) => /\/weekly-/.test(p.url) && p.charts.length > 0)!;
    const shot = await screenshotPage(browser, weekly.url, 'article-weekly');
    // Text and the chart's bars on a light background.
    expectFullPageScreenshot(weekly.url, shot, { min: 0.02, max: 0.6 });
  });

  it('links only to pages of this service that answer 200 without a key, or to well-formed SEC links', async () => {
    const problems: string[] = [];
    for (const page of [index, ...pages]) {
      for (const p of await linkProblems(page.links, origin, checked)) problems.push(`${page.url}: ${p}`);
      expect(page.links.filter((href) => new URL(href).pathname.startsWith('/api/')), page.url).toEqual([]);
    }
    expect(problems).toEqual([]);
    expect(checked.size).toBeGreaterThan(pages.length);
  });

  it('serves feeds of the same articles that meet the Atom 1.0 and JSON Feed 1.1 specs', async () => {
    const atom = await fetch(`${origin}/articles/feed.atom`);
    expect(atom.status).toBe(200);
    expect(atomViolations(await atom.text())).toEqual([]);
    const json = await fetch(`${origin}/articles/feed.json`);
    const feed = (await json.json()) as { items: Array<{ url: string; content_html: string }> };
    expect(jsonFeedViolations(feed)).toEqual([]);
    expect(feed.items.map((i) => i.url).sort()).toEqual(pages.map((p) => p.url).sort());
    expect(feed.items.every((i) => i.content_html.startsWith('<article>'))).toBe(true);
  });
});
