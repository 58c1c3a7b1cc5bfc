import { join } from 'node:path';
import {
  createEventQueries,
  createReadDbSource,
  endpointEventFilter,
  createShapeCompiler,
  createWebhookStore,
  hasUrlCredentials,
  RECEIVER_AUTHENTICATION,
  shownEndpointText,
  startWebhookSender,
  type WebhookStore,
} from '../../api/index.ts';
import { DEAL_EVENT_TYPES, type DealEventType } from '../../schema/api/vocabulary.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { openOpsDb } from '../../schema/databases.ts';
import { acquireProcessLock, ProcessLockBusyError } from '../../schema/process-lock.ts';
import { ArgumentError, integerIn, invalid, knownList } from '../arguments.ts';
import type { Command, Io } from '../command.ts';
import { createLogger, type ServiceLogger } from '../log.ts';
import { onShutdown } from '../runtime.ts';
import { endpointNamed, newestEventId, replayStart } from './webhook-checks.ts';

/** One sender per DATA_DIR: two would deliver every event twice. */
export const webhookLockPath = (dataDir: string) => join(dataDir, 'webhooks.lock');

async function withStore<T>(io: Io, use: (store: WebhookStore, config: Config) => T): Promise<T> {
  const config = loadConfig(io.env);
  const ops = await openOpsDb(config.dataDir);
  try {
    return use(createWebhookStore(ops), config);
  } finally {
    await ops.close();
  }
}

function endpointUrl(text: string): string {
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // refused below
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw invalid('URL', 'an http:// or https:// URL', shownEndpointText(text));
  // fetch refuses a URL with credentials, so every delivery would fail; the refusal masks them too.
  if (hasUrlCredentials(url.href)) throw new ArgumentError(`URL must have no user name or password, got "${shownEndpointText(url.href)}": ${RECEIVER_AUTHENTICATION}`);
  return url.href;
}

export const webhooksAddCommand: Command = {
  name: 'webhooks add',
  summary: 'Register a webhook endpoint: deal events from now on are POSTed to URL, signed; prints its id, URL (query values masked) and secret (once).',
  args: ['URL'],
  options: { events: { type: 'string', description: `Event types to send, comma-separated (${DEAL_EVENT_TYPES.join(', ')}); default all.` } },
  details: `The endpoint gets every deal event recorded after now (replay older ones with \`ipo webhooks
replay\`), one POST per event, in id order: the ApiDealEvent as JSON, with headers Ipo-Event-Id,
Ipo-Event-Type and Ipo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with
the secret>. Verify it over the raw body and refuse a t more than 5 minutes off. A 2xx acknowledges
the event; anything else (or no answer in 10 s) is retried with exponential backoff up to
WEBHOOK_RETRY_MAX_SECONDS, the same event until it succeeds. \`ipo webhooks send\` delivers.
A URL with a user name or password is refused (fetch never sends one): the signature authenticates
the sender, and a receiver's secret token can go in the path or query, whose values every
\`ipo webhooks\` and \`ipo status\` output masks (?token=****).`,
  async run({ values, positionals }, io) {
    const url = endpointUrl(positionals[0]);
    const types = knownList(values, 'events', DEAL_EVENT_TYPES, `event types among ${DEAL_EVENT_TYPES.join(', ')}, separated by commas`);
    const { endpoint, newest } = await withStore(io, (store, config) => {
      // It starts at the newest event: the history before it is replayed only when asked for.
      const newest = newestEventId(config.dataDir);
      return { endpoint: store.add(url, (types as DealEventType[] | undefined) ?? null, newest ?? 0, new Date()), newest };
    });
    io.out.write(`id: ${endpoint.id}\nurl: ${shownEndpointText(endpoint.url)}\nsecret: ${endpoint.secret}\n`);
    const from = newest === null ? 'no read.db yet: every event the first projection records will be sent, history included' : `events after ${endpoint.cursor} will be sent`;
    io.err.write(`the secret is shown once: keep it where the receiver verifies signatures; ${from}\n`);
    return 0;
  },
};

