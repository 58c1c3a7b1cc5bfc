import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../scripts/commands/index.ts';
import { runIpo } from './cli-harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ipo-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function ipo(...argv: string[]) {
  const { code, out, err } = await runIpo(dataDir, ...argv);
  return { code, stdout: out, stderr: err };
}

describe('ipo command line', () => {
  it('has --help on every command, and every command is in the README', async () => {
    const readme = (await import('node:fs')).readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const command of COMMANDS) {
      const result = await ipo(...command.name.split(' '), '--help');
      expect(result.code, command.name).toBe(0);
      expect(result.stdout).toContain(`Usage: ipo ${command.name}`);
      expect(readme, `README lists ipo ${command.name}`).toContain(`\`ipo ${command.name}`);
    }
  });

  it('answers --help on every command group and --version everywhere', async () => {
    const groups = [...new Set(COMMANDS.filter((c) => c.name.includes(' ')).map((c) => c.name.split(' ')[0]))];
    expect(groups).toEqual(expect.arrayContaining(['keys', 'ingest', 'import']));
    for (const group of groups) {
      const help = await ipo(group, '--help');
      expect(help.code, group).toBe(0);
      expect(help.stdout).toContain(`Usage: ipo ${group} SUBCOMMAND`);
      for (const command of COMMANDS.filter((c) => c.name.startsWith(`${group} `))) expect(help.stdout).toContain(command.name);
      // Without a subcommand: the list, on stderr, exit 2.
      const bare = await ipo(group);
      expect(bare.code, group).toBe(2);
      expect(bare.stderr).toContain('name a subcommand');
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
    expect(bad.stderr).toContain('--cik must be 1 to 10 digits');
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
});
