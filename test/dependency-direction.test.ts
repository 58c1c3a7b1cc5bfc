/**
 * Arrows run one way (docs: style.md, habit 11). The stages never import each other, and inside
 * projector/ each domain folder imports only itself, the folders below it, common/ and schema/.
 * common/ imports nothing of a domain, so it cannot hold a domain's types.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Bottom to top: a folder may import any folder listed before it. */
const PROJECTOR_LAYERS = ['common', 'extract', 'market', 'offering', 'news', 'company', 'publish'] as const;
const STAGES = ['ingest', 'projector', 'api'] as const;

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** Repository-relative paths a file imports by relative specifier. */
function relativeImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)));
}

const topFolder = (path: string, depth: number): string => path.split('/')[depth];

describe('dependency direction', () => {
  it('ingest, projector and api never import each other', () => {
    const crossings: string[] = [];
    for (const stage of STAGES) {
      for (const file of tsFiles(stage)) {
        for (const target of relativeImports(file)) {
          const other = topFolder(target, 0);
          if (other !== stage && (STAGES as readonly string[]).includes(other)) crossings.push(`${file} → ${target}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });

  it('projector domain folders import only themselves, the folders below them, common/ and schema/', () => {
    const upward: string[] = [];
    for (const file of tsFiles('projector')) {
      const from = PROJECTOR_LAYERS.indexOf(topFolder(file, 1) as (typeof PROJECTOR_LAYERS)[number]);
      if (from < 0) continue; // runner/ and the package index are the I/O edge: they may import every domain
      for (const target of relativeImports(file)) {
        if (topFolder(target, 0) !== 'projector') {
          if (topFolder(target, 0) !== 'schema') upward.push(`${file} → ${target}`);
          continue;
        }
        const to = PROJECTOR_LAYERS.indexOf(topFolder(target, 1) as (typeof PROJECTOR_LAYERS)[number]);
        if (to < 0 || to > from) upward.push(`${file} → ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('the typed client (api/client/) imports only itself: another project runs it without the server', () => {
    const outside = tsFiles('api/client').flatMap((file) =>
      relativeImports(file)
        .filter((target) => !target.startsWith('api/client/'))
        .map((target) => `${file} → ${target}`),
    );
    expect(outside).toEqual([]);
  });
});
