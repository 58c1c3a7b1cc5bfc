import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) of a process in seconds, or null without /proc (or once it exited). */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MiB: all of it, and its anonymous part (heap, stacks), or null. */
export function residentMemory(pid: number | undefined): { rss: number; anon: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kib('VmRSS') / 1024, anon: kib('RssAnon') / 1024 };
  } catch {
    return null;
  }
}

/** How many read.db generation files (`read-….db`) a process holds open, or null without /proc. */
export function openGenerations(pid: number | undefined): number | null {
  try {
    const names = new Set<string>();
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const match = /\/(read-[^/]+\.db)(?: \(deleted\))?$/.exec(target);
        if (match) names.add(match[1]);
      } catch {
        // The descriptor closed between the listing and the read.
      }
    }
    return names.size;
  } catch {
    return null;
  }
}

const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * A command line pinned to one core with taskset, so the server and the load generator never
 * share a core; as given when taskset is missing or the machine has a single core.
 */
export function pinned(core: number, command: string, args: string[]): [string, string[]] {
  if (!hasTaskset || availableParallelism() < 2) return [command, args];
  return ['taskset', ['-c', String(core), command, ...args]];
}

export const pinning = () => (hasTaskset && availableParallelism() >= 2 ? 'server on core 0, load generator on core 1 (taskset)' : 'unpinned');

/** Server on this core; the load generator (and the churn publisher) on the other. */
export const SERVER_CORE = 0;
export const GENERATOR_CORE = 1;
