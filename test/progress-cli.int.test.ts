import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '../ingest/index.ts';
import { runIpoWithEnv } from './cli-harness.ts';

const SAMPLE = join(import.meta.dirname, '../data/sample');
let server: ReplayServer;
let dir: string;

beforeAll(async () => {
  server = await startReplayServer({ manifestPath: join(SAMPLE, 'edgar/replay.json'), rateLimitPerSecond: null });
  dir = mkdtempSync(join(tmpdir(), 'ipo-progress-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The progress lines of `label` (a pipe is not a terminal: plain lines, no bar). */
function progressLines(err: string, label: string, unit: string) {
  const pattern = new RegExp(`^${label}: (\\d+)/(\\d+)(\\+?) ${unit} \\((\\d+)%\\)(.*)$`);
  return err.split('\n').flatMap((line) => {
    const m = pattern.exec(line);
    return m ? [{ done: Number(m[1]), total: Number(m[2]), growing: m[3] === '+', rest: m[5] }] : [];
  });
}

describe('progress of long commands away from a terminal (PROGRESS_INTERVAL_SECONDS=0: a line per step)', () => {
  it('ingest: done/total jobs with the total growing as follow-ups are found, then a final line; project and import alike', async () => {
    const env = {
      DATA_DIR: dir,
      EDGAR_USER_AGENT: 'ipo-research tests tests@example.com',
      EDGAR_WWW_URL: server.urls.www,
      EDGAR_DATA_URL: server.urls.data,
      EDGAR_MAX_RPS: '10',
      PROGRESS_INTERVAL_SECONDS: '0',
    };
    // A real day's index, its offering filers followed: the job count is known only as they are found.
    const plan = join(dir, 'plan.json');
    writeFileSync(plan, JSON.stringify({ jobs: [{ name: 'edgar.daily_index', data: { date: '2020-03-18', kind: 'form', followForms: ['S-1', 'F-1', 'S-1/A', 'F-1/A', 'EFFECT', '424B4'] } }] }));
    const ingest = await runIpoWithEnv(env, 'ingest', 'plan', plan);
    expect(ingest.code, ingest.err).toBe(0);
    const jobs = Number(/^(\d+) jobs:/.exec(ingest.out)![1]);
    expect(jobs).toBeGreaterThan(10);
    const lines = progressLines(ingest.err, 'ingest', 'jobs');
    const steps = lines.slice(0, -1);
    const final = lines.at(-1)!;
    expect(steps).toHaveLength(jobs);
    expect(steps.map((l) => l.done)).toEqual(steps.map((_, i) => i + 1));
    expect(steps.every((l) => l.growing && l.total >= l.done)).toBe(true);
    // The total grew past the one job given as follow-ups were found.
    expect(steps[0].total).toBeGreaterThan(1);
    expect(steps.slice(0, -1).every((l) => / jobs\/(s|min), ETA \d+[smh]/.test(l.rest))).toBe(true);
    expect(final).toMatchObject({ done: jobs, total: jobs, growing: false });
    expect(final.rest).toMatch(/^ in \d+[smh]\S*, [\d.]+ jobs\/(s|min); \d+ new events, \d+ not found, 0 failed$/);

    const rebuild = await runIpoWithEnv(env, 'project', '--rebuild');
    expect(rebuild.code, rebuild.err).toBe(0);
    const events = Number(/^rebuild: (\d+) events/.exec(rebuild.out)![1]);
    const projected = progressLines(rebuild.err, 'project --rebuild', 'events');
    expect(projected.length).toBeGreaterThanOrEqual(2);
    expect(projected.every((l) => l.total === events)).toBe(true);
    expect(projected.at(-1)).toMatchObject({ done: events, total: events });
    expect(projected.at(-1)!.rest).toMatch(/^ in \d+[smh]\S*, [\d.]+ events\/(s|min); \d+ companies, seq \d+$/);

    const imported = await runIpoWithEnv(env, 'import', 'ipo-table', join(SAMPLE, 'reference/bloomberg_ipo_data_2000_2025.csv.gz'), '--source', 'bloomberg', '--from', '2019-01-01');
    expect(imported.code, imported.err).toBe(0);
    const rows = Number(/^(\d+) rows:/.exec(imported.out)![1]);
    const chunks = progressLines(imported.err, 'import', 'rows');
    expect(chunks.at(-1)).toMatchObject({ done: rows, total: rows });
    expect(chunks.length).toBe(Math.ceil(rows / 500) + 1);
  }, 120_000);
});
