import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../schema/package-files.ts';

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
