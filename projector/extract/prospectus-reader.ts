/**
 * Turns prospectus HTML (or plain text) into a flat list of blocks: headings, paragraphs and tables.
 * EDGAR HTML is verbose (a word per <font>, absolutely positioned <div>s, `$` in its own cell), so
 * the reader works on a streaming pass over htmlparser2's tokenizer (html-stream.ts) with no DOM,
 * which keeps it fast enough to read every registration statement we ingest, and bounded by
 * READ_BUDGET (read-budget.ts) on any input.
 * The HTML reader is html-reader.ts, the plain-text one plain-text-reader.ts; both fill a BlockSink.
 */
import { binaryContent, READ_BUDGET, type ReadBudget, type ReadLimit } from './read-budget.ts';
import { unwrapSgml } from './sgml-unwrap.ts';
import { BlockSink, type Block } from './block-sink.ts';
import { cleanText, mergeCells } from './block-text.ts';
import { readHtml } from './html-reader.ts';
import { readPlainText } from './plain-text-reader.ts';

export { BlockSink, cleanText, mergeCells };
export type { Block };

export interface ProspectusDoc {
  /** Form type from the SGML wrapper, when there was one. */
  formType: string | null;
  blocks: Block[];
  /** The budgets that cut this read short (see read-budget.ts), each once; empty when the document was read whole. */
  limits: ReadLimit[];
  /** Why nothing of the document was read (binary content), else null; `blocks` is then empty. */
  unreadable: string | null;
  /** True for an EDGAR plain-text filing (read by plain-text-reader.ts), false for HTML. */
  plainText: boolean;
}

/**
 * Reads a document within `budget`: never more than its characters, depth and blocks, so a
 * hostile document (binary, truncated, nested 200k deep, 50 MB) reads in bounded time and memory;
 * `limits` says which budget cut in.
 */
export function readProspectus(input: string, opts: { formType?: string | null; budget?: ReadBudget } = {}): ProspectusDoc {
  const budget = opts.budget ?? READ_BUDGET;
  const limits = new Set<ReadLimit>();
  if (input.length > budget.maxInputChars) limits.add('maxInputChars');
  const unwrapped = unwrapSgml(limits.size > 0 ? input.slice(0, budget.maxInputChars) : input, opts.formType);
  const unreadable = binaryContent(unwrapped.body);
  const plainText = !unwrapped.isHtml;
  if (unreadable !== null) return { formType: unwrapped.formType, blocks: [], limits: [...limits], unreadable, plainText };
  const sink = new BlockSink(budget, limits);
  if (unwrapped.isHtml) readHtml(unwrapped.body, sink, budget, limits);
  else readPlainText(unwrapped.body, sink);
  return { formType: unwrapped.formType, blocks: sink.finish(), limits: [...limits], unreadable: null, plainText };
}
