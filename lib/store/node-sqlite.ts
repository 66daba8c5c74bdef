/**
 * Node's built-in SQLite (node:sqlite) as the database Kysely's SQLite
 * dialect drives, so the embedded engine needs no native package: Kysely
 * hands parameters as one array and may bind booleans, which node:sqlite
 * takes spread and as numbers.
 */
import {DatabaseSync} from 'node:sqlite';
import type {SqliteDatabase, SqliteStatement} from 'kysely';

type SqliteValue = null | number | bigint | string | NodeJS.ArrayBufferView;

const bindable = (parameters: readonly unknown[]): SqliteValue[] =>
  parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value === undefined ? null : (value as SqliteValue)));

/** Opens (or creates) the file, waiting on another process's write lock rather than failing at once. */
export function openNodeSqlite(file: string): SqliteDatabase {
  const database = new DatabaseSync(file, {timeout: 5000});
  // Readers do not block the writer; a write is durable once its transaction commits.
  database.exec('pragma journal_mode = wal; pragma synchronous = normal; pragma foreign_keys = on');
  return {
    close: () => database.close(),
    prepare(sql): SqliteStatement {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bindable(parameters)),
        run: (parameters) => statement.run(...bindable(parameters)),
        iterate: (parameters) => statement.iterate(...bindable(parameters)),
      };
    },
  };
}
