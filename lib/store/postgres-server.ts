/**
 * A throwaway PostgreSQL server for the tests and benchmarks: Debian's
 * server binaries, a cluster in a temporary folder, listening on 127.0.0.1
 * and a socket in that folder only, stopped and deleted after use. Never the
 * machine's own service. initdb refuses to run as root, so as root the
 * server runs as the `postgres` user the package creates.
 */
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import pg from 'pg';
import {freePort} from '../serve/free-port';

const run = promisify(execFile);

/** The newest installed server's binaries (/usr/lib/postgresql/<version>/bin), or none. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

export interface PostgresServer {
  /** A URL for a new, empty database of that name on this server. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startPostgresServer(port?: number): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL's server is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install postgresql");
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-postgres-'));
  const dataDir = path.join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const {stdout} = await run('id', ['-u', 'postgres']);
    const {stdout: group} = await run('id', ['-g', 'postgres']);
    fs.chownSync(folder, Number(stdout), Number(group));
  }
  const asServer = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]) : run(path.join(bin, command), args);
  const listenPort = port ?? (await freePort());
  try {
    await asServer('initdb', ['-D', dataDir, '-U', 'portal', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    // Throwaway data: no fsync, as PostgreSQL's own test suites run it.
    const options = `-p ${listenPort} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
    await asServer('pg_ctl', ['-D', dataDir, '-l', path.join(folder, 'server.log'), '-o', options, '-w', 'start']);
  } catch (error) {
    const log = path.join(folder, 'server.log');
    const detail = fs.existsSync(log) ? `\n${fs.readFileSync(log, 'utf8')}` : '';
    fs.rmSync(folder, {recursive: true, force: true});
    throw new Error(`PostgreSQL did not start on 127.0.0.1:${listenPort}: ${(error as Error).message}${detail}`);
  }
  const url = (database: string) => `postgres://portal@127.0.0.1:${listenPort}/${database}`;
  return {
    async createDatabase(name) {
      const client = new pg.Client({connectionString: url('postgres')});
      await client.connect();
      try {
        await client.query(`create database ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop() {
      await asServer('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      fs.rmSync(folder, {recursive: true, force: true});
    },
  };
}
