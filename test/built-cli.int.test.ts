import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packagePath } from '../schema/package-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'ipo-built-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Loaded with --import before `ipo`: any attempt to load tsx or a TypeScript file fails the process.
const refuseTypeScript = join(dir, 'refuse-typescript.mjs');
const hooks = `export async function resolve(specifier, context, next) {
  if (/^tsx(\\/|$)/.test(specifier)) throw new Error('tsx loaded: ' + specifier);
  const resolved = await next(specifier, context);
  if (/\\.[cm]?ts$/.test(resolved.url)) throw new Error('TypeScript loaded: ' + resolved.url);
  return resolved;
}`;
writeFileSync(refuseTypeScript, `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});\n`);

/** `ipo ARGV` as an operator runs it (the bin, scripts/ipo.mjs), with TypeScript refused. */
function ipoCompiled(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const { status, stdout, stderr } = spawnSync(process.execPath, ['--import', refuseTypeScript, packagePath('scripts/ipo.mjs'), ...argv], {
    cwd: dir,
    env: { PATH: process.env.PATH, DATA_DIR: join(dir, 'data'), ...env },
    encoding: 'utf8',
  });
  return { code: status, out: stdout, err: stderr };
}

describe('the built ipo command', () => {
  it('runs compiled JavaScript only: --version and ipo config with no tsx and no .ts file loaded; config masks credentials', () => {
    const version = ipoCompiled(['--version']);
    expect(version).toMatchObject({ code: 0, err: '' });
    expect(version.out).toMatch(/^ipo-research \d+\.\d+\.\d+\n$/);
    // Each run of the built command costs seconds with TypeScript refused: one `ipo config` shows both.
    const config = ipoCompiled(['config'], { PORT: '8080', NEWS_API_KEY: 'n3ws-k3y', PRICES_URL: 'https://user:pw@prices.example/?token=t0k' });
    expect(config).toMatchObject({ code: 0, err: '' });
    expect(config.out).toMatch(/^PORT +env +8080$/m);
    // A valid setting with credentials is never printed, not even by `ipo config`.
    expect(config.out).toMatch(/^PRICES_URL +env +https:\/\/user:\*\*\*\*@prices\.example\/\?token=\*\*\*\*$/m);
    expect(config.out).not.toMatch(/n3ws-k3y|:pw@|t0k/);
  });

  it('validates the settings at startup, one line per problem, exit 2, no stack trace', () => {
    const result = ipoCompiled(['serve'], { PORT: '0', EDGAR_MAX_RPS: '11', NEWS_API_KEY: 'n3ws-k3y', PRICES_URL: 'https://user:pw@prices.example?token=t0k' });
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      [
        'ipo serve: PORT must be an integer between 1 and 65535, got "0"\n',
        'ipo serve: EDGAR_MAX_RPS must be an integer between 1 and 10, got "11"\n',
      ].join(''),
    );
  });
});
