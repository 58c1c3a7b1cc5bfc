/**
 * A store's memo of what it read back, for the derivations of one batch: a batch re-derives
 * hundreds of companies whose inputs overlap (the same vendor rows, the same candidate issuers), so
 * most of their reads repeat. The store empties it on every write it makes and the runner at the
 * start of every transaction (a rolled-back batch may have left state the database no longer has),
 * so a read through it always equals a read of the database. Callers must treat what it returns as
 * immutable. Emptied whole past `limit` entries, so memory stays bounded however long the log.
 */
export class ReadCache {
  private readonly entries = new Map<string, unknown>();

  constructor(private readonly limit = 5_000) {}

  get<T>(key: string, read: () => T): T {
    const hit = this.entries.get(key);
    if (hit !== undefined || this.entries.has(key)) return hit as T;
    const value = read();
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }

  clear(): void {
    if (this.entries.size > 0) this.entries.clear();
  }
}
