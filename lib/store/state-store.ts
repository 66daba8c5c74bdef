/**
 * The portal service's state: one database for every replica's feedback
 * now, and the sandbox's per-key state next. SQLite in a file by default
 * (Node's own, no set-up); PostgreSQL when the deployer gives a connection
 * URL, so replicas behind a load balancer share it. Opening migrates the
 * schema to its latest version (./migrations.ts), the same on both engines,
 * under Kysely's migration lock, so replicas starting together migrate once.
 */
import fs from 'node:fs';
import path from 'node:path';
import {Kysely, PostgresDialect, type Transaction, SqliteDialect, sql} from 'kysely';
import {Migrator} from 'kysely/migration';
import pg from 'pg';
import {openNodeSqlite} from './node-sqlite';
import {migrations} from './migrations';
import type {StateTables} from './tables';

export type StoreEngine = 'sqlite' | 'postgres';

export interface StateStoreLocation {
  /** A postgres:// URL: PostgreSQL. Empty or absent: SQLite in `file`. */
  databaseUrl?: string;
  /** The SQLite file. */
  file: string;
}

export interface StateStore {
  db: Kysely<StateTables>;
  engine: StoreEngine;
  /** Where it is, for logs: the file, or PostgreSQL's host and database, never its credentials. */
  description: string;
  /**
   * Runs `work` in one transaction that no other writer of the store, in
   * this process or another replica, runs beside: for a check and the write
   * it allows (a bound, an import) to hold together.
   */
  exclusive<T>(work: (trx: Transaction<StateTables>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL's 64-bit integers (ids, counts) as numbers: no row count of this store comes near 2^53. */
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** The key of the advisory lock `exclusive` takes on PostgreSQL; any constant no other program on the database uses. */
const WRITE_LOCK_KEY = 4190_0001;

function describe(location: StateStoreLocation): string {
  if (!location.databaseUrl) return location.file;
  const url = new URL(location.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

export async function openStateStore(location: StateStoreLocation): Promise<StateStore> {
  const engine: StoreEngine = location.databaseUrl ? 'postgres' : 'sqlite';
  let dialect;
  if (engine === 'postgres') {
    const pool = new pg.Pool({connectionString: location.databaseUrl, max: 10, types});
    // An idle connection the server closed (a restart, a failover) is dropped from the pool; the next query opens another.
    pool.on('error', (error) => console.warn(`The state store lost a connection to ${describe(location)}: ${error.message}`));
    dialect = new PostgresDialect({pool});
  } else {
    fs.mkdirSync(path.dirname(location.file), {recursive: true});
    dialect = new SqliteDialect({database: openNodeSqlite(location.file)});
  }
  const db = new Kysely<StateTables>({dialect});
  const migrator = new Migrator({db, provider: {getMigrations: async () => migrations}});
  const {error, results} = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`The state store (${describe(location)}) could not be migrated${failed ? ` at ${failed}` : ''}: ${String(error)}`);
  }
  return {
    db,
    engine,
    description: describe(location),
    // SQLite has one connection, which Kysely lends to one transaction at a time; PostgreSQL's replicas meet at a lock.
    exclusive: (work) =>
      db.transaction().execute(async (trx) => {
        if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`.execute(trx);
        return work(trx);
      }),
    close: () => db.destroy(),
  };
}
