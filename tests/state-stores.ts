/**
 * The two engines of the service's state store, for tests that must hold on
 * both: a fresh SQLite file, or a fresh database on one throwaway PostgreSQL
 * server started for the test file (lib/store/postgres-server.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll} from 'vitest';
import type {StateStoreLocation, StoreEngine} from '../lib/store/state-store';
import {startPostgresServer, type PostgresServer} from '../lib/store/postgres-server';

export const ENGINES: readonly StoreEngine[] = ['sqlite', 'postgres'];

/** Registers the file's PostgreSQL server and scratch folder; gives a new, empty store location on each call. */
export function freshStores(): (engine: StoreEngine) => Promise<StateStoreLocation> {
  let postgres: PostgresServer | undefined;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-state-'));
  let created = 0;
  beforeAll(async () => {
    postgres = await startPostgresServer();
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
    fs.rmSync(scratch, {recursive: true, force: true});
  });
  return async (engine) => {
    created += 1;
    if (engine === 'postgres') return {databaseUrl: await postgres!.createDatabase(`state_${created}`), file: ''};
    return {file: path.join(scratch, `state-${created}.sqlite`)};
  };
}
