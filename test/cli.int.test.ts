import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES, loadCommands } from '../scripts/commands/index.ts';
import { SETTINGS } from '../schema/config.ts';
import { runIpo, runIpoWithEnv } from './cli-harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ipo-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function ipo(...argv: string[]) {
  const { code, out, err } = await runIpo(dataDir, ...argv);
  return { code, stdout: out, stderr: err };
}

describe('ipo command line', () => {
  it('has --help on every command, and every command is in the README', async () => {
    const readme = (await import('node:fs')).readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const commands = await loadCommands();
    // Each module defines exactly the commands the lazy table names for it.
    expect(commands.map((c) => c.name)).toEqual(COMMAND_NAMES);
    for (const command of commands) {
      const result = await ipo(...command.name.split(' '), '--help');
      expect(result.code, command.name).toBe(0);
      expect(result.stdout).toContain(`Usage: ipo ${command.name}`);
      expect(readme, `README lists ipo ${command.name}`).toContain(`\`ipo ${command.name}`);
    }
  });

  it('answers --help on every command group and --version everywhere', async () => {
    const groups = [...new Set(COMMAND_NAMES.filter((name) => name.includes(' ')).map((name) => name.split(' ')[0]))];
    expect(groups).toEqual(expect.arrayContaining(['keys', 'ingest', 'import']));
    for (const group of groups) {
      const help = await ipo(group, '--help');
      expect(help.code, group).toBe(0);
      expect(help.stdout).toContain(`Usage: ipo ${group} SUBCOMMAND`);
      for (const name of COMMAND_NAMES.filter((n) => n.startsWith(`${group} `))) expect(help.stdout).toContain(name);
      // Without a subcommand: the list, on stderr, exit 2.
      const bare = await ipo(group);
      expect(bare.code, group).toBe(2);
      expect(bare.stderr).toContain('name a subcommand');
      // A word none of its subcommands is: named, with the ones there are, in one line.
      const subcommands = [...new Set(COMMAND_NAMES.filter((n) => n.startsWith(`${group} `)).map((n) => n.split(' ')[1]))];
      const unknown = await ipo(group, 'frob', '--verbose');
      expect(unknown.code, group).toBe(2);
      expect(unknown.stderr).toBe(`ipo ${group}: unknown subcommand "frob": name one of ${subcommands.join(', ')}\n`);
    }
    const version = JSON.parse((await import('node:fs')).readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
    for (const argv of [['--version'], ['serve', '--version'], ['keys', 'create', '--version']]) {
      expect(await ipo(...argv)).toMatchObject({ code: 0, stdout: `ipo-research ${version}\n` });
    }
  });

  it('reports an unexpected failure in one line, with the stack only under --verbose', async () => {
    // A DATA_DIR that is a file: opening the event log fails in a way no validation anticipates.
    const file = join(dataDir, 'not-a-dir');
    (await import('node:fs')).writeFileSync(file, 'x');
    const quiet = await runIpo(file, 'keys', 'list');
    expect(quiet.code).toBe(1);
    expect(quiet.err.trim().split('\n')).toHaveLength(1);
    expect(quiet.err).toMatch(/^ipo keys list: .+ \(run with --verbose for details\)$/m);
    const verbose = await runIpo(file, 'keys', 'list', '--verbose');
    expect(verbose.err).toContain('    at ');
  });

  it('rejects unknown commands and bad options with exit code 2 and no stack trace', async () => {
    expect((await ipo('frobnicate')).code).toBe(2);
    const bad = await ipo('ingest', 'submissions', '--cik', 'abc');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('ipo ingest submissions: --cik must be a CIK of 1 to 10 digits, got "abc"\n');
    expect(bad.stderr).not.toContain('    at ');
    expect((await ipo('keys', 'create')).code).toBe(2);
  });

  it('creates, lists and revokes API keys, printing the key only at creation', async () => {
    const created = await ipo('keys', 'create', '--name', 'analyst');
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^ipo_live_[0-9A-Za-z]{32,}$/);

    const listed = await ipo('keys', 'list');
    expect(listed.stdout).toContain('analyst');
    expect(listed.stdout).not.toContain(key);
    const id = listed.stdout.split('\n')[1].split('\t')[0];

    expect((await ipo('keys', 'revoke', id)).code).toBe(0);
    expect((await ipo('keys', 'list')).stdout.split('\n')[1].split('\t')[4]).not.toBe('-');
    expect((await ipo('keys', 'revoke', id)).code).toBe(1);
  });

  it('prints every setting, its value and its source, with secrets masked (ipo config)', async () => {
    const env = { DATA_DIR: dataDir, PORT: '8080', HOST: '', NEWS_API_KEY: 'n3ws-k3y', REDIS_URL: 'redis://default:hunter2@cache.internal:6379' };
    const shown = await runIpoWithEnv(env, 'config');
    expect(shown).toMatchObject({ code: 0, err: '' });
    const rows = shown.out.trim().split('\n').map((line) => line.split(/\s+/));
    expect(rows[0]).toEqual(['SETTING', 'SOURCE', 'VALUE']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(Object.keys(SETTINGS));
    expect(rows).toContainEqual(['PORT', 'env', '8080']);
    expect(rows).toContainEqual(['HOST', 'default', '127.0.0.1']);
    expect(rows).toContainEqual(['DATA_DIR', 'env', dataDir]);
    expect(rows).toContainEqual(['NEWS_API_KEY', 'env', '****']);
    expect(rows).toContainEqual(['REDIS_URL', 'env', 'redis://default:****@cache.internal:6379']);
    expect(rows).toContainEqual(['CURSOR_SECRET', 'default', '(unset)']);
    expect(shown.out).not.toMatch(/n3ws-k3y|hunter2/);

    const json = await runIpoWithEnv(env, 'config', '--json');
    expect(JSON.parse(json.out)).toContainEqual({ name: 'REDIS_URL', value: 'redis://default:****@cache.internal:6379', source: 'env' });
  });

  it('reports every malformed setting in one line of its own, exit 2, no stack, for ipo config and any command', async () => {
    const env = { DATA_DIR: dataDir, PORT: 'eighty', REDIS_URL: 'cache.internal:6379', CURSOR_SECRET: 's3cret', LOG_FORMAT: 'xml' };
    const expected = [
      'PORT must be an integer between 1 and 65535, got "eighty"',
      'REDIS_URL must be a URL starting with redis:// or rediss://, got "cache.internal:6379"',
      'LOG_FORMAT must be one of auto, json, text, got "xml"',
    ];
    for (const command of [['config'], ['serve'], ['keys', 'list'], ['status', '--verbose']]) {
      const result = await runIpoWithEnv(env, ...command);
      expect(result.code, command.join(' ')).toBe(2);
      expect(result.err).toBe(expected.map((problem) => `ipo ${command.filter((w) => !w.startsWith('-')).join(' ')}: ${problem}\n`).join(''));
    }
    // `ipo config` still shows the table, so the bad values can be seen beside the good ones.
    expect((await runIpoWithEnv(env, 'config')).out).toMatch(/^PORT +env +eighty$/m);
  });
});
