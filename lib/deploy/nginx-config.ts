import fs from 'node:fs';
import path from 'node:path';
import {repoRoot} from '../paths';
import {FEEDBACK_PATH, MAX_BODY_BYTES, MCP_PATH, servicePort} from '../mcp/service-settings';
import {MARKDOWN_ACCEPT_PATTERN} from './markdown-negotiation';
import {securityHeaders, type PolicyInputs} from './security-headers';

export const nginxTemplatePath = path.join(repoRoot, 'deploy/nginx/portal.conf.template');

export interface NginxSiteOptions extends PolicyInputs {
  root: string;
  /** nginx `listen` value: "80", "127.0.0.1:4280", "443 ssl"… */
  listen: string;
  serverName: string;
  /** /mcp and /feedback are proxied there. */
  serviceAddress?: string;
}

const quote = (value: string) => `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;

export function renderNginxSite({root, listen, serverName, serviceAddress = `127.0.0.1:${servicePort()}`, ...policy}: NginxSiteOptions): string {
  const headers = Object.entries(securityHeaders(policy))
    .map(([name, value]) => `add_header ${name} ${quote(value)} always;`)
    .join('\n');
  const values: Record<string, string> = {
    root: quote(root),
    listen,
    serverName,
    securityHeaders: headers,
    markdownAccept: MARKDOWN_ACCEPT_PATTERN,
    serviceAddress,
    mcpPath: MCP_PATH,
    feedbackPath: FEEDBACK_PATH,
    mcpBodyLimit: `${MAX_BODY_BYTES[MCP_PATH] / 1024}k`,
    feedbackBodyLimit: `${MAX_BODY_BYTES[FEEDBACK_PATH] / 1024}k`,
  };
  return fs.readFileSync(nginxTemplatePath, 'utf8').replace(/([ \t]*)\{\{(\w+)\}\}/g, (token, indent: string, name: string) => {
    if (!(name in values)) throw new Error(`${nginxTemplatePath}: unknown placeholder ${token.trim()}`);
    return indent + values[name].replaceAll('\n', `\n${indent}`);
  });
}
