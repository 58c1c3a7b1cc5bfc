import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '../ingest/index.ts';
import { DEAL_EVENT_TYPES } from '../schema/api/vocabulary.ts';
import { eventsDbPath, openEventLogDb } from '../schema/databases.ts';
import { COMMAND_NAMES } from '../scripts/commands/index.ts';
import { runIpoWithEnv } from './cli-harness.ts';

const SAMPLE = join(import.meta.dirname, '../data/sample');
const EVENT_TYPES = `event types among ${DEAL_EVENT_TYPES.join(', ')}, separated by commas`;
const dirs: string[] = [];
let server: ReplayServer;

beforeAll(async () => {
  server = await startReplayServer({ manifestPath: [join(SAMPLE, 'edgar/replay.json'), join(SAMPLE, 'market-replay.json')], rateLimitPerSecond: null });
});
afterAll(async () => {
  await server?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshEnv(): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'ipo-arguments-'));
  dirs.push(dir);
  return {
    DATA_DIR: dir,
    EDGAR_USER_AGENT: 'ipo-research tests tests@example.com',
    EDGAR_WWW_URL: server.urls.www,
    EDGAR_DATA_URL: server.urls.data,
    PRICES_URL: server.urls.prices,
    NEWS_API_URL: server.urls.news,
  };
}

async function eventCount(dataDir: string): Promise<number> {
  const events = await openEventLogDb(dataDir);
  try {
    return events.log.lastSeq();
  } finally {
    await events.close();
  }
}

/** The command an argv selects: the longest command name it starts with. */
const commandOf = (argv: string[]) =>
  COMMAND_NAMES
    .filter((name) => name.split(' ').every((word, i) => argv[i] === word))
    .sort((a, b) => b.length - a.length)[0];

