import { connect } from 'node:net';

/** What a raw TCP client received before the server closed the connection, and how long that took. */
export interface RawExchange {
  text: string;
  closedAfterMs: number;
}

/**
 * Sends `chunks` over a raw connection (one every `everyMs`, so a client can trickle), and waits
 * for the server to close it. Stops sending once the server has answered or closed.
 */
export function rawExchange(baseUrl: string, chunks: string[], everyMs = 0, giveUpMs = 30_000): Promise<RawExchange> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let text = '';
    let next = 0;
    let timer: NodeJS.Timeout | undefined;
    const send = () => {
      if (next >= chunks.length || socket.destroyed || text !== '') return;
      socket.write(chunks[next++]);
      timer = setTimeout(send, everyMs);
    };
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${giveUpMs} ms; received ${JSON.stringify(text.slice(0, 200))}`));
    }, giveUpMs);
    socket.on('connect', send);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => {}); // a reset after the answer is a close too
    socket.on('close', () => {
      clearTimeout(timer);
      clearTimeout(giveUp);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
  });
}

/** Status, lower-cased headers and JSON body of a raw HTTP/1.1 answer. */
export function parseRaw(text: string): { status: number; headers: Record<string, string>; body: any } {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(rest.join('\r\n\r\n')) };
}
