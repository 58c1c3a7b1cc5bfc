import { createLiveFeed, parseReplayFault, replayHosts, ReplayPortError, startReplayServer, type ReplayFault } from '../../ingest/index.ts';
import { loadConfig } from '../../schema/config.ts';
import { openReadDbForWrite } from '../../schema/databases.ts';
import { liveReadDbPath } from '../../schema/read/location.ts';
import { integerIn, invalid, positiveNumber } from '../arguments.ts';
import type { Command } from '../command.ts';
import { IPO_SUBMISSIONS, replayManifests, sampleCompanyTickers, sampleSubmissions } from '../demo.ts';
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

Each host listens on a port of its own: random free ones, or with --port N consecutive ones from N,
in this order: www N, data N+1, prices N+2, news N+3 (N from 1024 to 65532). A port already in use
is refused with one line, exit 1.

--fault injects a bad day, deterministically; repeat it for several rules (the first that fires
wins). Keys: status (403 = the SEC's rate-threshold page, 429, 5xx), retry-after (seconds), delay
(ms before answering), every (each Nth matching request), times (at most), host (www, data...),
path (part of the path). E.g. --fault status=503,every=3 --fault status=429,retry-after=2,times=5

--live-feed SECONDS makes the latest-filings feed gain real filings while it runs, for trying the
real-time path by hand (ipo worker, scheduler, projector and serve; GET /api/v1/events): every
SECONDS it puts the next filing of six sample companies' real IPOs (registration to final
prospectus, in the order EDGAR accepted them) on the feed, and prints it. Their submissions files
are served as they read then: the filings up to the one on the feed, the name of that day, and for
a company renamed since no tickers, exchanges or SIC (today's are what it became; its
company_tickers.json row is left out too). Only some of their documents are recorded: the others
answer 404, which \`ipo status\` lists among the failed jobs. The service projects the old filings
at today's clock, so a just-revealed 2013 S-1 reads dormant (no activity for 270 days).`,
  options: {
    fault: { type: 'string', multiple: true, description: 'Inject a fault, e.g. status=503,every=3,host=data (see above).' },
    'live-feed': { type: 'string', description: 'Put the next real IPO filing on the latest-filings feed every SECONDS (see above).' },
    port: { type: 'string', description: 'First port: www on N, data N+1, prices N+2, news N+3 (see above). Default: random free ports.' },
  },
  async run({ values }, io) {
    loadConfig(io.env);
    const manifests = replayManifests();
    const hosts = replayHosts(manifests);
    const port = values.port === undefined ? undefined : integerIn(values, 'port', 1024, 65536 - hosts.length, 0);
    const revealEverySeconds = values['live-feed'] === undefined ? null : positiveNumber(values, 'live-feed', 0);
    const faults = ((values.fault as string[] | undefined) ?? []).map((text): ReplayFault => {
      try {
        return parseReplayFault(text);
      } catch (error) {
        throw invalid('--fault', `a fault rule such as status=503,every=3 (${(error as Error).message})`, text);
      }
    });
    const feed = revealEverySeconds === null ? null : createLiveFeed({ submissions: IPO_SUBMISSIONS.map(sampleSubmissions), companyTickers: sampleCompanyTickers() });
    let replay;
    try {
      replay = await startReplayServer({ manifestPath: manifests, faults, overlays: feed ? [feed] : [], ...(port === undefined ? {} : { port }) });
    } catch (error) {
      if (!(error instanceof ReplayPortError)) throw error;
      // One line: which port, which host, and the range --port N takes.
      io.err.write(`ipo replay: --port ${port}: ${error.message}; the replay takes ports ${port}–${port! + hosts.length - 1} (${hosts.join(', ')})\n`);
      return 1;
    }
    for (const [host, url] of Object.entries(replay.urls)) io.out.write(`${host}: ${url}\n`);
    onShutdown(replay.close);
    if (feed && revealEverySeconds !== null) {
      io.out.write(`live feed: ${feed.filings.length} real IPO filings, one every ${revealEverySeconds} s\n`);
      const timer = setInterval(() => {
        const shown = feed.reveal();
        if (!shown) return clearInterval(timer);
        const f = shown.filing;
        io.out.write(`on the feed ${new Date(shown.appearedAt).toISOString()}: ${f.formType} ${f.accessionNumber} CIK ${f.cik} ${f.companyName} (${feed.revealed}/${feed.filings.length})\n`);
      }, revealEverySeconds * 1000);
      onShutdown(async () => clearInterval(timer));
    }
    return new Promise<number>(() => {});
  },
};
