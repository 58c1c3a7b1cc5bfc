import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Pages in a real headless browser: Debian's chromium driven by playwright-core, which downloads
 * nothing. `.ci/run` installs chromium when it is missing; elsewhere a missing browser skips the
 * browser tests with the command that installs it (under CI it fails them instead).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM_PATH);
export const INSTALL_HINT = `no chromium at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH) to run the browser tests`;

/** Whether to skip the browser tests here; under CI a missing browser is a failure, not a skip. */
export function skipWithoutBrowser(): boolean {
  if (chromiumAvailable) return false;
  if (process.env.CI) throw new Error(`CI: ${INSTALL_HINT}`);
  console.warn(`skipping browser tests: ${INSTALL_HINT}`);
  return true;
}

export function launchBrowser(): Promise<Browser> {
  // Root in a container has no user namespace for chromium's sandbox.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
}

/** What a person's browser saw on one page. */
export interface PageReport {
  url: string;
  status: number | null;
  title: string;
  h1: string;
  /** Console messages of type error, uncaught exceptions, and CSP or network failures the page logged. */
  consoleErrors: string[];
  /** Sub-resources (stylesheets, ...) that failed or answered >= 400. */
  failedRequests: string[];
  /** Every request the page made (the page itself first), to check where they went. */
  requests: string[];
  /** Every <a href>, resolved against the page. */
  links: string[];
  /** Whether the page's stylesheet took effect: loaded, and styling <main>. */
  stylesheetApplied: boolean;
  /** Rendered size of each inline SVG chart (role="img"), so an empty or collapsed chart shows. */
  charts: Array<{ title: string; width: number; height: number }>;
  /** Visible text, for assertions on wording. */
  text: string;
}

// Runs in the page (the project's TypeScript has no DOM types, so it is passed as source).
const READ_PAGE = `(() => {
  const main = document.querySelector('main') || document.body;
  const sheets = [...document.styleSheets].filter((s) => { try { return s.cssRules.length > 0; } catch { return false; } });
  return {
    title: document.title,
    h1: (document.querySelector('h1') || {}).textContent || '',
    links: [...document.querySelectorAll('a[href]')].map((a) => a.href),
    stylesheetApplied: sheets.length > 0 && getComputedStyle(main).maxWidth !== 'none',
    charts: [...document.querySelectorAll('svg[role="img"]')].map((svg) => {
      const box = svg.getBoundingClientRect();
      return { title: (svg.querySelector('title') || {}).textContent || '', width: box.width, height: box.height };
    }),
    text: document.body.innerText,
  };
})()`;

/**
 * Opens `url` in a fresh page and reports what rendered and what went wrong; with `readyWhen`, a
 * page its scripts render is read once that selector shows.
 */
