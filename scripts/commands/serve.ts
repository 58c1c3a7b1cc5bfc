import { loadConfig } from '../../schema/config.ts';
import { accessLog, startApiServer } from '../api-server.ts';
import type { Command } from '../command.ts';
import { createLogger } from '../log.ts';
import { onShutdown } from '../runtime.ts';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Serve the REST API from DATA_DIR/read.db (read-only) on HOST:PORT.',
  details: `Needs a projected read.db (run \`ipo project\` or \`npm start\` first). Uses Redis for the
per-key rate limit when REDIS_URL is set, so several API processes share one budget. Logs one
record per request on stderr (method, path, status, ms, request id, key id; LOG_FORMAT, LOG_LEVEL).
SIGTERM: stops listening, ends each open event stream as a finished response (its client
reconnects with Last-Event-ID to a process that serves), then closes and exits 0.`,
  options: { quiet: { type: 'boolean', description: 'Do not log one access-log record per request.' } },
  async run({ values }, io) {
    const config = loadConfig(io.env);
    const logger = createLogger(config.logging, io.err, 'api');
    const api = await startApiServer(config, { logger, log: values.quiet ? undefined : accessLog(logger) });
    io.out.write(`URL: ${api.url}\nOpenAPI: ${api.url}/api/v1/openapi.json\n`);
    onShutdown(api.close, logger);
    return new Promise<number>(() => {});
  },
};
