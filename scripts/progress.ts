/**
 * Progress of a long command: done/total, rate and ETA. On a terminal one line is rewritten in
 * place; anywhere else (a log file, CI) a plain line is written at most every `intervalMs`.
 */

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** `3/5 days (60%), 2.0 days/min, ETA 1m00s`; rate and ETA once something is done. */
export function describeProgress(done: number, total: number, elapsedMs: number, unit: string): string {
  const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
  const head = `${done}/${total} ${unit} (${pct}%)`;
  if (done === 0 || elapsedMs <= 0) return head;
  const perMs = done / elapsedMs;
  return `${head}, ${(perMs * 60_000).toFixed(1)} ${unit}/min, ETA ${formatDuration((total - done) / perMs)}`;
}

export interface ProgressReporter {
  show(line: string): void;
  /** Ends the in-place line on a terminal so what follows starts on its own line. */
  end(): void;
}

export function progressReporter(stream: NodeJS.WritableStream, options: { intervalMs?: number; now?: () => number } = {}): ProgressReporter {
  const tty = Boolean((stream as NodeJS.WriteStream).isTTY);
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? (tty ? 200 : 10_000);
  let last = -Infinity;
  let shown = false;
  return {
    show(line) {
      if (now() - last < interval) return;
      last = now();
      shown = true;
      stream.write(tty ? `\r\x1b[K${line}` : `${line}\n`);
    },
    end() {
      if (tty && shown) stream.write('\n');
      shown = false;
    },
  };
}