export const webhooksListCommand: Command = {
  name: 'webhooks list',
  summary: 'List webhook endpoints: id, URL (query values masked), event types, cursor (last event acknowledged), failing attempts, next retry (never the secrets).',
  async run(_input, io) {
    const endpoints = await withStore(io, (store) => store.list().map((e) => ({ ...e, last: store.deliveries(e.id, 1)[0] })));
    io.out.write('id\turl\tevents\tcursor\tfailures\tnext_attempt_at\tlast_delivery\tcreated_at\tremoved_at\n');
    for (const e of endpoints) {
      // One removed before remove cleared it keeps a retry time that nothing will act on.
      const nextAttempt = e.removedAt === null ? (e.nextAttemptAt ?? '-') : '-';
      const last = e.last ? `${e.last.event_id} ${e.last.outcome}${e.last.http_status ? ` ${e.last.http_status}` : ''}${e.last.error ? ` (${shownEndpointText(e.last.error)})` : ''} at ${e.last.attempted_at}` : '-';
      io.out.write(`${e.id}\t${shownEndpointText(e.url)}\t${e.eventTypes?.join(',') ?? 'all'}\t${e.cursor}\t${e.failures}\t${nextAttempt}\t${last}\t${e.createdAt}\t${e.removedAt ?? '-'}\n`);
    }
    return 0;
  },
};

export const webhooksRemoveCommand: Command = {
  name: 'webhooks remove',
  summary: 'Remove a webhook endpoint: nothing more is sent to it (its delivery records stay).',
  args: ['ID'],
  async run({ positionals }, io) {
    await withStore(io, (store) => {
      const id = endpointNamed(store, positionals[0], 'remove').id;
      // Removed by another hand since it was read: said as the check above says it.
      if (!store.remove(id, new Date())) endpointNamed(store, id, 'remove');
    });
    io.out.write(`removed ${positionals[0]}\n`);
    return 0;
  },
};

export const webhooksReplayCommand: Command = {
  name: 'webhooks replay',
  summary: 'Deliver again to an endpoint from an event id on (its cursor moves back); the running sender picks it up.',
  args: ['ID'],
  options: { from: { type: 'string', description: 'The first event id to deliver again (required): 1 to the newest event id.' } },
  details: `Moves the endpoint's cursor to just before --from; the running sender delivers from there on, in
id order. --from past the newest event of the change log is refused (the endpoint would skip every
event up to it). A --from after the cursor skips the events between, which is how an event the
receiver can never accept is passed over; the output says how many were skipped.`,
  async run({ values, positionals }, io) {
    if (values.from === undefined) throw new ArgumentError('--from is required: the first event id to deliver again');
    const asked = integerIn(values, 'from', 1, Number.MAX_SAFE_INTEGER, 1);
    const { from, cursor, types, skipped } = await withStore(io, (store, config) => {
      const start = replayStart(asked, newestEventId(config.dataDir));
      const endpoint = endpointNamed(store, positionals[0], 'replay');
      if (!store.replayFrom(endpoint.id, start)) endpointNamed(store, endpoint.id, 'replay');
      // Skipped are the events between the cursor and --from the sender would have delivered: those of the endpoint's types.
      let skipped = 0;
      if (start - 1 > endpoint.cursor) {
        const readDb = createReadDbSource({ dataDir: config.dataDir });
        try {
          skipped = createEventQueries(createShapeCompiler()).count(readDb.current(), endpointEventFilter(endpoint), endpoint.cursor, start - 1);
        } finally {
          readDb.close();
        }
      }
      return { from: start, cursor: endpoint.cursor, types: endpoint.eventTypes, skipped };
    });
    const range = `${cursor + 1}..${from - 1}`;
    const filtered = types !== null && types.length > 0;
    // Said in the endpoint's terms: an endpoint of some event types skips only the events of those types.
    const where = filtered ? ` of its types (${types.join(', ')}) in ${range}` : ` (${range})`;
    let note = '';
    if (from - 1 > cursor) note = skipped > 0 ? `; ${skipped} not delivered yet${where} ${skipped === 1 ? 'is' : 'are'} skipped` : `; none${where}: nothing is skipped`;
    io.out.write(`${positionals[0]}: events from ${from} on will be delivered${from - 1 > cursor ? '' : ' again'}${note}\n`);
    return 0;
  },
};

