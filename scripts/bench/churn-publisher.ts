/**
 * The projector's side of the churn benchmark, in a process of its own: rebuilds the live read.db
 * generation into a new file (VACUUM INTO writes every table and index afresh), stamps it with its
 * own last batch time (so it names a new generation, as a rebuild does), publishes it with the
 * projector's atomic link swap and deletes the previous one, over and over until killed. Prints
 * `SWAP <n> <ms>` after each swap.
 */
import Database from 'better-sqlite3';
import { liveReadDbPath, newReadDbPath, publishReadDb, removeReadDb } from '../../schema/read/location.ts';
import { openSqlite } from '../../schema/sqlite.ts';

const dataDir = process.argv[2];
for (let swaps = 1; ; swaps++) {
  const started = performance.now();
  const live = liveReadDbPath(dataDir);
  if (live === null) throw new Error(`no read.db in ${dataDir}`);
  const next = newReadDbPath(dataDir);
  const source = new Database(live, { readonly: true });
  source.prepare('VACUUM INTO ?').run(next);
  source.close();
  const rebuilt = openSqlite(next);
  rebuilt
    .prepare(`INSERT INTO build_meta (key, value) VALUES ('last_batch_at', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
    .run(new Date().toISOString());
  rebuilt.close();
  const previous = publishReadDb(dataDir, next);
  if (previous) removeReadDb(previous);
  process.stdout.write(`SWAP ${swaps} ${Math.round(performance.now() - started)}\n`);
  // Let the event loop run, so a kill between two rebuilds is taken at once.
  await new Promise((resolve) => setImmediate(resolve));
}
