import { startReplayServer } from '../../ingest/index.ts';
import { loadConfig } from '../../schema/config.ts';
import { openReadDbForWrite } from '../../schema/databases.ts';
import { liveReadDbPath } from '../../schema/read/location.ts';
import type { Command } from '../command.ts';
import { replayManifests } from '../demo.ts';
import { onShutdown, openWriteStores } from '../runtime.ts';

export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'Create or upgrade events.db, ops.db and the live read.db in DATA_DIR.',
  async run(_input, io) {
    const config = loadConfig(io.env);
    const stores = await openWriteStores(config);
    await stores.close();
    const live = liveReadDbPath(config.dataDir);
    if (live) await (await openReadDbForWrite(live)).close();
    io.out.write(`migrated ${config.dataDir}${live ? '' : ' (no read.db yet: run `ipo project`)'}\n`);
    return 0;
  },
};

export const replayCommand: Command = {
  name: 'replay',
  summary: 'Serve the bundled recorded EDGAR (and market) responses at their real paths, for trying ingest by hand.',
  details: `Prints one base URL per host. Point EDGAR_WWW_URL and EDGAR_DATA_URL at them, set any
EDGAR_USER_AGENT with an e-mail address, and run e.g. \`ipo ingest submissions --cik 1158114\`.`,
  async run(_input, io) {
    loadConfig(io.env);
    const replay = await startReplayServer({ manifestPath: replayManifests() });
    for (const [host, url] of Object.entries(replay.urls)) io.out.write(`${host}: ${url}\n`);
    onShutdown(replay.close);
    return new Promise<number>(() => {});
  },
};
