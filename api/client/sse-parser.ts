/** One dispatched Server-Sent Events message. */
export interface SseMessage {
  /** The event type: the `event` field, else `message`. */
  event: string;
  data: string;
  /** The last event id as of this message (the `id` field, or an earlier one's). */
  lastEventId: string;
}

/**
 * The event-stream interpretation of the WHATWG HTML standard (§9.2.6), fed decoded text in chunks
 * of any size: lines end at CRLF, LF or CR (a CR at a chunk's end waits to see if LF follows), a
 * blank line dispatches, `:` lines are comments, and an unfinished message at the end is dropped.
 */
export class SseParser {
  /** The last event ID string: what a reconnect sends as Last-Event-ID. */
  lastEventId: string;
  /** The reconnection time the stream asked for (`retry`), null until it does. */
  retryMs: number | null = null;
  private line = '';
  private afterCr = false;
  private started = false;
  private data = '';
  private event = '';
  private idBuffer: string;

  /** `lastEventId`: the one a reconnection resumes from, kept until the stream names another. */
  constructor(lastEventId = '') {
    this.lastEventId = lastEventId;
    this.idBuffer = lastEventId;
  }

  /** Consumes `text` and returns the messages it completes. */
  push(text: string): SseMessage[] {
    const messages: SseMessage[] = [];
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // one leading BOM is skipped
    }
    for (const char of text) {
      if (this.afterCr) {
        this.afterCr = false;
        if (char === '\n') continue;
      }
      if (char === '\r' || char === '\n') {
        this.afterCr = char === '\r';
        this.endLine(messages);
      } else {
        this.line += char;
      }
    }
    return messages;
  }

  private endLine(messages: SseMessage[]): void {
    const line = this.line;
    this.line = '';
    if (line === '') return this.dispatch(messages);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data += `${value}\n`;
    else if (field === 'id' && !value.includes('\0')) this.idBuffer = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
  }

  private dispatch(messages: SseMessage[]): void {
    this.lastEventId = this.idBuffer;
    if (this.data === '') {
      this.event = '';
      return;
    }
    messages.push({ event: this.event || 'message', data: this.data.slice(0, -1), lastEventId: this.lastEventId });
    this.data = '';
    this.event = '';
  }
}
