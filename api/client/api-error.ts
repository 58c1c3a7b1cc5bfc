import type { components } from './openapi.generated.ts';

/** The body of every error answer (spec 2.1). */
export type ApiErrorEnvelope = components['schemas']['ApiError'];
/** The closed set of error codes the API answers with. */
export type ApiErrorCode = ApiErrorEnvelope['error']['code'];

/** A non-2xx answer that is not the API's envelope (a proxy's page, a cut connection's body). */
export const UNEXPECTED_RESPONSE = 'unexpected_response';

/** A failed request: the API's error envelope with the HTTP status it came with. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode | typeof UNEXPECTED_RESPONSE;
  /** For invalid_request: the offending parameters, `[{ parameter, message }]`. */
  readonly details: unknown;
  /** The envelope as served; null when the body was not one. */
  readonly envelope: ApiErrorEnvelope | null;
  /** The server's X-Request-Id, to quote when reporting a problem. */
  readonly requestId: string | null;

  constructor(status: number, envelope: ApiErrorEnvelope | null, requestId: string | null = null) {
    super(envelope?.error.message ?? `HTTP ${status} without the API's error envelope`);
    this.status = status;
    this.code = envelope?.error.code ?? UNEXPECTED_RESPONSE;
    this.details = envelope?.error.details ?? null;
    this.envelope = envelope;
    this.requestId = requestId;
  }

  /** From a response and its body, parsed (openapi-fetch parses JSON error bodies) or as text. */
  static of(response: Response, body: unknown): ApiError {
    const parsed = typeof body === 'string' ? parseJson(body) : body;
    return new ApiError(response.status, isEnvelope(parsed) ? parsed : null, response.headers.get('x-request-id'));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isEnvelope(body: unknown): body is ApiErrorEnvelope {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}
