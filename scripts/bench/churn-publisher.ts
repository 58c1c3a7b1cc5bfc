/**
 * The projector's side of the churn benchmark, in a process of its own: rebuilds the live read.db
 * generation into a new file (VACUUM INTO writes every table and index afresh), stamps it with its
 * own last batch time (so it names a new generation, as a rebuild does), publishes it with the
 * projector's atomic link swap and deletes the previous one; again every `everyMs` (or at once when
 * a rebuild takes longer), until killed. Prints `SWAP <n> <ms>` after each swap, with the rebuild's
 * duration.
 */
import Database from 'better-sqlite3';
import { liveReadDbPath, newReadDbPath, publishReadDb, removeReadDb } from '../../schema/read/location.ts';
import { openSqlite } from '../../schema/sqlite.ts';

const dataDir = process.argv[2];
const everyMs = Number(process.argv[3]);
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
  const took = performance.now() - started;
  process.stdout.write(`SWAP ${swaps} ${Math.round(took)}\n`);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - took)));
}
