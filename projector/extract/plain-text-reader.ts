/**
 * EDGAR's plain-text filings (most filings before 2001): paragraphs separated by blank lines,
 * centred headings, red-herring legends boxed in `+` signs, and tables marked with SGML tags —
 * `<TABLE>`, `<CAPTION>` (the column heads), `<S>` and `<C>` (where the columns start) — whose cells
 * are laid out with spaces and dot leaders. Tables become table blocks, so a plain-text cover's price
 * table and the underwriters' allocation table read as they do in HTML filings.
 */
import type { BlockSink } from './block-sink.ts';
import { cleanText, mergeCells, PAGE_FURNITURE } from './block-text.ts';

const TABLE_OPEN = /^\s*<TABLE\b[^>]*>/i;
const TABLE_CLOSE = /<\/TABLE>/i;
// Lines that end a paragraph: blank lines, page marks and horizontal rules.
const BREAK_LINE = /^\s*(?:<\/?(?:PAGE|PRE)>\s*)*$|^\s*[-=_*]{5,}\s*$|^\s*\+{5,}\s*$/i;
const CELL_TAGS = /<\/?(?:S|C|CAPTION|FN)>/gi;
const RULE_LINE = /^[\s\-=_]+$/;
// Cells sit apart by two or more spaces or by a dot leader ("Total........ 7,000,000"); amounts of a
// tight column sit apart by one space ("$77,639 $83,024", "(4.2) (23.4)").
const CHUNK = /\S+(?:(?<![\d)%]|--) \S+|(?<=[\d)%]|--) (?![$(\d]|--)\S+)*/g;
const LEADER = /\s*\.{2,}[.\s]*/g;

export function readPlainText(text: string, sink: BlockSink): void {
  const chars = sink.blockChars();
  let para: string[] = [];
  let table: string[] | null = null;
  const endParagraph = (): void => {
    if (para.length > 0) pushParagraph(sink, para);
    para = [];
    chars.reset();
  };
  let from = 0;
  while (!sink.done && from <= text.length) {
    const nl = text.indexOf('\n', from);
    const end = nl < 0 ? text.length : nl;
    // The line without its carriage return, cut off instead of replaced.
    const line = text.slice(from, end > from && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end);
    from = end + 1;
    if (table) {
      if (TABLE_CLOSE.test(line)) {
        pushTable(sink, table);
        table = null;
        chars.reset();
      } else {
        const kept = chars.fit(line);
        if (kept) table.push(kept);
      }
      continue;
    }
    if (TABLE_OPEN.test(line)) {
      endParagraph();
      table = [];
      continue;
    }
    if (BREAK_LINE.test(line)) {
      endParagraph();
      continue;
    }
    const kept = chars.fit(unboxed(line));
    if (kept) para.push(kept);
  }
  if (table && !sink.done) pushTable(sink, table);
  if (!sink.done) endParagraph();
}

/** A prose line without stray SGML tags, and a line of a legend boxed in `+` signs ("+The information … +") without its border. */
function unboxed(line: string): string {
  // Most lines have neither a tag nor a `+`: they are returned without a replace and a trim.
  const bare = line.includes('<') ? line.replace(/<\/?(?:PAGE|PRE|S|C|FN|CAPTION)>/gi, ' ') : line;
  if (!bare.includes('+')) return bare;
  const t = bare.trim();
  return t.startsWith('+') && t.endsWith('+') && t.length > 2 ? t.slice(1, -1) : bare;
}

function pushParagraph(sink: BlockSink, lines: string[]): void {
  // Lists set their bullets as a lone "." or "-" before the item.
  const t = cleanText(lines.join('\n')).replace(/^\.\s+(?=\S)/, '• ');
  if (!t || PAGE_FURNITURE.test(t)) return;
  // A page break splits a sentence into two paragraphs; rejoin when the second starts in lower case.
  if (/^[a-z]/.test(t) && sink.continueParagraph(t)) return;
  const centred = lines.length === 1 && /^\s{8,}\S/.test(lines[0]) && t.length <= 80 && !/[.,;:]$/.test(t);
  const capitals = t.length <= 80 && t === t.toUpperCase() && /[A-Z]/.test(t);
  sink.push(centred || capitals ? { kind: 'heading', text: t } : { kind: 'paragraph', text: t });
}

interface Cell {
  text: string;
  /** Columns the cell covers on its lines. */
  start: number;
  end: number;
}

