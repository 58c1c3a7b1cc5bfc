import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTINGS } from '../schema/config.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('configuration', () => {
  it('documents every setting in the README table with its default and meaning, word for word', () => {
    const rows = readme.split('\n').filter((line) => /^\| `[A-Z_]+` \|/.test(line));
    expect(rows).toEqual(Object.entries(SETTINGS).map(([name, s]) => `| \`${name}\` | ${s.default ? `\`${s.default}\`` : '(unset)'} | ${s.doc} |`));
  });

  it('applies defaults and rejects malformed numbers with a clear error', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.redisUrl).toBeNull();
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ EDGAR_MAX_RPS: '11' })).toThrow(/EDGAR_MAX_RPS/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('reads every scheduler cron expression from its setting and rejects a malformed one, naming the setting', () => {
    expect(loadConfig({}).cron).toEqual({
      discovery: '30 22 * * 1-5',
      prices: '30 17 * * 1-5',
      news: '15 */2 * * *',
      publishDaily: '0 18 * * 1-5',
      publishWeekly: '0 9 * * 6',
      publishQuarterly: '0 9 1-3 1,4,7,10 1-5',
    });
    expect(loadConfig({ CRON_NEWS: '*/5 * * * *' }).cron.news).toBe('*/5 * * * *');
    expect(() => loadConfig({ CRON_PRICES: '61 17 * * 1-5' })).toThrow(/^CRON_PRICES must be a cron expression .*"61 17 \* \* 1-5"$/);
    expect(() => loadConfig({ CRON_PUBLISH_WEEKLY: 'saturday' })).toThrow(ConfigError);
  });

  it('reads the feed poll periods, and refuses the retired CRON_CURRENT_FEED rather than ignore it', () => {
    expect(loadConfig({}).feedPoll).toEqual({ openSeconds: 2, closedSeconds: 60 });
    expect(loadConfig({ FEED_POLL_SECONDS: '5', FEED_POLL_CLOSED_SECONDS: '300' }).feedPoll).toEqual({ openSeconds: 5, closedSeconds: 300 });
    expect(() => loadConfig({ FEED_POLL_SECONDS: '0.5' })).toThrow(/^FEED_POLL_SECONDS must be an integer between 1 and 3600, got "0.5"$/);
    expect(() => loadConfig({ CRON_CURRENT_FEED: '*/10 6-21 * * 1-5' })).toThrow(/^CRON_CURRENT_FEED is no longer read: the latest-filings feed is polled every FEED_POLL_SECONDS/);
  });
});
