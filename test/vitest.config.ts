import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Integration tests share one Redis and spawn HTTP servers and CLIs, waiting on them much of the
// time: three workers keep a 2-core machine busy (about 200 s against 310 s with two).
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    // Spawned `ipo` processes run the compiled service: built once, fresh, before the tests.
    globalSetup: ['test/build-once.ts'],
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
