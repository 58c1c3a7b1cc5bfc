import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../api/index.ts';

/** One POST the receiver took, with what its signature check said. */
export interface ReceivedDelivery {
  eventId: number;
  type: string;
  headerId: string | undefined;
  verified: boolean;
  reason: string | null;
}

/**
 * A webhook receiver as a client would write one: it verifies each delivery's signature over the raw
 * body with the endpoint's secret and answers 204, or the status `answer` gives (a failing receiver).
 * It can go down (its port refuses connections) and come back on the same port.
 */
export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** The events answered 2xx, in arrival order. */
  acknowledged(): number[];
  secret: string;
  answer: (eventId: number) => number;
  delayMs: number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let server: Server | null = null;
  let port = 0;
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    acknowledged: () => receiver.received.filter((r, i) => acknowledgedAt.has(i)).map((r) => r.eventId),
    secret: '',
    answer: () => 204,
    delayMs: 0,
    down: () => new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
      server = null;
    }),
    async up() {
      server = createServer((req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (body += chunk));
        req.on('end', () => {
          const event = JSON.parse(body) as { id: number; type: string };
          const check = verifySignature(req.headers['ipo-signature'] as string | undefined, body, receiver.secret, Math.floor(Date.now() / 1000));
          const index = receiver.received.push({ eventId: event.id, type: event.type, headerId: req.headers['ipo-event-id'] as string, verified: check.ok, reason: check.ok ? null : check.reason }) - 1;
          const status = check.ok ? receiver.answer(event.id) : 400;
          setTimeout(() => {
            if (status >= 200 && status < 300) acknowledgedAt.add(index);
            res.writeHead(status).end();
          }, receiver.delayMs);
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${port}/hooks/ipo`;
    },
    close: () => receiver.down(),
  };
  const acknowledgedAt = new Set<number>();
  await receiver.up();
  return receiver;
}
