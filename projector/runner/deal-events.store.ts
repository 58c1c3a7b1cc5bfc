import type { SqliteHandle } from '../../schema/sqlite.ts';
import { recordingOrder, type DealEvent } from '../company/deal-events.derive.ts';

/**
 * The read model's change log (`deal_events`). A batch collects the events its derivations imply and
 * records them just before its checkpoint, in the same transaction: a key already recorded is left
 * as it is (INSERT OR IGNORE), so re-deriving a company adds only its new facts, and an id, once a
 * client has seen it, always names the same event.
 */
export class DealEventLog {
  private readonly insert;
  private readonly lastId;
  private readonly latestOfFact;
  private pending = new Map<string, DealEvent>();

  constructor(db: SqliteHandle) {
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO deal_events (key, type, cik, ticker, occurred_on, recorded_at, replayed, data_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.lastId = db.prepare('SELECT coalesce(max(id), 0) FROM deal_events').pluck();
    // A fact's first event has its key; its revisions `key#n|values` (the range keeps the key index usable).
    this.latestOfFact = db.prepare(`SELECT key, data_json FROM deal_events WHERE key = ? OR (key > ? AND key < ?) ORDER BY id DESC LIMIT 1`).raw();
  }

  /** Starts a batch: anything a failed batch collected is dropped with its transaction. */
  begin(): void {
    this.pending = new Map();
  }

  /** A fact's first derivation in the batch is kept, a revisable fact's last: what the batch commits is the company's state. */
  collect(events: readonly DealEvent[]): void {
    for (const event of events) if (event.revisable || !this.pending.has(event.key)) this.pending.set(event.key, event);
  }

  /**
   * Records the batch's events in recording order (occurred date, then key), so their ids depend on
   * what the batch holds, not on the order companies were derived in. A revision is ordered as it is
   * recorded, under its own key and date (a status's revisedOn), not its fact's first date. Returns
   * the ids it added.
   */
  record(recordedAt: string, replayed: boolean): { first: number; last: number } | null {
    // A batch holds one event per key, so each revision reads the log as the batch found it.
    const events = [...this.pending.values()]
      .map((event) => (event.revisable ? this.asRevision(event) : event))
      .filter((e): e is DealEvent => e !== null)
      .sort(recordingOrder);
    this.pending = new Map();
    const before = this.lastId.get() as number;
    for (const e of events) {
      // Positional parameters: binding by name costs more, and most of a rebuild's inserts are ignored.
      this.insert.run(e.key, e.type, e.cik, e.ticker, e.occurredOn, recordedAt, replayed ? 1 : 0, JSON.stringify(e.data));
    }
    const after = this.lastId.get() as number;
    return after > before ? { first: before + 1, last: after } : null;
  }

  /**
   * A revisable fact as the log should take it: as it is when the log has none of it yet; null when
   * the latest the log holds states the same values; else a revision keyed `key#n|values` (n its
   * number among the fact's revisions), whose data
   * names what it revises (`revises`: the key and values it replaces).
   */
  private asRevision(event: DealEvent): DealEvent | null {
    const latest = this.latestOfFact.get(event.key, `${event.key}#`, `${event.key}$`) as [string, string] | undefined;
    if (latest === undefined) return event;
    const [latestKey, latestData] = latest;
    const previous = JSON.parse(latestData) as Record<string, unknown>;
    const fields = event.revisable!;
    // A field an older event lacks (servedAs before it was recorded) stated null.
    if (fields.every((field) => (previous[field] ?? null) === (event.data[field] ?? null))) return null;
    const revises = Object.fromEntries([['key', latestKey], ...fields.map((field) => [field, previous[field] ?? null])]);
    // Numbered, so a fact that returns to an earlier state (stale, then amended, then stale again) is a new event each time.
    const revision = latestKey === event.key ? 1 : Number(latestKey.slice(event.key.length + 1, latestKey.indexOf('|', event.key.length))) + 1;
    const key = `${event.key}#${revision}|${fields.map((field) => String(event.data[field])).join('|')}`;
    return { ...event, key, occurredOn: event.revisedOn ?? event.occurredOn, data: { ...event.data, revises } };
  }
}

/**
 * Copies the live generation's change log into a new one before it is projected, ids and all: a
 * rebuild then records only facts the old log lacks, after its last id, and a client's
 * Last-Event-ID means the same event on either side of the swap. Returns the live generation's
 * checkpoint: what the rebuild finds in events up to it is history (`replayed`), past it news the
 * live projector had not reached. A generation from before the change log has nothing to carry.
 */
export function carryDealEvents(db: SqliteHandle, livePath: string): { carried: number; liveCheckpoint: number } {
  db.prepare('ATTACH DATABASE ? AS live').run(livePath);
  try {
    const has = (table: string) => db.prepare(`SELECT 1 FROM live.sqlite_master WHERE type = 'table' AND name = ?`).pluck().get(table) !== undefined;
    const liveCheckpoint = has('projector_checkpoint')
      ? ((db.prepare(`SELECT last_seq FROM live.projector_checkpoint WHERE projection = 'core'`).pluck().get() as number | undefined) ?? 0)
      : 0;
    if (!has('deal_events')) return { carried: 0, liveCheckpoint };
    const columns = 'id, key, type, cik, ticker, occurred_on, recorded_at, replayed, data_json';
    const carried = db.prepare(`INSERT INTO main.deal_events (${columns}) SELECT ${columns} FROM live.deal_events ORDER BY id`).run().changes;
    return { carried, liveCheckpoint };
  } finally {
    db.prepare('DETACH DATABASE live').run();
  }
}
