import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Integration tests share one Redis and spawn HTTP servers; two workers fit a 2-core machine.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    // Spawned `ipo` processes run the compiled service: built once, fresh, before the tests.
    globalSetup: ['test/build-once.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