export async function inspectPage(browser: Browser | BrowserContext, url: string, readyWhen?: string): Promise<PageReport> {
  const page = await browser.newPage();
  const consoleErrors: string[] = [];
  const failedRequests: string[] = [];
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => failedRequests.push(`${r.url()}: ${r.failure()?.errorText ?? 'failed'}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url() !== url) failedRequests.push(`${r.url()}: ${r.status()}`);
  });
  try {
    const response = await page.goto(url, { waitUntil: 'load' });
    if (readyWhen) await page.waitForSelector(readyWhen, { timeout: 60_000 });
    const read = (await page.evaluate(READ_PAGE)) as Omit<PageReport, 'url' | 'status' | 'consoleErrors' | 'failedRequests' | 'requests'>;
    return { url, status: response?.status() ?? null, consoleErrors, failedRequests, requests, ...read };
  } finally {
    await page.close();
  }
}

/** An SEC page a link may point to: a filing under /Archives/edgar/data/<cik>/, or a filer's EDGAR page. */
export function isWellFormedSecLink(href: string): boolean {
  const u = new URL(href);
  if (u.protocol !== 'https:' || u.hostname !== 'www.sec.gov') return false;
  if (/^\/Archives\/edgar\/data\/\d{1,10}\/[\w.-]+(\/[\w.-]+)?$/.test(u.pathname)) return true;
  return u.pathname === '/cgi-bin/browse-edgar' && u.searchParams.get('action') === 'getcompany' && /^\d{1,10}$/.test(u.searchParams.get('CIK') ?? '');
}

/**
 * The links among `links` that do not resolve: same-origin links must answer 200 without any key
 * (fetched once each, `checked` remembers across pages); SEC links must be well formed (the
 * internet is not fetched); anything else is a problem.
 */
export async function linkProblems(links: readonly string[], origin: string, checked = new Map<string, number>()): Promise<string[]> {
  const problems: string[] = [];
  for (const href of new Set(links)) {
    const u = new URL(href);
    if (u.origin === origin) {
      const key = u.origin + u.pathname + u.search;
      if (!checked.has(key)) checked.set(key, (await fetch(key, { headers: { Accept: 'text/html,*/*;q=0.8' } })).status);
      if (checked.get(key) !== 200) problems.push(`${href} answered ${checked.get(key)}`);
    } else if (u.hostname.endsWith('sec.gov')) {
      if (!isWellFormedSecLink(href)) problems.push(`${href} is not a well-formed SEC filing or filer link`);
    } else problems.push(`${href} leaves the service for neither a page of it nor the SEC`);
  }
  return problems;
}

/** What a screenshot of a page shows, measured on its pixels. */
export interface ScreenshotReport {
  width: number;
  height: number;
  /** Share of pixels that differ from the page's background (the top-left pixel): 0 is a blank page. */
  inkShare: number;
  /** Distinct colours at 4 bits per channel: text alone gives a few grey levels, charts add hues. */
  colours: number;
  /** Share of the page's height between its first and last inked row. */
  inkedHeightShare: number;
}

// Runs in a blank page: draws the PNG on a canvas and counts what is on it.
const MEASURE_PNG = `async (base64) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + base64;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  const [r0, g0, b0] = data;
  const colours = new Set();
  let ink = 0, firstRow = -1, lastRow = -1;
  for (let i = 0; i < data.length; i += 4) {
    colours.add(((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4));
    if (Math.abs(data[i] - r0) > 24 || Math.abs(data[i + 1] - g0) > 24 || Math.abs(data[i + 2] - b0) > 24) {
      ink++;
      const row = Math.floor(i / 4 / image.width);
      if (firstRow < 0) firstRow = row;
      lastRow = row;
    }
  }
  return {
    width: image.width,
    height: image.height,
    inkShare: ink / (image.width * image.height),
    colours: colours.size,
    inkedHeightShare: firstRow < 0 ? 0 : (lastRow - firstRow + 1) / image.height,
  };
}`;

/**
 * Takes a full-page screenshot of `url` at a desktop size and measures its pixels, so a blank,
 * unstyled or collapsed page shows as numbers; with SCREENSHOT_DIR set the PNG is kept there.
 */
export async function screenshotPage(browser: Browser, url: string, name: string, readyWhen?: string): Promise<ScreenshotReport> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(url, { waitUntil: 'load' });
    if (readyWhen) await page.waitForSelector(readyWhen, { timeout: 60_000 });
    const png = await page.screenshot({ fullPage: true });
    if (process.env.SCREENSHOT_DIR) writeFileSync(join(process.env.SCREENSHOT_DIR, `${name}.png`), png);
    await page.goto('about:blank');
    return (await page.evaluate(`(${MEASURE_PNG})(${JSON.stringify(png.toString('base64'))})`)) as ScreenshotReport;
  } finally {
    await page.close();
  }
}

/**
 * The checks every screenshot passes: desktop width, taller than one screen, inked from top to
 * bottom, neither blank nor one solid block (`ink` bounds the share of inked pixels), and more
 * colours than text greys alone give (charts, bands, badges). Prints the measures.
 */
export function expectFullPageScreenshot(name: string, shot: ScreenshotReport, ink: { min: number; max: number }): void {
  console.log(`screenshot ${name}: ${shot.width}×${shot.height}px, ink ${(shot.inkShare * 100).toFixed(1)}%, inked height ${(shot.inkedHeightShare * 100).toFixed(0)}%, ${shot.colours} colours`);
  expect(shot.width).toBe(1280);
  expect(shot.height).toBeGreaterThan(900);
  expect(shot.inkShare).toBeGreaterThan(ink.min);
  expect(shot.inkShare).toBeLessThan(ink.max);
  expect(shot.inkedHeightShare).toBeGreaterThan(0.8);
  expect(shot.colours).toBeGreaterThan(40);
}
