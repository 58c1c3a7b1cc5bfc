import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { packagePath } from '../../schema/package-files.ts';

/** One static file of the landing page and the API reference, held in memory. */
export interface SiteAsset {
  contentType: string;
  bytes: Buffer;
  /** gzip of `bytes` (made on first request), or null for an already compressed image. */
  gzipped(): Buffer | null;
}

export interface SiteAssets {
  /** Changes whenever any asset's bytes change, so asset URLs can be cached for a year. */
  version: string;
  /** `/docs/assets/<version>/<file>`. */
  url(file: string): string;
  get(file: string): SiteAsset | undefined;
}

export const ASSETS_PATH = '/docs/assets';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
};

// Swagger UI's prebuilt bundle (swagger-ui-dist: no build step, no runtime dependencies), with its
// source maps so a browser's developer tools find them under the same versioned path.
const SWAGGER_UI_FILES = ['swagger-ui-bundle.js', 'swagger-ui-bundle.js.map', 'swagger-ui.css', 'swagger-ui.css.map', 'favicon-32x32.png'];
const OWN_FILES = ['reference.js', 'site.css'];
export const SITE_ASSET_FILES: readonly string[] = [...SWAGGER_UI_FILES, ...OWN_FILES];

function load(): SiteAssets {
  const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const sources: Array<[string, string]> = [
    ...SWAGGER_UI_FILES.map((file): [string, string] => [file, join(swaggerUi, file)]),
    ...OWN_FILES.map((file): [string, string] => [file, packagePath('api/site', file)]),
  ];
  const hash = createHash('sha256');
  const assets = new Map<string, SiteAsset>();
  for (const [file, path] of sources) {
    const bytes = readFileSync(path);
    hash.update(file).update(bytes);
    let gzipped: Buffer | undefined;
    assets.set(file, {
      contentType: TYPES[file.slice(file.lastIndexOf('.'))],
      bytes,
      gzipped: () => (file.endsWith('.png') ? null : (gzipped ??= gzipSync(bytes, { level: 9 }))),
    });
  }
  const version = hash.digest('base64url').slice(0, 12);
  return { version, url: (file) => `${ASSETS_PATH}/${version}/${file}`, get: (file) => assets.get(file) };
}

let loaded: SiteAssets | undefined;

/** Read on first use (a few MB, once per process), not when the app is built. */
export function siteAssets(): SiteAssets {
  loaded ??= load();
  return loaded;
}
