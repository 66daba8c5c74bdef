/** Debian's nginx with the portal's configuration, in a temporary prefix: the browser tests and benchmarks serve the build exactly as production does. */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {portalConfig, type PortalConfig} from '../../portal.config';
import {buildDir} from '../paths';
import {servicePort as defaultServicePort} from '../mcp/service-settings';
import {ensurePortFree, waitForPort, type RunningServer} from '../serve/running-server';
import {renderNginxSite} from './nginx-config';
import type {HostedSearch} from '../../src/shared/search/hosted-search';
import {inlineScriptHashes} from './inline-scripts';
import type {PolicyInputs} from './security-headers';

export const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** What the CSP needs from the deployer's configuration and the build. */
export function sitePolicyInputs(config: PortalConfig, root: string, search: HostedSearch | undefined = config.search): PolicyInputs {
  return {apiUrl: config.apiUrl, sandboxUrl: config.sandboxUrl, inlineScriptHashes: inlineScriptHashes(root), search};
}

export interface NginxServerOptions {
  port: number;
  root?: string;
  search?: HostedSearch;
  servicePort?: number;
}

/** Everything in the prefix, nothing in /etc or /var but mime.types. */
function mainConfig(prefix: string): string {
  return `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include ${prefix}/portal.conf;
}
`;
}

export interface RunningNginx extends RunningServer {
  errorLog(): string;
}

export async function startNginx({port, root = buildDir, search, servicePort = defaultServicePort()}: NginxServerOptions): Promise<RunningNginx> {
  if (!fs.existsSync(nginxBinary)) throw new Error(`No nginx at ${nginxBinary}: apt-get install nginx, or set NGINX_PATH.`);
  if (!fs.existsSync(path.join(root, 'index.html'))) throw new Error(`No build in ${root}: run \`npm run build\`.`);
  await ensurePortFree(port, 'nginx');
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
  const site = renderNginxSite({
    root,
    listen: `127.0.0.1:${port}`,
    serverName: 'localhost',
    serviceAddress: `127.0.0.1:${servicePort}`,
    ...sitePolicyInputs(portalConfig, root, search),
  });
  fs.writeFileSync(path.join(prefix, 'portal.conf'), site);
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), mainConfig(prefix));
  const nginx = spawn(nginxBinary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], {stdio: 'ignore'});
  const errorLog = () => (fs.existsSync(path.join(prefix, 'error.log')) ? fs.readFileSync(path.join(prefix, 'error.log'), 'utf8') : '');
  const exited = new Promise<string>((resolve) => nginx.once('exit', () => resolve(errorLog())));
  const close = async () => {
    if (nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await exited;
    }
    fs.rmSync(prefix, {recursive: true, force: true});
  };
  try {
    await waitForPort(port, {name: 'nginx', exited, timeoutMs: 10_000});
  } catch (error) {
    await close();
    throw error;
  }
  return {url: `http://127.0.0.1:${port}`, close, errorLog};
}
