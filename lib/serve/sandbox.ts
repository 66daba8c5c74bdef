/**
 * The sandbox on 127.0.0.1: a server that behaves like the API, one account
 * per API key, over Prism for validation and for the operations without
 * behaviour (lib/sandbox/). `npm run sandbox` and `npm start` run it (port
 * from SANDBOX_PORT, default 4010), tests too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {portalConfig} from '../../portal.config';
import {startSandboxServer} from '../sandbox/server';
import type {ClientAddressSource} from '../sandbox/client-address';
import type {WebhookDeliveries} from '../sandbox/webhooks';
import type {StateStoreLocation} from '../store/state-store';
import type {RunningServer} from './running-server';

export {prismMockArguments} from '../sandbox/prism';

/** Port of the local sandbox: SANDBOX_PORT, or 4010 (the port of the default PORTAL_SANDBOX_URL). */
export const sandboxPort = (): number => Number(process.env.SANDBOX_PORT ?? 4010);

export interface SandboxOptions {
  port?: number;
  quiet?: boolean;
  /** Where accounts are kept; by default a new SQLite file of this run, so every start begins empty. */
  store?: StateStoreLocation;
  /** How many times faster than real time scans run; PORTAL_SANDBOX_CLOCK_SPEED by default. */
  clockSpeed?: number;
  /** Hours after which an unused account is deleted; PORTAL_SANDBOX_IDLE_HOURS by default. */
  idleHours?: number;
  /** Where webhook deliveries may go; PORTAL_SANDBOX_WEBHOOKS by default. */
  webhooks?: WebhookDeliveries;
  /** Where a request's address is read; PORTAL_SANDBOX_CLIENT_ADDRESS by default. */
  clientAddress?: ClientAddressSource;
}

/** Starts the sandbox on the already built contract (`npm run contract`). */
export async function startSandbox({
  port = sandboxPort(),
  quiet = true,
  store,
  clockSpeed = portalConfig.sandbox.clockSpeed,
  idleHours = portalConfig.sandbox.idleHours,
  webhooks = portalConfig.sandbox.webhooks,
  clientAddress = portalConfig.sandbox.clientAddress,
}: SandboxOptions = {}): Promise<RunningServer> {
  if (store) return startSandboxServer({port, quiet, store, clockSpeed, idleHours, webhooks, clientAddress});
  // A store of this run alone, deleted with it.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sandbox-'));
  const removeFolder = () => fs.rmSync(folder, {recursive: true, force: true});
  const sandbox = await startSandboxServer({
    port,
    quiet,
    store: {file: path.join(folder, 'sandbox.sqlite')},
    clockSpeed,
    idleHours,
    webhooks,
    clientAddress,
  }).catch((error: unknown) => {
    removeFolder();
    throw error;
  });
  return {url: sandbox.url, close: () => sandbox.close().finally(removeFolder)};
}
