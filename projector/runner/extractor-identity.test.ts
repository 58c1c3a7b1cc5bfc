import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../schema/package-files.ts';
import { extractorIdentity, moduleClosure, moduleClosureIdentity } from './extractor-identity.ts';

const ENTRY = fileURLToPath(new URL('../extract/document.read.ts', import.meta.url));

const removals: string[] = [];
afterEach(() => {
  for (const dir of removals.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The files of the read's import closure, copied to a new package root with the same layout (and the same node_modules). */
function copyOfTheReader(): { root: string; entry: string } {
  const root = mkdtempSync(join(tmpdir(), 'extractor-identity-'));
  removals.push(root);
  for (const file of moduleClosure(ENTRY).files) {
    const target = join(root, relative(PACKAGE_ROOT, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }
  symlinkSync(join(PACKAGE_ROOT, 'node_modules'), join(root, 'node_modules'));
  return { root, entry: join(root, relative(PACKAGE_ROOT, ENTRY)) };
}

describe('the extractor identity', () => {
  it('covers every module the read loads, through the extractors to the shared code and the HTML tokenizer package', () => {
    const { files, packages } = moduleClosure(ENTRY);
    const names = [...files].map((f) => relative(PACKAGE_ROOT, f));
    expect(names).toEqual(expect.arrayContaining([
      'projector/extract/document.read.ts',
      'projector/extract/terms.extract.ts',
      'projector/extract/html-tokenizer.ts',
      'projector/extract/financials/financial-snapshot.extract.ts',
      'projector/common/forms.ts',
    ]));
    // htmlparser2 is loaded by require.resolve in html-tokenizer.ts, not by an import.
    expect([...packages]).toEqual([expect.stringMatching(/^htmlparser2@\d+\.\d+\.\d+/)]);
    expect(names.every((n) => !n.endsWith('.test.ts'))).toBe(true);
    expect(extractorIdentity()).toBe(moduleClosureIdentity(ENTRY));
  });

  it('is the same for the same code anywhere, and changes when any file the read loads changes, however deep', () => {
    const copy = copyOfTheReader();
    expect(moduleClosureIdentity(copy.entry)).toBe(moduleClosureIdentity(ENTRY));
    for (const file of ['projector/extract/text-numbers.ts', 'projector/common/forms.ts', 'projector/extract/fields/underwriters.extract.ts']) {
      const fresh = copyOfTheReader();
      appendFileSync(join(fresh.root, file), '\n// changed\n');
      expect(moduleClosureIdentity(fresh.entry), file).not.toBe(moduleClosureIdentity(ENTRY));
    }
  });
});
