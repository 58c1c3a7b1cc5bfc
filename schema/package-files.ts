import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The one rule for files that are not TypeScript (stylesheets, JSON, the bundled data sample,
 * package.json): they are read where they sit in the package, from the package root, whether the
 * code runs from its sources (tsx, vitest) or compiled in dist/. The build copies none of them, so
 * no copy can go stale and a path is the same in both forms.
 */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** A file of the package by its path from the package root, e.g. `packagePath('data/sample')`. */
export function packagePath(...segments: string[]): string {
  return join(PACKAGE_ROOT, ...segments);
}

/** Whether this code runs compiled (dist/…/*.js) rather than from its TypeScript sources. */
export const RUNNING_COMPILED = import.meta.url.endsWith('.js');

/** The module `name` beside `moduleUrl`, in the form this code runs in: `.js` compiled, `.ts` from sources. */
export function siblingModule(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${RUNNING_COMPILED ? '.js' : '.ts'}`, moduleUrl);
}

/** Node options a child process needs to run a `siblingModule`: tsx's loader for sources, none compiled. */
export const MODULE_LOADER_ARGS: readonly string[] = RUNNING_COMPILED ? [] : ['--import', 'tsx'];
