import { MultiBar } from 'cli-progress';
import type { LogStream } from './log.ts';

/**
 * Progress of a long command (ingest, import, project, backfill, start): done/total, rate and
 * ETA. On a terminal a bar is drawn (cli-progress), several at once when one job runs inside
 * another (a projection inside an ingest run); anywhere else (a log file, CI) a plain line is
 * written at most every `intervalMs`, and a final line when it stops.
 */

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** Per second when at least one a second, else per minute. */
function formatRate(perMs: number, unit: string): string {
  return perMs * 1000 >= 1 ? `${(perMs * 1000).toFixed(1)} ${unit}/s` : `${(perMs * 60_000).toFixed(1)} ${unit}/min`;
}

export interface ProgressState {
  done: number;
  total: number;
  elapsedMs: number;
  unit: string;
  /** More work may still be found (follow-up jobs): the total and the ETA are lower bounds, marked `+`. */
  growing?: boolean;
  finished?: boolean;
}

/**
 * `3/5 days (60%), 2.0 days/min, ETA 1m00s`; `12/40+ jobs (30%), …, ETA 14s+` while the total may
 * grow; `40/40 jobs (100%) in 20s, 2.0 jobs/s` once finished.
 */
export function describeProgress(s: ProgressState): string {
  const total = Math.max(s.total, s.done);
  const open = s.growing && !s.finished ? '+' : '';
  const pct = total === 0 ? 100 : Math.floor((s.done / total) * 100);
  const head = `${s.done}/${total}${open} ${s.unit} (${pct}%)`;
  const perMs = s.elapsedMs > 0 ? s.done / s.elapsedMs : 0;
  if (s.finished) return `${head} in ${formatDuration(s.elapsedMs)}${perMs > 0 ? `, ${formatRate(perMs, s.unit)}` : ''}`;
  if (s.done === 0 || perMs === 0) return head;
  return `${head}, ${formatRate(perMs, s.unit)}, ETA ${formatDuration((total - s.done) / perMs)}${open}`;
}

export interface ProgressOptions {
  /** What runs, first on the line: `ingest`, `backfill`, `project`. */
  label: string;
  unit: string;
  total: number;
  growing?: boolean;
  /** Away from a terminal: the least time between two lines (PROGRESS_INTERVAL_SECONDS); 0 = a line per update. */
  intervalMs: number;
  /** When the work began, if before this progress (rates count from it); default now. */
  startedAt?: number;
  now?: () => number;
}

export interface Progress {
  /** `note` follows the figures, e.g. `120 events, 0 failed`. */
  update(done: number, more?: { total?: number; note?: string }): void;
  /** The final line (or the bar's last state, left on screen). */
  stop(more?: { total?: number; note?: string }): void;
}

interface Board {
  multibar: MultiBar;
  running: number;
}

// One multi-bar per terminal stream, shared by the progresses running at once on it.
const boards = new WeakMap<LogStream, Board>();

const BAR_WIDTH = 20;

export function startProgress(stream: LogStream, options: ProgressOptions): Progress {
  const now = options.now ?? Date.now;
  const started = options.startedAt ?? now();
  const state = { done: 0, total: options.total, note: '', finished: false, stoppedAt: 0 };
  const describe = () => {
    const elapsedMs = (state.finished ? state.stoppedAt : now()) - started;
    const figures = describeProgress({ ...state, elapsedMs, unit: options.unit, growing: options.growing });
    return `${figures}${state.note ? `; ${state.note}` : ''}`;
  };
  const apply = (done: number | null, more: { total?: number; note?: string }) => {
    if (done !== null) state.done = done;
    if (more.total !== undefined) state.total = more.total;
    if (more.note !== undefined) state.note = more.note;
  };
  const finish = (more: { total?: number; note?: string }) => {
    apply(null, more);
    state.finished = true;
    state.stoppedAt = now();
  };

  if (!stream.isTTY) {
    // The first step is reported at once, so a log shows the run began; then at most every interval.
    let last = -Infinity;
    const line = () => stream.write(`${options.label}: ${describe()}\n`);
    return {
      update(done, more = {}) {
        if (state.finished) return;
        apply(done, more);
        if (now() - last < options.intervalMs) return;
        last = now();
        line();
      },
      stop(more = {}) {
        if (state.finished) return;
        finish(more);
        line();
      },
    };
  }

  let board = boards.get(stream);
  if (!board) {
    board = {
      multibar: new MultiBar({ stream: stream as NodeJS.WritableStream, hideCursor: false, gracefulExit: false, clearOnComplete: false, autopadding: false }),
      running: 0,
    };
    boards.set(stream, board);
  }
  const theBoard = board;
  theBoard.running++;
  const format = () => {
    const total = Math.max(state.total, state.done);
    const filled = total === 0 ? BAR_WIDTH : Math.round((state.done / total) * BAR_WIDTH);
    return `${options.label} ${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)} ${describe()}`;
  };
  const bar = theBoard.multibar.create(Math.max(1, options.total), 0, {}, { format });
  const redraw = () => bar.update(state.done);
  return {
    update(done, more = {}) {
      if (state.finished) return;
      apply(done, more);
      redraw();
    },
    stop(more = {}) {
      if (state.finished) return;
      finish(more);
      redraw();
      bar.stop();
      if (--theBoard.running > 0) return;
      boards.delete(stream);
      // Writes what was logged while the bars were up, then leaves the final bars on screen.
      theBoard.multibar.update();
      theBoard.multibar.stop();
    },
  };
}

/**
 * A stream for log lines that may be written while a bar is drawn on `stream`: on a terminal with
 * bars up they go above the bars instead of through them; otherwise straight to `stream`.
 */
export function linesAbove(stream: LogStream): LogStream {
  return {
    isTTY: stream.isTTY,
    write(line: string) {
      const board = boards.get(stream);
      if (board) board.multibar.log(line);
      else stream.write(line);
      return true;
    },
  };
}
