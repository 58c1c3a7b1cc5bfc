/**
 * Faults the replay server injects, so clients and workers are tested against a source that
 * refuses (403, 429), fails (5xx) or answers slowly, the way real sources do on a bad day.
 */
export interface ReplayFault {
  /** Host key (`www`, `data`...); every host when absent. */
  host?: string;
  /** Part of the path (query included) a request must contain; every path when absent. */
  path?: string;
  /** Status answered instead of the recording; absent = the recording itself (with `delayMs`, late). */
  status?: number;
  /** Retry-After header (seconds) sent with `status`. */
  retryAfterSeconds?: number;
  /** How long the answer is held back. */
  delayMs?: number;
  /** Fires on every Nth matching request: the Nth, the 2Nth... (default 1: each one). */
  every?: number;
  /** Fires at most this many times (default: no limit). */
  times?: number;
}

/** What the server does to one request. */
export interface InjectedFault {
  status: number | null;
  retryAfterSeconds: number | null;
  delayMs: number;
}

const FIELDS: Record<string, keyof ReplayFault> = {
  host: 'host',
  path: 'path',
  status: 'status',
  'retry-after': 'retryAfterSeconds',
  delay: 'delayMs',
  every: 'every',
  times: 'times',
};

/**
 * Reads one fault from its command-line form, `status=503,every=3,host=data,path=/submissions/`
 * (keys: host, path, status, retry-after, delay, every, times). Throws a one-line error.
 */
export function parseReplayFault(text: string): ReplayFault {
  const fault: Record<string, string | number> = {};
  for (const part of text.split(',').filter((p) => p.trim() !== '')) {
    const at = part.indexOf('=');
    const key = at < 0 ? part.trim() : part.slice(0, at).trim();
    const value = at < 0 ? '' : part.slice(at + 1).trim();
    const field = FIELDS[key];
    if (!field) throw new Error(`unknown fault key "${key}" in "${text}" (use ${Object.keys(FIELDS).join(', ')})`);
    if (field === 'host' || field === 'path') {
      if (value === '') throw new Error(`fault key "${key}" needs a value in "${text}"`);
      fault[field] = value;
      continue;
    }
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || value === '') throw new Error(`fault key "${key}" needs a whole number, got "${value}" in "${text}"`);
    fault[field] = n;
  }
  return checkedFault(fault as ReplayFault, text);
}

function checkedFault(fault: ReplayFault, text: string): ReplayFault {
  if (fault.status === undefined && fault.delayMs === undefined) throw new Error(`fault "${text}" needs a status or a delay`);
  if (fault.status !== undefined && (fault.status < 400 || fault.status > 599)) throw new Error(`fault status must be 400 to 599, got ${fault.status}`);
  if (fault.every !== undefined && fault.every < 1) throw new Error(`fault "every" must be at least 1 in "${text}"`);
  return fault;
}

/**
 * Decides, request by request, which fault fires. Each rule counts the requests it matches on its
 * own; the first rule that fires wins. Deterministic: the same request sequence gets the same faults.
 */
export function faultPlan(faults: readonly ReplayFault[]): (host: string, target: string) => InjectedFault | null {
  const rules = faults.map((fault) => ({ fault: checkedFault(fault, JSON.stringify(fault)), matched: 0, fired: 0 }));
  return (host, target) => {
    for (const rule of rules) {
      const { fault } = rule;
      if (fault.host !== undefined && fault.host !== host) continue;
      if (fault.path !== undefined && !target.includes(fault.path)) continue;
      rule.matched++;
      if (rule.matched % (fault.every ?? 1) !== 0) continue;
      if (fault.times !== undefined && rule.fired >= fault.times) continue;
      rule.fired++;
      return { status: fault.status ?? null, retryAfterSeconds: fault.retryAfterSeconds ?? null, delayMs: fault.delayMs ?? 0 };
    }
    return null;
  };
}
