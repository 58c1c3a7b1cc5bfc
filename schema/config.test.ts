import { describe, expect, it } from 'vitest';
import { ConfigError, describeSettings, loadConfig, SETTINGS, shownValue, type SettingName } from './config.ts';

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig validation', () => {
  it('accepts every default', () => {
    expect(problemsOf({})).toEqual([]);
  });

  it('takes an integer setting in digits only: an exponent, a fraction, hexadecimal or spaces are refused as written', () => {
    for (const raw of ['1e1', '2.0', '0x10', '+5']) {
      expect(problemsOf({ FEED_POLL_CLOSED_SECONDS: raw })).toEqual([`FEED_POLL_CLOSED_SECONDS must be an integer between 1 and 3600, got "${raw}"`]);
    }
    expect(loadConfig({ FEED_POLL_CLOSED_SECONDS: '10' }).feedPoll.closedSeconds).toBe(10);
  });

  it('reports every malformed setting at once, one line each, in the table order', () => {
    const problems = problemsOf({
      PORT: '70000',
      EDGAR_WWW_URL: 'www.sec.gov',
      REDIS_URL: 'localhost:6379',
      REDIS_PREFIX: 'ipo:',
      PRICES_FORMAT: 'csv',
      NEWS_RSS_URLS: 'https://a.example/feed, feed.xml',
      CRON_NEWS: '61 * * * *',
      LOG_LEVEL: 'loud',
      PROGRESS_INTERVAL_SECONDS: '-1',
    });
    expect(problems).toEqual([
      'PORT must be an integer between 1 and 65535, got "70000"',
      'EDGAR_WWW_URL must be a URL starting with http:// or https://, got "www.sec.gov"',
      'REDIS_URL must be a URL starting with redis:// or rediss://, got "localhost:6379"',
      `REDIS_PREFIX must be letters, digits and . _ - { } parts joined by ':', got "ipo:"`,
      'PRICES_FORMAT must be one of stooq_csv, yahoo_chart, got "csv"',
      'NEWS_RSS_URLS must be URLs starting with http:// or https://, separated by commas, got "https://a.example/feed, feed.xml"',
      'CRON_NEWS must be a cron expression such as "15 */2 * * *", got "61 * * * *"',
      'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "loud"',
      'PROGRESS_INTERVAL_SECONDS must be an integer between 0 and 86400, got "-1"',
    ]);
  });

  it('never prints a secret or a URL credential in a problem', () => {
    const problems = problemsOf({ REDIS_URL: 'http://:hunter2@cache.internal:6379', NEWS_RSS_URLS: 'feed?api_key=k3y' });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toMatch(/hunter2|k3y/);
    expect(problems[0]).toContain('"http://:****@cache.internal:6379"');
  });

  it('treats an empty variable as unset and trims trailing slashes of base URLs', () => {
    const config = loadConfig({ PORT: '', EDGAR_DATA_URL: 'http://127.0.0.1:9000/', NEWS_RSS_URLS: ' https://a.example/rss , https://b.example/atom ' });
    expect(config.port).toBe(3000);
    expect(config.edgar.dataUrl).toBe('http://127.0.0.1:9000');
    expect(config.news.rssUrls).toEqual(['https://a.example/rss', 'https://b.example/atom']);
    expect(loadConfig({ REDIS_URL: 'rediss://default:pw@cache:6380' }).redisUrl).toBe('rediss://default:pw@cache:6380');
  });
});

describe('settings as `ipo config` shows them', () => {
  it('masks secrets whole and only the credentials of a URL', () => {
    expect(shownValue('NEWS_API_KEY', 'abcdef0123')).toBe('****');
    expect(shownValue('CURSOR_SECRET', 'x')).toBe('****');
    expect(shownValue('REDIS_URL', 'redis://:pass@host:6379/0')).toBe('redis://:****@host:6379/0');
    expect(shownValue('REDIS_URL', 'redis://default:pass@host:6379')).toBe('redis://default:****@host:6379');
    expect(shownValue('PRICES_URL', 'https://tok3n@prices.example')).toBe('https://****@prices.example');
    expect(shownValue('NEWS_RSS_URLS', 'https://a.example/rss?token=t1&lang=en,https://b.example/?apiKey=t2')).toBe(
      'https://a.example/rss?token=****&lang=en,https://b.example/?apiKey=****',
    );
    expect(shownValue('EDGAR_WWW_URL', 'https://www.sec.gov')).toBe('https://www.sec.gov');
    expect(shownValue('SCHEDULER_LOCK_KEY', 'locks:one')).toBe('locks:one');
  });

  it('marks as secret every setting whose name says it is a credential', () => {
    for (const name of Object.keys(SETTINGS) as SettingName[]) {
      if (/SECRET|TOKEN|PASSWORD|API_KEY/.test(name)) expect(SETTINGS[name].secret, name).toBe(true);
    }
  });

  it('lists every setting with its source: env when set and not empty, default otherwise', () => {
    const rows = describeSettings({ PORT: '8080', HOST: '', NEWS_API_KEY: 'k', UNRELATED: 'x' });
    expect(rows.map((r) => r.name)).toEqual(Object.keys(SETTINGS));
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName.PORT).toEqual({ name: 'PORT', value: '8080', source: 'env' });
    expect(byName.HOST).toEqual({ name: 'HOST', value: '127.0.0.1', source: 'default' });
    expect(byName.NEWS_API_KEY).toEqual({ name: 'NEWS_API_KEY', value: '****', source: 'env' });
    expect(byName.CURSOR_SECRET).toEqual({ name: 'CURSOR_SECRET', value: '', source: 'default' });
  });
});
