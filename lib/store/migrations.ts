/**
 * The state store's schema, one migration per change, run in order by
 * Kysely's Migrator on both engines. Where the engines' types differ (an
 * auto-numbered key), the migration asks which engine it runs on; a released
 * migration is never edited, a change is a new one.
 */
import {type Kysely, PostgresAdapter} from 'kysely';
import type {Migration} from 'kysely/migration';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export const migrations: Record<string, Migration> = {
  '0001-feedback': {
    async up(db) {
      const table = db.schema.createTable('feedback');
      await (
        isPostgres(db)
          ? table.addColumn('id', 'bigserial', (column) => column.primaryKey())
          : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
      )
        .addColumn('received_at', 'text', (column) => column.notNull())
        .addColumn('source', 'text', (column) => column.notNull())
        .addColumn('page', 'text', (column) => column.notNull())
        .addColumn('helpful', 'integer')
        .addColumn('comment', 'text')
        .execute();
      // Retention deletes by age; the per-page bound counts by page.
      await db.schema.createIndex('feedback_received_at').on('feedback').column('received_at').execute();
      await db.schema.createIndex('feedback_page').on('feedback').column('page').execute();
      await db.schema
        .createTable('store_import')
        .addColumn('sha256', 'text', (column) => column.primaryKey())
        .addColumn('imported_at', 'text', (column) => column.notNull())
        .addColumn('rows', 'integer', (column) => column.notNull())
        .addColumn('skipped', 'integer', (column) => column.notNull())
        .execute();
    },
  },
  '0002-sandbox': {
    async up(db) {
      // One row per API key value seen; the key itself is never stored, only its SHA-256.
      await db.schema
        .createTable('sandbox_account')
        .addColumn('account', 'text', (column) => column.primaryKey())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('last_used_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('sandbox_account_last_used_at').on('sandbox_account').column('last_used_at').execute();
      // Ids are unique per account, not globally: every account is seeded with the contract's example ids.
      await db.schema
        .createTable('sandbox_object')
        .addColumn('account', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('id', 'text', (column) => column.notNull())
        .addColumn('parent', 'text')
        .addColumn('position', 'bigint', (column) => column.notNull())
        .addColumn('body', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('sandbox_object_key', ['account', 'kind', 'id'])
        .execute();
      await db.schema.createIndex('sandbox_object_kind').on('sandbox_object').columns(['account', 'kind', 'position']).execute();
      // Keys issued through the API: each authenticates as its API user in the account that created it.
      await db.schema
        .createTable('sandbox_key')
        .addColumn('key', 'text', (column) => column.primaryKey())
        .addColumn('account', 'text', (column) => column.notNull())
        .addColumn('api_user_id', 'text', (column) => column.notNull())
        // A rotated key is kept, refused: it must not become a fresh account of its own.
        .addColumn('revoked', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sandbox_key_account').on('sandbox_key').columns(['account', 'api_user_id']).execute();
    },
  },
  '0003-sandbox-webhooks': {
    async up(db) {
      // The events the sandbox has announced to an account's webhooks, by a key naming the event and its subject: each is announced once, whichever replica sees it first.
      await db.schema
        .createTable('sandbox_webhook_event')
        .addColumn('account', 'text', (column) => column.notNull())
        .addColumn('key', 'text', (column) => column.notNull())
        .addColumn('occurred_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('sandbox_webhook_event_key', ['account', 'key'])
        .execute();
      // Delivery attempts waiting for their time: the first of an event, a retry, a redelivery.
      await db.schema
        .createTable('sandbox_webhook_attempt')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('account', 'text', (column) => column.notNull())
        .addColumn('webhook_id', 'text', (column) => column.notNull())
        .addColumn('attempt', 'integer', (column) => column.notNull())
        .addColumn('due_ms', 'bigint', (column) => column.notNull())
        .addColumn('payload', 'text', (column) => column.notNull())
        // 0 for a redelivery, which is sent once.
        .addColumn('retried', 'integer', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('sandbox_webhook_attempt_due').on('sandbox_webhook_attempt').column('due_ms').execute();
      await db.schema.createIndex('sandbox_webhook_attempt_account').on('sandbox_webhook_attempt').column('account').execute();
    },
  },
  '0004-sandbox-rate-windows': {
    async up(db) {
      // The requests of a key or an account in its current window of the rate limit, counted by every replica alike.
      await db.schema
        .createTable('sandbox_rate_window')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('window_start_ms', 'bigint', (column) => column.notNull())
        .addColumn('used', 'integer', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('sandbox_rate_window_start').on('sandbox_rate_window').column('window_start_ms').execute();
    },
  },
};