export const webhooksDeliveriesCommand: Command = {
  name: 'webhooks deliveries',
  summary: "An endpoint's latest delivery attempts, newest first: event id, attempt, time, outcome, HTTP status, error, ms.",
  args: ['ID'],
  options: { limit: { type: 'string', description: 'How many (1 to 1000, default 20).' } },
  async run({ values, positionals }, io) {
    const limit = integerIn(values, 'limit', 1, 1000, 20);
    // A removed endpoint's deliveries are kept, and shown; an unknown id is refused, not an empty table.
    const rows = await withStore(io, (store) => store.deliveries(endpointNamed(store, positionals[0]).id, limit));
    io.out.write('event_id\tattempt\tattempted_at\toutcome\thttp_status\terror\tms\n');
    for (const d of rows) io.out.write(`${d.event_id}\t${d.attempt}\t${d.attempted_at}\t${d.outcome}\t${d.http_status ?? '-'}\t${d.error === null ? '-' : shownEndpointText(d.error)}\t${d.ms}\n`);
    return 0;
  },
};

export interface RunningWebhookSender {
  close(): Promise<void>;
}

/**
 * The sender of DATA_DIR's webhooks: holds DATA_DIR/webhooks.lock (one sender per data directory),
 * reads read.db read-only as the API does (following rebuilds and installs) and ops.db for the
 * endpoints. Needs no Redis. Throws ProcessLockBusyError when another sender runs.
 */
export async function startWebhookDelivery(config: Readonly<Config>, logger: ServiceLogger): Promise<RunningWebhookSender> {
  const release = acquireProcessLock(webhookLockPath(config.dataDir));
  const ops = await openOpsDb(config.dataDir);
  const readDb = createReadDbSource({ dataDir: config.dataDir });
  const sender = startWebhookSender({
    store: createWebhookStore(ops),
    readDb,
    queries: createEventQueries(createShapeCompiler()),
    maxRetryMs: config.webhookRetryMaxMs,
    onDelivery: (d) => {
      const fields = { endpoint: d.endpoint_id, url: d.url, event: d.event_id, attempt: d.attempt, status: d.http_status, ms: d.ms };
      if (d.outcome === 'delivered') logger.info('delivered', fields);
      else logger.warn('delivery failed, will retry', { ...fields, error: d.error });
    },
    onError: (error) => logger.error('webhook sender failed', { error: error.message, stack: error.stack }),
  });
  return {
    async close() {
      await sender.stop();
      readDb.close();
      await ops.close();
      release();
    },
  };
}

export const webhooksSendCommand: Command = {
  name: 'webhooks send',
  summary: 'Long-running webhook sender: delivers the deal events of read.db to every endpoint, retrying until each is acknowledged.',
  details: `One per deployment (DATA_DIR/webhooks.lock refuses a second on the same data directory; run it
beside the projector, where read.db is freshest). Needs no Redis. Looks at the endpoints and the
change log every 250 ms; each endpoint gets its events one at a time, in id order, and its cursor
moves only after a 2xx, so a receiver that is down loses nothing: the same event is retried after
1 s, 2 s, 4 s … up to WEBHOOK_RETRY_MAX_SECONDS, and the backlog follows once it answers. Logs one
line per attempt. SIGTERM: lets the deliveries in flight finish and be recorded, exits 0; a sender
killed between a receiver's 2xx and its record delivers that event again (at least once).`,
  async run(_input, io) {
    const config = loadConfig(io.env);
    const logger = createLogger(config.logging, io.err, 'webhooks');
    let running: RunningWebhookSender;
    try {
      running = await startWebhookDelivery(config, logger);
    } catch (error) {
      if (!(error instanceof ProcessLockBusyError)) throw error;
      io.err.write(`ipo webhooks send: another sender (pid ${error.owner}) holds ${error.path}; exiting\n`);
      return 1;
    }
    logger.info('running', { dataDir: config.dataDir });
    onShutdown(running.close, logger);
    return new Promise<number>(() => {});
  },
};

export const webhookCommands: Command[] = [
  webhooksAddCommand,
  webhooksListCommand,
  webhooksRemoveCommand,
  webhooksReplayCommand,
  webhooksDeliveriesCommand,
  webhooksSendCommand,
];