interface Row {
  cells: Cell[];
  /** The label ended in a dot leader: it is complete, and the next line starts a new row. */
  leader: boolean;
}

/**
 * Rows of one `<TABLE>`. Each caption line (before the `<S>` line) is a header row of its own, as an
 * HTML table's header rows are: a period group ("Year Ended") above a row of years, or a head set
 * over two lines ("Number of" above "Underwriter  Shares").
 */
function pushTable(sink: BlockSink, lines: string[]): void {
  const bodyAt = lines.findIndex((l) => /<S>/i.test(l));
  const header = lines
    .slice(0, Math.max(0, bodyAt))
    .map(untagged)
    .filter((l) => !RULE_LINE.test(l))
    .map((l) => cellsOf(l).map((c) => c.text));
  const rows = [...header.filter((r) => r.length > 0), ...bodyRows(lines.slice(bodyAt + 1).map(untagged))];
  if (rows.length > 0) sink.push({ kind: 'table', rows, text: rows.map((r) => r.join(' ')).join('\n') });
}

/** The line with its SGML cell tags blanked, keeping every other character where it was. */
function untagged(line: string): string {
  return line.replace(CELL_TAGS, (m) => ' '.repeat(m.length));
}

// A leader right after an abbreviation took its period with it ("Salomon Smith Barney Inc.........").
const ABBREVIATION = /\b(?:Inc|Corp|Co|Ltd|Jr|Sr|No|L\.L\.C|L\.P|N\.A|S\.A|N\.V|[A-Z])$/;

function cellsOf(line: string): Cell[] {
  const cells: Cell[] = [];
  for (const chunk of line.matchAll(CHUNK)) {
    let at = 0;
    for (const leader of chunk[0].matchAll(LEADER)) {
      if (leader.index! > at) {
        const text = chunk[0].slice(at, leader.index);
        const start = chunk.index! + at;
        cells.push({ text: ABBREVIATION.test(text) && leader[0].startsWith('.') ? `${text}.` : text, start, end: start + text.length });
      }
      at = leader.index! + leader[0].length;
    }
    if (at < chunk[0].length) cells.push({ text: chunk[0].slice(at), start: chunk.index! + at, end: chunk.index! + chunk[0].length });
  }
  return cells;
}

/**
 * One row per line, except that a line continues the row above it (no blank line or rule between)
 * when it carries on the label ("Common stock outstanding after the" / " offering......") or only
 * the later columns (the wrapped text of a "Use of proceeds" cell).
 */
function bodyRows(lines: string[]): string[][] {
  const rows: Row[] = [];
  let prev: Row | null = null;
  for (const line of lines) {
    if (RULE_LINE.test(line) || line.trim() === '') {
      prev = null;
      continue;
    }
    const cells = cellsOf(line);
    const leader = /\S\s*\.{2,}/.test(line);
    if (prev && continues(prev, cells)) {
      for (const c of cells) joinCell(prev.cells, c);
      prev.leader ||= leader;
      continue;
    }
    prev = { cells, leader };
    rows.push(prev);
  }
  return rows.map((r) => mergeCells(r.cells.map((c) => c.text.trim()))).filter((r) => r.length > 0);
}

// A row wider than any real table's is not continued, so joining stays linear on any input.
const MAX_ROW_CELLS = 64;

function continues(prev: Row, cells: Cell[]): boolean {
  if (prev.cells.length >= MAX_ROW_CELLS) return false;
  const label = prev.cells[0];
  const first = cells[0];
  const carriesLabel = !prev.leader && !/:$/.test(label.text) && first.start > label.start && first.start - label.start <= 4;
  const carriesValues = prev.cells.length > 1 && first.start >= prev.cells[1].start - 2;
  return carriesLabel || carriesValues;
}

/** Adds a continuation line's cell to the cell it sits under, or as a new column when it sits under none. */
function joinCell(cells: Cell[], c: Cell): void {
  const under = [...cells].reverse().find((p) => c.start >= p.start - 2 && c.start <= p.end);
  if (under) {
    under.text += ` ${c.text}`;
    under.end = Math.max(under.end, c.end);
  } else if (c.start > cells[cells.length - 1].start) {
    cells.push(c);
  } else {
    ([...cells].reverse().find((p) => p.start <= c.start) ?? cells[0]).text += ` ${c.text}`;
  }
}
