/** Operational state that is not derived from events, kept out of read.db so a rebuild never loses it. */

export interface ApiKeysTable {
  id: string;
  name: string;
  /** Non-secret lookup prefix (the first 12 characters of the key). */
  prefix: string;
  /** sha256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  last4: string;
  created_at: string;
  revoked_at: string | null;
  /** Latest authenticated request, written in batches by the API processes (never per request). */
  last_used_at: string | null;
}

/** Where each ingest source left off (e.g. the last daily index date processed). */
export interface IngestCursorsTable {
  name: string;
  value: string;
  updated_at: string;
}

/** Generated settings that must survive restarts, such as the cursor-signing secret. */
export interface SettingsTable {
  key: string;
  value: string;
}

/** A webhook endpoint (`ipo webhooks add`): where deal events are POSTed, and how far it has been served. */
export interface WebhookEndpointsTable {
  /** `whk_` and 16 hex digits. */
  id: string;
  url: string;
  /** JSON array of the deal event types it wants; null = every type. */
  event_types: string | null;
  /** HMAC-SHA256 key of its signatures (`whsec_…`), shown once when added. */
  secret: string;
  /** The last change-log id it acknowledged with a 2xx, or passed over by its filter: deliveries resume after it. */
  cursor: number;
  /** Failed attempts at the event after the cursor, since its last 2xx. */
  failures: number;
  /** When the event after the cursor may be tried again (after a failure), ISO-8601; null = now. */
  next_attempt_at: string | null;
  created_at: string;
  /** Set by `ipo webhooks remove`: nothing more is sent; its deliveries stay on record. */
  removed_at: string | null;
}

/** One delivery attempt: which event, how it went. */
export interface WebhookDeliveriesTable {
  id: number;
  endpoint_id: string;
  event_id: number;
  /** 1 for the first attempt at this event for this endpoint, counting up while it fails. */
  attempt: number;
  attempted_at: string;
  /** `delivered` (a 2xx) or `failed` (another status, a timeout, a refused connection). */
  outcome: 'delivered' | 'failed';
  http_status: number | null;
  error: string | null;
  ms: number;
}

export interface OpsDatabase {
  api_keys: ApiKeysTable;
  ingest_cursors: IngestCursorsTable;
  settings: SettingsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
