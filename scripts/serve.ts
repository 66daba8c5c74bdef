/** `npm run serve`: serves build/ on 127.0.0.1, port from PORT (default 3000). */
import fs from 'node:fs';
import {buildDir} from '../lib/paths';
import {startStaticServer} from '../lib/serve/static-server';

export async function serveBuild(): Promise<void> {
  if (!fs.existsSync(buildDir)) {
    throw new Error('No build/ folder: run `npm run build` (or `npm start`, which builds when needed).');
  }
  const port = Number(process.env.PORT ?? 3000);
  const server = await startStaticServer({root: buildDir, port});
  console.log(`Serving build/ at ${server.url}/ (Ctrl+C to stop)`);
}

if (require.main === module) {
  serveBuild().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
