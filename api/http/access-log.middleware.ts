import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { KeyedState } from '../auth/guard.middleware.ts';

/** One line per request. Deliberately has no headers field: the Authorization header is never logged. */
export interface AccessLogEntry {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  apiKeyId: string | null;
}

export type AccessLogger = (entry: AccessLogEntry) => void;

const REQUEST_ID = /^[\w.-]{1,64}$/;

export function accessLog(log: AccessLogger | undefined, now: () => number) {
  return async function requestId(ctx: Context, next: Next): Promise<void> {
    const incoming = ctx.get('X-Request-Id');
    const id = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    const started = log ? now() : 0;
    try {
      await next();
    } finally {
      log?.({
        requestId: id,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: now() - started,
        apiKeyId: (ctx.state as KeyedState).apiKeyId ?? null,
      });
    }
  };
}
