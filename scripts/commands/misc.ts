import { parseReplayFault, startReplayServer, type ReplayFault } from '../../ingest/index.ts';
import { loadConfig } from '../../schema/config.ts';
import { openReadDbForWrite } from '../../schema/databases.ts';
import { liveReadDbPath } from '../../schema/read/location.ts';
import { invalid } from '../arguments.ts';
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
EDGAR_USER_AGENT with an e-mail address, and run e.g. \`ipo ingest submissions --cik 1158114\`.

--fault injects a bad day, deterministically; repeat it for several rules (the first that fires
wins). Keys: status (403 = the SEC's rate-threshold page, 429, 5xx), retry-after (seconds), delay
(ms before answering), every (each Nth matching request), times (at most), host (www, data...),
path (part of the path). E.g. --fault status=503,every=3 --fault status=429,retry-after=2,times=5`,
  options: { fault: { type: 'string', multiple: true, description: 'Inject a fault, e.g. status=503,every=3,host=data (see above).' } },
  async run({ values }, io) {
    loadConfig(io.env);
    const faults = ((values.fault as string[] | undefined) ?? []).map((text): ReplayFault => {
      try {
        return parseReplayFault(text);
      } catch (error) {
        throw invalid('--fault', `a fault rule such as status=503,every=3 (${(error as Error).message})`, text);
      }
    });
    const replay = await startReplayServer({ manifestPath: replayManifests(), faults });
    for (const [host, url] of Object.entries(replay.urls)) io.out.write(`${host}: ${url}\n`);
    onShutdown(replay.close);
    return new Promise<number>(() => {});
  },
};
