import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { MAX_HEADER_BYTES } from '../../schema/api/params.schema.ts';
import type { ApiApp } from '../app.ts';
import { ApiError, type ApiErrorCode } from '../errors/api-error.ts';
import { JSON_TYPE } from './send.ts';
import { raiseHeapTrimThreshold } from './heap-trim.ts';

/** How long and how much the server waits for a client (milliseconds, bytes). */
export interface HttpLimits {
  /** The whole request head (request line and headers) must arrive within this; else 408. */
  headersTimeoutMs: number;
  /** The whole request must arrive within this (GET has no body, so it is the head again, later). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often the two request timeouts are checked: the granularity of the cut-off. */
  timeoutCheckIntervalMs: number;
  /** Largest request head; a larger one is a 431. */
  maxHeaderBytes: number;
}

/**
 * Against slow and greedy clients: a client trickling its headers (slow loris) is cut off after
 * 10 s, whatever it sends meanwhile. Keep-alive outlasts the 60 s idle timeout of common load
 * balancers, so they never reuse a connection the server is closing.
 */
export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
  timeoutCheckIntervalMs: 1_000,
  maxHeaderBytes: MAX_HEADER_BYTES,
};

/** The node:http server of the API: the limits above, and ApiError bodies for what Koa never sees. */
export function createApiServer(app: ApiApp, limits: Partial<HttpLimits> = {}): Server {
  raiseHeapTrimThreshold();
  const l = { ...HTTP_LIMITS, ...limits };
  const server = createServer(
    {
      headersTimeout: l.headersTimeoutMs,
      requestTimeout: l.requestTimeoutMs,
      connectionsCheckingInterval: l.timeoutCheckIntervalMs,
      maxHeaderSize: l.maxHeaderBytes,
      // Node answers a missing Host with a bare 400; the edge middleware answers it with an ApiError.
      requireHostHeader: false,
    },
    app.callback(),
  );
  server.keepAliveTimeout = l.keepAliveTimeoutMs;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, l.maxHeaderBytes));
  return server;
}

/**
 * Requests node's parser refuses, or that time out, never reach Koa. Node's own answer is a bare
 * status line; this one carries the ApiError envelope and the headers every response has. The
 * request was never parsed, so its method is read from the bytes at hand: a HEAD gets no body.
 */
function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket, maxHeaderBytes: number): void {
  const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const apiError = clientErrorOf(error.code, maxHeaderBytes);
  const body = apiError.toBody();
  const head = error.rawPacket?.toString('latin1', 0, 5) === 'HEAD ';
  socket.end(
    `HTTP/1.1 ${apiError.status} ${REASONS[apiError.code as keyof typeof REASONS]}\r\n` +
      `Content-Type: ${JSON_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      (head ? '' : body),
  );
}

const REASONS = {
  invalid_request: 'Bad Request',
  request_timeout: 'Request Timeout',
  headers_too_large: 'Request Header Fields Too Large',
} satisfies Partial<Record<ApiErrorCode, string>>;

function clientErrorOf(code: string | undefined, maxHeaderBytes: number): ApiError {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError('request_timeout', 'The request did not arrive in time', null);
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError('headers_too_large', `The request line and headers exceed ${maxHeaderBytes} bytes`, null);
  }
  return new ApiError('invalid_request', 'Malformed HTTP request', null);
}
