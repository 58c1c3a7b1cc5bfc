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

export interface OpsDatabase {
  api_keys: ApiKeysTable;
  ingest_cursors: IngestCursorsTable;
  settings: SettingsTable;
}
