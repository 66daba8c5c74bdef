/** `npm run serve:nginx`: serves build/ behind nginx with the production configuration on 127.0.0.1 (NGINX_PORT, default 4180) until stopped. */
import {startNginx} from '../lib/deploy/nginx-server';
import {main} from '../lib/main';

main(async () => {
  const server = await startNginx({port: Number(process.env.NGINX_PORT ?? 4180)});
  console.log(`Serving build/ behind nginx at ${server.url}/ (Ctrl+C to stop)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
});
