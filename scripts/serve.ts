/** `npm run serve`: serves build/ on 127.0.0.1, port from PORT (default 3000). */
import {main} from '../lib/main';
import {serveBuild} from '../lib/serve/static-server';

main(async () => {
  const server = await serveBuild(Number(process.env.PORT ?? 3000));
  console.log(`Serving build/ at ${server.url}/ (Ctrl+C to stop)`);
});
