/** Where the readers (html-reader.ts, plain-text-reader.ts) put the blocks they read, within the read budget. */
import { BlockChars } from './block-text.ts';
import type { ReadBudget, ReadLimit } from './read-budget.ts';

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; text: string; rows: string[][] };

const SENTENCE_END = /[.:;!?"”)]$/;

/**
 * The blocks read so far, within the budget's block count and block size. The last paragraph
 * stays open as parts while a page break may continue it, so rejoining costs the length of the
 * fragment, not of the paragraph.
 */
export class BlockSink {
  /** True once a block was refused for the block budget: the rest of the document is dropped unread. */
  done = false;
  private readonly blocks: Block[] = [];
  private openParts: string[] | null = null;
  private openLength = 0;
  private openEndsSentence = true;

  constructor(
    private readonly budget: ReadBudget,
    private readonly limits: Set<ReadLimit>,
  ) {}

  /** The character budget of one block being read (maxBlockChars), reporting to this read's limits. */
  blockChars(): BlockChars {
    return new BlockChars(this.budget.maxBlockChars, this.limits);
  }

  push(block: Block): void {
    this.seal();
    if (this.blocks.length >= this.budget.maxBlocks) {
      this.limits.add('maxBlocks');
      this.done = true;
      return;
    }
    this.blocks.push(block);
    if (block.kind === 'paragraph') {
      this.openParts = [block.text];
      this.openLength = block.text.length;
      this.openEndsSentence = SENTENCE_END.test(block.text);
    }
  }

  /** Appends `text` to the last block when that is a paragraph stopped mid-sentence; false when it is not. */
  continueParagraph(text: string): boolean {
    if (this.done || this.openParts === null || this.openEndsSentence) return false;
    if (this.openLength + 1 + text.length > this.budget.maxBlockChars) {
      this.limits.add('maxBlockChars');
      return false;
    }
    this.openParts.push(text);
    this.openLength += 1 + text.length;
    this.openEndsSentence = SENTENCE_END.test(text);
    return true;
  }

  finish(): Block[] {
    this.seal();
    return this.blocks;
  }

  private seal(): void {
    if (this.openParts === null) return;
    if (this.openParts.length > 1) this.blocks[this.blocks.length - 1].text = this.openParts.join(' ');
    this.openParts = null;
  }
}
