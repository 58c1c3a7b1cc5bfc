import { loadConfig } from '../../schema/config.ts';
import { startApiServer } from '../api-server.ts';
import type { Command } from '../command.ts';
import { onShutdown } from '../runtime.ts';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Serve the REST API from DATA_DIR/read.db (read-only) on HOST:PORT.',
  details: `Needs a projected read.db (run \`ipo project\` or \`npm start\` first). Uses Redis for the
per-key rate limit when REDIS_URL is set, so several API processes share one budget.`,
  options: { quiet: { type: 'boolean', description: 'Do not print one access-log line per request.' } },
  async run({ values }, io) {
    const config = loadConfig(io.env);
    const api = await startApiServer(config, {
      log: values.quiet ? undefined : (e) => io.err.write(`${e.method} ${e.path} ${e.status} ${e.ms.toFixed(1)}ms ${e.requestId}\n`),
    });
    io.out.write(`URL: ${api.url}\nOpenAPI: ${api.url}/api/v1/openapi.json\n`);
    onShutdown(api.close);
    return new Promise<number>(() => {});
  },
};
