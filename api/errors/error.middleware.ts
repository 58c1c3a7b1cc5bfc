import type { Context, Next } from 'koa';
import { ApiError } from './api-error.ts';

/** Gets the error and the request id only: never the request, so headers cannot end up in logs. */
export type ErrorReporter = (error: unknown, requestId: string) => void;

/**
 * The one place errors become responses. ApiErrors keep their code and message; anything else
 * is reported and answered with a bare internal_error, so messages and stacks never leak.
 */
export function errorMiddleware(report: ErrorReporter) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw ctx.matched && ctx.matched.length > 0
          ? new ApiError('method_not_allowed', 'Method not allowed', null, { Allow: 'GET, HEAD' })
          : ApiError.notFound(`No route for ${ctx.method} ${ctx.path}`);
      }
    } catch (caught) {
      const error = caught instanceof ApiError ? caught : internalError(caught, ctx, report);
      ctx.status = error.status;
      ctx.set('Cache-Control', 'no-store');
      for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
      ctx.type = 'application/json';
      ctx.body = error.toBody();
    }
  };
}

function internalError(caught: unknown, ctx: Context, report: ErrorReporter): ApiError {
  // Koa's body parser-free stack can still raise HttpErrors for malformed URLs and the like.
  const status = (caught as { status?: number; expose?: boolean })?.status;
  if (status === 400) return new ApiError('invalid_request', 'Malformed request', null);
  report(caught, String(ctx.state.requestId ?? ''));
  return new ApiError('internal_error', 'Internal server error', null);
}
