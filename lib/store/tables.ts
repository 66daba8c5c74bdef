/**
 * The tables of the service's state store, as the typed queries see them.
 * Every column has the same meaning on SQLite and PostgreSQL; a new table
 * comes with its migration (./migrations.ts) and its interface here.
 */
import type {Generated} from 'kysely';

export interface FeedbackTable {
  id: Generated<number>;
  /** When it was received, ISO 8601 in UTC: sorts as it reads, on both engines. */
  received_at: string;
  /** `page` (a page's control) or `mcp` (an assistant's send_feedback). */
  source: string;
  /** The page's path on this site. */
  page: string;
  /** 1 helpful, 0 not, null not said. */
  helpful: number | null;
  comment: string | null;
}

/** Files of an earlier store imported into this one, by content hash, so an import runs once. */
export interface StoreImportTable {
  sha256: string;
  imported_at: string;
  rows: number;
  skipped: number;
}

/** A sandbox account: the state one API key value gets on first use (lib/sandbox/). */
export interface SandboxAccountTable {
  /** SHA-256 of the key value, hex. */
  account: string;
  created_at: string;
  /** Idle accounts are deleted after the configured hours. */
  last_used_at: string;
}

/** One object of a sandbox account (a target, a scan, a finding...), its API representation as JSON. */
export interface SandboxObjectTable {
  account: string;
  /** The kind of object, such as `targets` or `scans`. */
  kind: string;
  id: string;
  /** The id of the object it belongs to (a scan's target), or null. */
  parent: string | null;
  /** Creation order, for lists. */
  position: number;
  body: string;
}

/** A key issued by the sandbox's API (an API user's, created or rotated), by its SHA-256. */
export interface SandboxKeyTable {
  key: string;
  account: string;
  api_user_id: string;
  /** 1 once a rotation replaced it: refused, and never a new account. */
  revoked: Generated<number>;
}

/** An event announced to a sandbox account's webhooks, once (lib/sandbox/webhook-dispatch.ts). */
export interface SandboxWebhookEventTable {
  account: string;
  /** The event and its subject, such as `scan_completed:<scan id>`. */
  key: string;
  occurred_at: string;
}

/** A delivery attempt of a sandbox webhook waiting for its time. */
export interface SandboxWebhookAttemptTable {
  /** The attempt's id, which the deliveries list shows once it is sent. */
  id: string;
  account: string;
  webhook_id: string;
  /** 1 for the first attempt, up to 6. */
  attempt: number;
  /** When it is due, ms since the epoch. */
  due_ms: number;
  /** The body POSTed, the same on every attempt. */
  payload: string;
  /** 1 when a failure is tried again on the retry schedule, 0 for a redelivery, sent once. */
  retried: number;
}

/** The requests counted in the current window of the sandbox's rate limit, of a key or an account (lib/sandbox/rate-limit.ts). */
export interface SandboxRateWindowTable {
  /** `key:` and the key's SHA-256, or `account:` and the account. */
  name: string;
  /** When the window began, ms since the epoch: at the first request after the previous window ended. */
  window_start_ms: number;
  used: number;
}

export interface StateTables {
  feedback: FeedbackTable;
  store_import: StoreImportTable;
  sandbox_account: SandboxAccountTable;
  sandbox_object: SandboxObjectTable;
  sandbox_key: SandboxKeyTable;
  sandbox_webhook_event: SandboxWebhookEventTable;
  sandbox_webhook_attempt: SandboxWebhookAttemptTable;
  sandbox_rate_window: SandboxRateWindowTable;
}
