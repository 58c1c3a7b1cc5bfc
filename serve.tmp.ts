import { writeFileSync } from 'node:fs';
import { emptyDataDir, projectSampleInto, startApi } from './test/api-harness.ts';
import { createMemoryRateLimiter } from './api/index.ts';
const dir = await emptyDataDir();
await projectSampleInto(dir);
const api = await startApi(dir, { rateLimiter: createMemoryRateLimiter({ limitPerMinute: 10_000_000 }), checkIntervalMs: 250 });
writeFileSync('/tmp/api-bench.json', JSON.stringify({ url: api.baseUrl, key: api.key, dir }));
