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
};
