import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { freePort, spawnIpo, until, type ExitStatus } from './process-harness.ts';

/**
 * Data directories that several test files read but none changes in place: built once per
 * `vitest run` by the first file that asks, then copied by each. Building the full sample costs about
 * 9 s of CPU and a first `ipo start` about 25 s; six files serve the one and four the other (the test
 * of a fresh start among them, which reads what the first start printed), so on a 2-core machine
 * sharing them is the difference between a suite under five minutes and one over it.
 *
 * The first asker takes the template's lock (mkdir is atomic) and builds; the others wait for the
 * ready mark, or fail at once with the builder's error. Run alone, a file builds what it needs itself.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    templatesRoot: string;
  }
}

export type TemplateName = 'full-sample' | 'demo-start';

const BUILD_TIMEOUT_MS = 300_000;

/** A fresh copy of the named template (built on first use), for the caller to change and remove. */
export async function copyOfTemplate(name: TemplateName, build: (dataDir: string) => Promise<void>): Promise<string> {
  const template = await builtTemplate(name, build);
  const copy = mkdtempSync(join(tmpdir(), `ipo-${name}-`));
  // verbatimSymlinks keeps read.db pointing at its generation inside the copy, as the projector wrote it.
  cpSync(template, copy, { recursive: true, verbatimSymlinks: true });
  return copy;
}

async function builtTemplate(name: TemplateName, build: (dataDir: string) => Promise<void>): Promise<string> {
  const root = templatesRoot();
  const dir = join(root, name);
  const ready = `${dir}.ready`;
  const failed = `${dir}.failed`;
  if (tryLock(`${dir}.lock`)) {
    try {
      mkdirSync(dir);
      await build(dir);
      writeFileSync(ready, '');
    } catch (error) {
      writeFileSync(failed, String((error as Error)?.stack ?? error));
      throw error;
    }
    return dir;
  }
  await until(() => existsSync(ready) || existsSync(failed), BUILD_TIMEOUT_MS, `the ${name} template another test file builds`);
  if (existsSync(failed)) throw new Error(`building the ${name} template failed in another test file:\n${readFileSync(failed, 'utf8')}`);
  return dir;
}

function tryLock(path: string): boolean {
  try {
    mkdirSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function templatesRoot(): string {
  const provided = inject('templatesRoot');
  if (provided) return provided;
  // Outside the suite's global setup (a file run by another config): a root of this process's own.
  ownRoot ??= mkdtempSync(join(tmpdir(), 'ipo-templates-'));
  return ownRoot;
}
let ownRoot: string | undefined;

/** What the template's first `ipo start` printed and served before it stopped. */
export interface FirstStart {
  port: number;
  out: string;
  err: string;
  /** Its answer to the first curl it prints (`/api/v1/companies?limit=5` with the demo key). */
  firstAnswer: { status: number; body: string };
}

/**
 * A copy of the DATA_DIR a first `ipo start` (what `npm start` runs) leaves: the real sample
 * ingested, projected and published, and the demo key made. An `ipo start` on the copy reuses them.
 */
export function demoStartCopy(): Promise<string> {
  return copyOfTemplate('demo-start', firstDemoStart);
}

/** `demoStartCopy` with what the first start printed and served: the test of a fresh start reads it. */
export async function demoStartCopyAndFirstStart(): Promise<{ dataDir: string; first: FirstStart }> {
  const dataDir = await demoStartCopy();
  return { dataDir, first: JSON.parse(readFileSync(firstStartRecord(join(templatesRoot(), 'demo-start')), 'utf8')) as FirstStart };
}

const firstStartRecord = (templateDir: string) => `${templateDir}.first-start.json`;

async function firstDemoStart(dataDir: string): Promise<void> {
  const port = await freePort();
  const app = spawnIpo(['start'], { DATA_DIR: dataDir, PORT: String(port), REDIS_URL: '', PUBLIC_BASE_URL: '' });
  let firstAnswer: FirstStart['firstAnswer'] | null = null;
  let exit: ExitStatus;
  try {
    await until(() => /^API key: /m.test(app.out()) || !app.alive(), BUILD_TIMEOUT_MS, 'the first ipo start to serve');
    const url = /^URL: (\S+)$/m.exec(app.out())?.[1];
    const key = /^API key: (\S+)$/m.exec(app.out())?.[1];
    if (app.alive() && url && key) {
      const res = await fetch(`${url}/api/v1/companies?limit=5`, { headers: { authorization: `Bearer ${key}` } });
      firstAnswer = { status: res.status, body: await res.text() };
    }
  } finally {
    exit = await app.stop();
  }
  if (!firstAnswer || exit.code !== 0) throw new Error(`the first ipo start failed (exit ${exit.code ?? exit.signal}):\n${app.err()}`);
  // Beside the template, not in it: the copies stay what `ipo start` left.
  writeFileSync(firstStartRecord(dataDir), JSON.stringify({ port, out: app.out(), err: app.err(), firstAnswer } satisfies FirstStart));
}
