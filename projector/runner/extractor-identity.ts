import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { siblingModule } from '../../schema/package-files.ts';

/**
 * Which code a document read came from: a content hash of every module `readDocumentTerms`
 * loads (its import closure, as the files on disk are: sources under tsx, dist/ compiled), the
 * versions of the packages they load, and the Node version (the JavaScript engine, and the
 * serialization a cached read is stored in). A stored read is served only to the same identity
 * (see document-read-cache.store.ts), so any change to that code, a comment included, makes every
 * stored read a miss: a stale read can never be served.
 *
 * Chosen over a declared version number: a forgotten bump would serve stale reads silently, and a
 * test guarding the number would have to store this same hash and be updated on every edit of
 * projector/extract. The cost is the other way: an edit that changes no read still re-extracts once.
 */
export function extractorIdentity(): string {
  identity ??= moduleClosureIdentity(fileURLToPath(siblingModule(import.meta.url, '../extract/document.read')));
  return identity;
}
let identity: string | undefined;

/** The identity of the code `entry` loads: its files' paths (from the entry's folder's parent) and contents, package versions, Node. */
export function moduleClosureIdentity(entry: string): string {
  const { files, packages } = moduleClosure(entry);
  const root = dirname(dirname(entry));
  const hash = createHash('sha256').update(`node ${process.versions.node}\0`);
  for (const file of [...files].sort()) hash.update(`${relative(root, file)}\0`).update(readFileSync(file)).update('\0');
  for (const pkg of [...packages].sort()) hash.update(`${pkg}\0`);
  return hash.digest('hex').slice(0, 32);
}

/**
 * The files `entry` imports, transitively (relative specifiers of import, export-from, dynamic
 * import, require and require.resolve), and the packages they name, each as name@version. A
 * specifier seen only in a comment is taken too: it can only make the identity change more often.
 */
export function moduleClosure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(SPECIFIER)) {
      const specifier = match[1];
      if (specifier.startsWith('node:')) continue;
      if (specifier.startsWith('.')) {
        const target = fileURLToPath(new URL(specifier, pathToFileURL(file)));
        if (existsSync(target)) pending.push(target);
      } else if (PACKAGE_NAME.test(specifier)) {
        packages.add(packageVersion(specifier, dirname(file)));
      }
    }
  }
  return { files, packages };
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire(?:\.resolve)?\s*\(\s*)['"]([^'"\n]+)['"]/g;
/** What npm allows a package name to be (lower case, no spaces): prose quoted after "from" is not one. */
const PACKAGE_NAME = /^(@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*(\/[^\s]*)?$/;

/** `name@version` of the package a bare specifier names, found as Node finds it (node_modules upwards). */
function packageVersion(specifier: string, from: string): string {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return `${name}@${(JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version ?? '?'}`;
    if (dirname(dir) === dir) return `${name}@?`;
  }
}
