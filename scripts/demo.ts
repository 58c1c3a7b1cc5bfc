import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { Config } from '../schema/config.ts';
import type { EventLog } from '../schema/events/event-log.ts';
import {
  createEdgarClient,
  edgarHandlers,
  loadPlan,
  runInline,
  startReplayServer,
  systemClock,
  type InlineRunReport,
  type Logger,
  type RunProgress,
} from '../ingest/index.ts';

/** The bundled real sample: recorded EDGAR responses and the plan of jobs the demo runs. */
export const SAMPLE_DIR = fileURLToPath(new URL('../data/sample/', import.meta.url));

/** The replay server is local, so the demo declares its own agent; live ingest requires EDGAR_USER_AGENT. */
export const DEMO_USER_AGENT = 'ipo-research-demo demo@ipo-research.invalid';

export function replayManifests(): string[] {
  return [join(SAMPLE_DIR, 'edgar/replay.json'), join(SAMPLE_DIR, 'market-replay.json')].filter((p) => existsSync(p));
}

/**
 * Ingests the bundled sample through the real EDGAR client and the inline runner, against the
 * replay server that serves the recorded responses at their real paths.
 */
export async function ingestDemoSample(
  config: Config,
  log: EventLog,
  logger: Logger,
  onProgress?: (progress: RunProgress) => void,
): Promise<InlineRunReport & { requests: number }> {
  const replay = await startReplayServer({ manifestPath: replayManifests() });
  try {
    const client = createEdgarClient(
      { edgar: { ...config.edgar, userAgent: DEMO_USER_AGENT, wwwUrl: replay.urls.www, dataUrl: replay.urls.data } },
    );
    const plan = loadPlan(join(SAMPLE_DIR, 'demo-plan.json'));
    const report = await runInline(plan.jobs, {
      handlers: edgarHandlers,
      ctx: { client, log, clock: systemClock(), logger },
      onProgress,
    });
    return { ...report, requests: replay.requestLog.length };
  } finally {
    await replay.close();
  }
}
