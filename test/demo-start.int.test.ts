import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ipo-start-'));
const port = 41_000 + Math.floor(Math.random() * 2000);
const children: ChildProcess[] = [];

/** Runs `ipo start` as a user would and resolves with what it printed once it says where it serves. */
function start(): Promise<{ child: ChildProcess; url: string; key: string; stderr: () => string }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/ipo.mjs'), 'start'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const url = /^URL: (\S+)$/m.exec(out)?.[1];
      const key = /^API key: (\S+)$/m.exec(out)?.[1];
      if (url && key) resolve({ child, url, key, stderr: () => err });
    });
    child.once('exit', (code) => reject(new Error(`ipo start exited with ${code}\n${err}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on a fresh data dir', () => {
  let first: Awaited<ReturnType<typeof start>>;

  it('ingests the real sample, projects, and prints the URL and a working demo key', async () => {
    first = await start();
    expect(first.url).toBe(`http://localhost:${port}`);
    expect(first.key).toMatch(/^ipo_live_[0-9A-Za-z]{32,}$/);
    expect(first.stderr()).toMatch(/ingest: \d+ jobs, \d+ new events/);

    const auth = { authorization: `Bearer ${first.key}` };
    const companies = await fetch(`${first.url}/api/v1/companies?limit=5`, { headers: auth });
    expect(companies.status).toBe(200);
    const page = (await companies.json()) as { data: Array<{ cik: string }>; meta: { count: number } };
    expect(page.meta.count).toBe(5);

    const aaoi = await fetch(`${first.url}/api/v1/companies/aaoi?include=filings`, { headers: auth });
    expect(aaoi.status).toBe(200);
    const detail = (await aaoi.json()) as { data: { cik: string; name: string; filings: Array<{ formType: string }> } };
    expect(detail.data.cik).toBe('0001158114');
    expect(detail.data.name).toBe('APPLIED OPTOELECTRONICS, INC.');
    expect(detail.data.filings.map((f) => f.formType)).toEqual(expect.arrayContaining(['DRS', 'S-1', 'EFFECT', '424B4', 'CERTNAS']));

    const anonymous = await fetch(`${first.url}/api/v1/companies`);
    expect(anonymous.status).toBe(401);
    expect(await stop(first.child)).toBe(0);
  });

  it('reuses the data and the demo key on a second run', async () => {
    const second = await start();
    expect(second.key).toBe(first.key);
    expect(second.stderr()).toMatch(/already ingested .* reusing it/);
    const response = await fetch(`${second.url}/api/v1/filings?limit=1`, { headers: { authorization: `Bearer ${second.key}` } });
    expect(response.status).toBe(200);
    expect(await stop(second.child)).toBe(0);
  });
});
