/**
 * `npm run serve:nginx`: serves build/ behind nginx with the production
 * configuration on 127.0.0.1 (NGINX_PORT, default 4180), with the portal's
 * service (MCP_PORT, default 4190) that nginx proxies /mcp and /feedback to,
 * until stopped.
 */
import {startNginx} from '../lib/deploy/nginx-server';
import {main} from '../lib/main';
import {startConfiguredDocsService} from '../lib/mcp/service';

main(async () => {
  const service = await startConfiguredDocsService();
  const server = await startNginx({port: Number(process.env.NGINX_PORT ?? 4180)});
  console.log(`Serving build/ behind nginx at ${server.url}/, MCP at ${server.url}/mcp, feedback stored in ${service.feedbackStore} (Ctrl+C to stop)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void Promise.all([server.close(), service.close()]).then(() => process.exit(0)));
  }
});
