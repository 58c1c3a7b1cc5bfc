import type { WebhookEndpoint, WebhookStore } from '../../api/index.ts';
import { NotFoundError } from '../command.ts';

/**
 * The endpoint `id` names; refused in one line (exit 1) when there is none, or when it was removed
 * and `acting` says what could not be done to a removed one. A removed endpoint is still listed,
 * with its deliveries, so "no endpoint" would contradict `ipo webhooks list`.
 */
export function endpointNamed(store: WebhookStore, id: string, acting?: 'remove' | 'replay'): WebhookEndpoint {
  const endpoint = store.get(id);
  if (endpoint === null) throw new NotFoundError(`no endpoint "${id}"`);
  if (acting !== undefined && endpoint.removedAt !== null) {
    throw new NotFoundError(
      acting === 'remove' ? `endpoint "${id}" was already removed, at ${endpoint.removedAt}` : `endpoint "${id}" was removed at ${endpoint.removedAt}: nothing is sent to it`,
    );
  }
  return endpoint;
}