/** Command line → the one line it must answer on stderr, after `ipo <command>: `. */
const REFUSED: Array<[string[], string]> = [
  [['ingest', 'index', '--date', '2020-13-01'], '--date must be a calendar date YYYY-MM-DD, got "2020-13-01"'],
  [['ingest', 'index', '--date', '2020-02-30'], '--date must be a calendar date YYYY-MM-DD, got "2020-02-30"'],
  [['ingest', 'index'], '--date is required: a calendar date YYYY-MM-DD'],
  [['ingest', 'index', '--date', '2020-03-18', '--kind', 'xbrl'], '--kind must be one of form, company, master, got "xbrl"'],
  [['ingest', 'index', '--date', '2020-03-18', '--follow-forms', 'S-1,S1'], '--follow-forms must be offering forms separated by commas (S-1, F-1, 424B4, EFFECT, RW … see README), got "S1"'],
  [['ingest', 'current-feed', '--since', '2026-01-12'], '--since must be an ISO time with its offset, e.g. 2026-01-12T09:30:00-05:00, got "2026-01-12"'],
  [['ingest', 'current-feed', '--start', 'ten'], '--start must be an integer from 0 to 5000, got "ten"'],
  [['ingest', 'submissions', '--cik', 'CIK320193'], '--cik must be a CIK of 1 to 10 digits, got "CIK320193"'],
  [['ingest', 'companyfacts', '--cik', '12345678901'], '--cik must be a CIK of 1 to 10 digits, got "12345678901"'],
  [['ingest', 'document', '--cik', '1158114', '--accession', '0001047469-14-2425', '--document', 'a.htm'], '--accession must be an accession number like 0001213900-21-035033, got "0001047469-14-2425"'],
  [['ingest', 'document', '--cik', '1158114', '--accession', '0001047469-14-002425', '--document', '../../etc/passwd'], '--document must be a file name of the filing, e.g. d123456ds1.htm, got "../../etc/passwd"'],
  [['ingest', 'prices', '--ticker', 'SNAP,BAD TICKER'], '--ticker must be exchange symbols like SNAP or TPGE-U, got "BAD TICKER"'],
  [['ingest', 'prices', '--ticker', 'SNAP', '--concurrency', '0'], '--concurrency must be an integer from 1 to 64, got "0"'],
  [['ingest', 'news', '--company', 'Snap', '--from', '2017-02-29'], '--from must be a calendar date YYYY-MM-DD, got "2017-02-29"'],
  [['ingest', 'news', '--company', 'Snap', '--from', '2017-03-02', '--to', '2017-03-01'], '--from 2017-03-02 is after --to 2017-03-01'],
  [['ingest', 'feeds', '--url', 'ftp://example.com/feed.xml'], '--url must be absolute http(s) URLs, got "ftp://example.com/feed.xml"'],
  [['backfill', '--from', '2020-13-01', '--to', '2020-03-18'], '--from must be a date YYYY-MM-DD, got "2020-13-01"'],
  [['import', 'ipo-table', join(SAMPLE, 'reference/bloomberg_ipo_data_2000_2025.csv.gz'), '--source', 'bloomberg', '--from', '2017-02-30'], '--from must be a calendar date YYYY-MM-DD, got "2017-02-30"'],
  [['import', 'ipo-table', join(SAMPLE, 'reference/bloomberg_ipo_data_2000_2025.csv.gz'), '--source', 'Bloomberg Export'], '--source must be a short lower-case name such as bloomberg, got "Bloomberg Export"'],
  [['publish', 'monthly'], 'the article kind must be one of daily, weekly, quarterly, got "monthly"'],
  [['publish', 'daily', '--date', '2017-02-29'], '--date must be a calendar date YYYY-MM-DD, got "2017-02-29"'],
  [['publish', 'quarterly', '--all-quarters', '2017Q4..2012Q1'], '--all-quarters must be a range that ends after it starts, got "2017Q4..2012Q1"'],
  [['worker', '--concurrency', '0'], '--concurrency must be an integer of at least 1, got "0"'],
  [['keys', 'create'], '--name is required: a label for the key, e.g. the client it is for'],
  [['extract', join(SAMPLE, 'prospectuses/S-1_0001104659-23-076317_acurx.htm.gz'), '--form', 's-1'], '--form must be a form type as EDGAR writes it, e.g. S-1, S-1/A or 424B4, got "s-1"'],
  [['bench', '--only', 'everything'], '--only must be one of api, churn, pipeline, feed, extract, scale, got "everything"'],
  [['replay', '--fault', 'status=teapot'], '--fault must be a fault rule such as status=503,every=3'],
  [['replay', '--live-feed', '0'], '--live-feed must be a number above 0'],
  [['replay', '--live-feed', 'soon'], '--live-feed must be a number above 0'],
  [['replay', '--port', '80'], '--port must be an integer from 1024 to 65532, got "80"'],
  [['replay', '--port', '65533'], '--port must be an integer from 1024 to 65532, got "65533"'],
  [['replay', '--port', '4081.5'], '--port must be an integer from 1024 to 65532, got "4081.5"'],
  // Every comma list refuses an empty item (a doubled or trailing comma) by name, rather than dropping it.
  [['webhooks', 'add', 'http://127.0.0.1:9/hook', '--events', 'priced,,listed'], `--events must be ${EVENT_TYPES}, got "priced,,listed": item 2 is empty`],
  [['webhooks', 'add', 'http://127.0.0.1:9/hook', '--events', ''], `--events must be ${EVENT_TYPES}, got ""`],
  // fetch refuses a URL with credentials: every delivery would fail. The password is not echoed.
  [['webhooks', 'add', 'http://user:pass@127.0.0.1:4156/x', '--events', 'priced'], 'URL must have no user name or password, got "http://user:****@127.0.0.1:4156/x": receivers authenticate the sender by its signature (Ipo-Signature), and a secret token can go in the URL path or query'],
  [['ingest', 'index', '--date', '2020-03-18', '--follow-forms', 'S-1,'], '--follow-forms must be offering forms separated by commas (S-1, F-1, 424B4, EFFECT, RW … see README), got "S-1,": item 2 is empty'],
  [['ingest', 'prices', '--ticker', 'SNAP', '--ticker', ',GPRO'], '--ticker must be exchange symbols like SNAP or TPGE-U, got ",GPRO": item 1 is empty'],
  [['ingest', 'feeds', '--url', 'https://example.com/a.xml,,https://example.com/b.xml'], '--url must be absolute http(s) URLs, got "https://example.com/a.xml,,https://example.com/b.xml": item 2 is empty'],
  [['import', 'ipo-table', join(SAMPLE, 'reference/bloomberg_ipo_data_2000_2025.csv.gz'), '--source', 'bloomberg', '--tickers', 'SNAP, ,FIT'], '--tickers must be exchange symbols separated by commas, e.g. SNAP,FIT, got "SNAP, ,FIT": item 2 is empty'],
  [['bench', '--only', 'scale', '--scale-events', '1000,'], '--scale-events must be positive integers separated by commas, e.g. 100000,1_000_000, got "1000,": item 2 is empty'],
  // A value that starts with "-": a negative number is the option's value, refused by the option's own check; anything else names the option.
  [['webhooks', 'replay', 'whk_nope', '--from', '-1'], '--from must be an integer of at least 1, got "-1"'],
  [['ingest', 'current-feed', '--start', '-5'], '--start must be an integer from 0 to 5000, got "-5"'],
  [['replay', '--port', '-4081'], '--port must be an integer from 1024 to 65532, got "-4081"'],
  [['webhooks', 'replay', 'whk_nope', '--from', '-x'], '--from takes a value; got "-x", which reads as an option (write --from=-x if it is the value)'],
  [['bench', '--only', 'scale', '--scale-events', '1000,0'], '--scale-events must be positive integers separated by commas, e.g. 100000,1_000_000, got "0"'],
];

