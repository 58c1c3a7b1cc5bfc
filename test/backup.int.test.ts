import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../schema/databases.ts';
import { runIpo } from './cli-harness.ts';
import { appendWholeSample, dumpLiveReadDb, indexEntryEvents, tempDir } from './projector-sample-events.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

const dir = (name: string) => {
  const tmp = tempDir(name);
  cleanups.push(tmp.remove);
  return tmp.dir;
};

describe('ipo backup and ipo restore', () => {
  it('backs up online while the log grows, and a restored copy rebuilds a read.db equal to the original', async () => {
    const original = dir('backup-original');
    const events = await openEventLogDb(original);
    try {
      appendWholeSample(events.log);
      const key = await runIpo(original, 'keys', 'create', '--name', 'analyst');
      expect(key.code).toBe(0);
      expect((await runIpo(original, 'project', '--rebuild')).code).toBe(0);

      // The event log stays open for writing during the backup, as a worker's would.
      const target = join(dir('backup-target'), 'snapshot');
      const backup = await runIpo(original, 'backup', target);
      expect(backup.code, backup.err).toBe(0);
      const manifest = JSON.parse(readFileSync(join(target, 'backup.json'), 'utf8'));
      expect(manifest.files.map((f: { name: string; integrity: string }) => [f.name, f.integrity])).toEqual([['events.db', 'ok'], ['ops.db', 'ok']]);
      expect(manifest.events.lastSeq).toBe(events.log.lastSeq());
      expect(backup.out).toContain(`backup of ${manifest.events.count} events`);
      expect(existsSync(join(target, 'read.db'))).toBe(false);

      // Later events are not in the backup.
      events.log.appendMany(indexEntryEvents('form.20200318.idx.gz', '2026-03-01T00:00:00.000Z'));

      const restored = dir('backup-restored');
      const restore = await runIpo(restored, 'restore', target);
      expect(restore.code, restore.err).toBe(0);
      expect((await runIpo(restored, 'project', '--rebuild')).code).toBe(0);
      expect(dumpLiveReadDb(restored)).toBe(dumpLiveReadDb(original));
      // The API keys came along: the restored service knows the analyst's key.
      expect((await runIpo(restored, 'keys', 'list')).out).toContain('analyst');
    } finally {
      await events.close();
    }
  }, 60_000);

  it('refuses a non-empty target, a missing event log and a directory that is not a backup, in one line', async () => {
    const empty = dir('backup-empty');
    const nothing = await runIpo(empty, 'backup', join(empty, 'out'));
    expect(nothing.code).toBe(2);
    expect(nothing.err).toMatch(/^ipo backup: no event log at .+events\.db: nothing to back up/);
    const notEmpty = await runIpo(empty, 'backup', join(import.meta.dirname));
    expect(notEmpty.code).toBe(2);
    expect(notEmpty.err).toContain('is not empty');
    const notBackup = await runIpo(dir('restore-into'), 'restore', import.meta.dirname);
    expect(notBackup.code).toBe(2);
    expect(notBackup.err).toContain('not a backup made by `ipo backup`');
    for (const r of [nothing, notEmpty, notBackup]) expect(r.err).not.toContain('    at ');
  });
});
