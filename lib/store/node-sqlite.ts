/**
 * Node's built-in SQLite (node:sqlite) as the database Kysely's SQLite
 * dialect drives, so the embedded engine needs no native package: Kysely
 * hands parameters as one array and may bind booleans, which node:sqlite
 * takes spread and as numbers.
 */
import {DatabaseSync, type StatementSync} from 'node:sqlite';
import type {SqliteDatabase, SqliteStatement} from 'kysely';

type SqliteValue = null | number | bigint | string | NodeJS.ArrayBufferView;

const bindable = (parameters: readonly unknown[]): SqliteValue[] =>
  parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value === undefined ? null : (value as SqliteValue)));

/** Statements kept prepared: the store's queries are a few fixed texts, each prepared once. */
const PREPARED_STATEMENTS = 64;

/** Opens (or creates) the file, waiting on another process's write lock rather than failing at once. */
export function openNodeSqlite(file: string): SqliteDatabase {
  const database = new DatabaseSync(file, {timeout: 5000});
  // Readers do not block the writer; a write is durable once its transaction commits.
  database.exec('pragma journal_mode = wal; pragma synchronous = normal; pragma foreign_keys = on');
  const prepared = new Map<string, StatementSync>();
  return {
    close: () => database.close(),
    prepare(sql): SqliteStatement {
      let statement = prepared.get(sql);
      if (!statement) {
        if (prepared.size === PREPARED_STATEMENTS) prepared.clear();
        statement = database.prepare(sql);
        prepared.set(sql, statement);
      }
      const reader = statement.columns().length > 0;
      return {
        reader,
        all: (parameters) => statement.all(...bindable(parameters)),
        run: (parameters) => statement.run(...bindable(parameters)),
        iterate: (parameters) => statement.iterate(...bindable(parameters)),
      };
    },
  };
}
