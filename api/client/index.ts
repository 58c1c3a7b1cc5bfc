/**
 * The typed TypeScript client of the IPO research API (`import { createIpoClient } from 'ipo-research/client'`).
 * It imports nothing of the server: only the types generated from the OpenAPI document it publishes.
 */
export { createIpoClient, type CsvOptions, type IpoClient, type IpoClientOptions, type RequestOptions } from './client.ts';
export { ApiError, UNEXPECTED_RESPONSE, type ApiErrorCode, type ApiErrorEnvelope } from './api-error.ts';
export type { EventStreamOptions } from './event-stream.ts';
export { retryAfterMs, type RetryOptions } from './retry.ts';
export { SseParser, type SseMessage } from './sse-parser.ts';
export type * from './paths.ts';
export type { components, operations, paths } from './openapi.generated.ts';
