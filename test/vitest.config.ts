import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Integration tests share one Redis and spawn HTTP servers and CLIs, waiting on them much of the
// time: three workers keep a 2-core machine busy (about 200 s against 310 s with two).
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    exclude: ['node_modules/**', 'dist/**'],
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          // Spawned `ipo` processes run the compiled service: built once, fresh, before the tests.
          globalSetup: ['test/build-once.ts'],
          // Each file owns its data directories, servers, queues and Redis keys, and none mutates
          // process.env or mocks a module, so a worker keeps the modules it loaded for its next file:
          // importing the service afresh for each of 75 files cost a third of the suite's CPU
          // (npm test 334 s against 268 s on 2 cores).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: ['**/*.int.test.ts'],
          // Pure functions over real documents: no file changes shared state, so the files share a
          // worker's loaded modules instead of each importing them afresh (about 80 s of CPU against 40 s).
          // Vitest runs this project after `int`, so its short files fill the workers' tail.
          isolate: false,
        },
      },
    ],
  },
});
