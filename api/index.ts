/** Public surface of the API stage for scripts/ (composition roots) and tests. */
export { createApp, type ApiApp, type AppDeps } from './app.ts';
export { createApiServer, HTTP_LIMITS, type HttpLimits } from './http/server.ts';
export { createReadDbSource, type ReadDbSource, type ReadDbSourceOptions, type ReadConnection } from './db/read-db-source.ts';
export {
  createApiKeyStore,
  generateApiKey,
  KEY_PREFIX,
  type ApiKeyInfo,
  type ApiKeyStore,
  type ApiKeyVerifier,
  type CreatedApiKey,
} from './auth/api-keys.ts';
export {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
  type RateLimitDecision,
} from './rate-limit/rate-limiter.ts';
export { buildOpenApiDocument, type OpenApiOptions } from './openapi/openapi.document.ts';
export { ApiError, type ApiErrorCode } from './errors/api-error.ts';
export type { AccessLogEntry, AccessLogger, ErrorReporter } from './http/edge.middleware.ts';
export { endpointEventFilter, startWebhookSender, type WebhookSender, type WebhookSenderOptions } from './webhooks/webhook-sender.ts';
export { createWebhookStore, type WebhookEndpoint, type WebhookStore } from './webhooks/webhook-endpoints.store.ts';
export { CREDENTIALS_NOT_SENT, hasUrlCredentials, RECEIVER_AUTHENTICATION, shownEndpointText } from './webhooks/endpoint-url.ts';
export { signatureHeader, verifySignature, SIGNATURE_HEADER, type SignatureCheck } from './webhooks/signature.ts';
export { createEventQueries } from './events/events.query.ts';
export { createShapeCompiler } from './db/compiled-query.ts';
