/**
 * One replica of the sandbox in a process of its own, for the tests of what
 * replicas share: on SANDBOX_PORT, its accounts in the PostgreSQL database
 * of PORTAL_DATABASE_URL. Prints `ready` once it answers; stops on SIGTERM.
 */
import {startSandbox} from '../lib/serve/sandbox';

void startSandbox({port: Number(process.env.SANDBOX_PORT), store: {databaseUrl: process.env.PORTAL_DATABASE_URL, file: ''}}).then((sandbox) => {
  console.log('ready');
  process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
});
