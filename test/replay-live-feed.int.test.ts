import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../schema/package-files.ts';
import { runIpoWithEnv } from './cli-harness.ts';

const FEED_QUERY = '/cgi-bin/browse-edgar?action=getcurrent&type=&company=&dateb=&owner=include&start=0&count=100&output=atom';

describe('ipo replay --live-feed', () => {
  it('puts the sample IPOs’ real filings on the latest-filings feed one at a time, printing each', async () => {
    const child = spawn(process.execPath, [packagePath('scripts/ipo.mjs'), 'replay', '--live-feed', '0.2'], {
      env: { ...process.env, DATA_DIR: '/nonexistent-not-opened' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const printed = async (pattern: RegExp) => {
      while (!pattern.test(out)) await once(child.stdout, 'data');
    };
    try {
      await printed(/\(2\/45\)/);
      const www = /^www: (\S+)/m.exec(out)![1];
      const feed = await (await fetch(`${www}${FEED_QUERY}`, { headers: { 'user-agent': 'tests tests@example.com' } })).text();
      const revealed = [...out.matchAll(/^on the feed \S+: (\S+) (\d{10}-\d{2}-\d{6})/gm)].map((m) => ({ form: m[1], accession: m[2] }));
      // The first filings of Applied Optoelectronics' IPO, in the order EDGAR accepted them: S-1, S-1/A …
      expect(revealed.slice(0, 2)).toEqual([
        { form: 'S-1', accession: '0001047469-13-008409' },
        { form: 'S-1/A', accession: '0001047469-13-008695' },
      ]);
      // Newest first, as EDGAR's feed: what was printed last is on top of the page.
      const onPage = [...feed.matchAll(/accession-number=(\d{10}-\d{2}-\d{6})/g)].map((m) => m[1]);
      expect(onPage.length).toBeGreaterThanOrEqual(2);
      expect(onPage.slice(-2)).toEqual(revealed.slice(0, 2).map((r) => r.accession).reverse());
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});

/** Listens on `port` of 127.0.0.1; null when it is taken. */
async function hold(port: number): Promise<Server | null> {
  const server = createServer();
  return new Promise((ok) => {
    server.once('error', () => ok(null));
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

const release = (servers: Server[]) => Promise.all(servers.map((s) => new Promise((ok) => s.close(ok))));

/** The first of `count` consecutive free ports, searched from a random start. */
async function freeRun(count: number): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const first = 20_000 + Math.floor(Math.random() * 40_000);
    const held = (await Promise.all(Array.from({ length: count }, (_, i) => hold(first + i)))).filter((s): s is Server => s !== null);
    await release(held);
    if (held.length === count) return first;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

/** Runs `ipo replay` with `args` until it prints the news URL, or exits. */
async function replay(args: string[]): Promise<{ out: string; err: string; code: number | null }> {
  const child = spawn(process.execPath, [packagePath('scripts/ipo.mjs'), 'replay', ...args], {
    env: { ...process.env, DATA_DIR: '/nonexistent-not-opened' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const listening = (async () => {
    while (!/^news: /m.test(out)) await once(child.stdout, 'data');
  })();
  const first = await Promise.race([exited, listening.then(() => 'listening' as const)]);
  if (first !== 'listening') return { out, err, code: first };
  child.kill('SIGTERM');
  await exited;
  return { out, err, code: null };
}

describe('ipo replay --port', () => {
  it('is in the help, with the order of the ports', async () => {
    const help = await runIpoWithEnv({ DATA_DIR: '/nonexistent-not-opened' }, 'replay', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^ {2}--port VALUE +First port: www on N, data N\+1, prices N\+2, news N\+3/m);
    expect(help.out).toContain('www N, data N+1, prices N+2, news N+3 (N from 1024 to 65532)');
  });

  it('listens on consecutive ports from N: www N, data N+1, prices N+2, news N+3', async () => {
    const port = await freeRun(4);
    const child = spawn(process.execPath, [packagePath('scripts/ipo.mjs'), 'replay', '--port', String(port)], {
      env: { ...process.env, DATA_DIR: '/nonexistent-not-opened' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    try {
      while (!/^news: /m.test(out)) await once(child.stdout, 'data');
      expect(out.split('\n').filter(Boolean)).toEqual([
        `www: http://127.0.0.1:${port}`,
        `data: http://127.0.0.1:${port + 1}`,
        `prices: http://127.0.0.1:${port + 2}`,
        `news: http://127.0.0.1:${port + 3}`,
      ]);
      const submissions = await fetch(`http://127.0.0.1:${port + 1}/submissions/CIK0001766140.json`, { headers: { 'user-agent': 'tests tests@example.com' } });
      expect(submissions.status).toBe(200);
      expect(((await submissions.json()) as { name: string }).name).toBe('Unicycive Therapeutics, Inc.');
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('refuses a taken port in one line, exit 1, and leaves none of its ports bound', async () => {
    const port = await freeRun(4);
    const taken = (await hold(port + 1))!;
    try {
      const result = await replay(['--port', String(port)]);
      expect(result.code).toBe(1);
      expect(result.out).toBe('');
      expect(result.err).toBe(`ipo replay: --port ${port}: port ${port + 1} (data) is already in use; the replay takes ports ${port}–${port + 3} (www, data, prices, news)\n`);
    } finally {
      await release([taken]);
    }
    // www had been bound on N before data failed: it was let go.
    const again = await hold(port);
    expect(again).not.toBeNull();
    await release([again!]);
  });
});