describe('ipo refuses an argument it cannot take, in one line, before anything is written', () => {
  it('writes no event and opens no database for any command given a value it cannot take', async () => {
    const env = freshEnv();
    for (const [argv, message] of REFUSED) {
      const result = await runIpoWithEnv(env, ...argv);
      const command = commandOf(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err.split('\n').filter(Boolean), argv.join(' ')).toHaveLength(1);
      expect(result.err, argv.join(' ')).toContain(`ipo ${command}: ${message}`);
    }
    // Nothing was opened: a fresh DATA_DIR still has no event log.
    expect(existsSync(eventsDbPath(env.DATA_DIR!))).toBe(false);
  });

  it('leaves a real event log as it was, and the same command with a real date ingests', async () => {
    const env = freshEnv();
    const good = await runIpoWithEnv(env, 'ingest', 'index', '--date', '2020-03-18');
    expect(good.code).toBe(0);
    const before = await eventCount(env.DATA_DIR!);
    expect(before).toBeGreaterThan(4000);
    const requests = server.requestLog.length;
    for (const [argv] of REFUSED) expect((await runIpoWithEnv(env, ...argv)).code, argv.join(' ')).toBe(2);
    expect(await eventCount(env.DATA_DIR!)).toBe(before);
    expect(server.requestLog.length).toBe(requests);
    // The last day of February exists in a leap year: a valid date, asked of EDGAR, which has no recording of it.
    const leap = await runIpoWithEnv(env, 'ingest', 'index', '--date', '2020-02-29');
    expect(leap).toMatchObject({ code: 0, out: expect.stringMatching(/^1 jobs: 0 succeeded, 1 not found, 0 failed/) });
  });

  it('refuses a plan with an invalid job whole, naming it, before running the valid ones', async () => {
    const env = freshEnv();
    const plan = join(env.DATA_DIR!, 'plan.json');
    writeFileSync(plan, JSON.stringify({ jobs: [{ name: 'edgar.submissions', data: { cik: '1318605' } }, { name: 'edgar.daily_index', data: { date: '2020-13-01', kind: 'form' } }] }));
    const requests = server.requestLog.length;
    const result = await runIpoWithEnv(env, 'ingest', 'plan', plan);
    expect(result.code).toBe(2);
    expect(result.err).toBe(`ipo ingest plan: FILE must be a plan of valid jobs, got ${plan}: invalid plan: jobs[1]: edgar.daily_index: date must be a calendar date YYYY-MM-DD\n`);
    expect(server.requestLog.length).toBe(requests);
    expect(existsSync(eventsDbPath(env.DATA_DIR!))).toBe(false);
  });
});
