/**
 * `npm run deploy:nginx`: renders the nginx server block for this deployment to
 * deploy/nginx/portal.conf or the path given; NGINX_ROOT, NGINX_LISTEN and
 * NGINX_SERVER_NAME describe the server.
 */
import fs from 'node:fs';
import path from 'node:path';
import {portalConfig} from '../portal.config';
import {renderNginxSite} from '../lib/deploy/nginx-config';
import {sitePolicyInputs} from '../lib/deploy/nginx-server';
import {main} from '../lib/main';
import {buildDir, repoRoot} from '../lib/paths';

main(() => {
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) throw new Error('No build/: run `npm run build` first (the CSP lists its inline scripts).');
  const out = path.resolve(process.argv[2] ?? path.join(repoRoot, 'deploy/nginx/portal.conf'));
  const site = renderNginxSite({
    root: process.env.NGINX_ROOT ?? buildDir,
    listen: process.env.NGINX_LISTEN ?? '80',
    serverName: process.env.NGINX_SERVER_NAME ?? new URL(portalConfig.siteUrl).hostname,
    ...sitePolicyInputs(portalConfig, buildDir),
  });
  fs.writeFileSync(out, site);
  console.log(`Written ${path.relative(process.cwd(), out)}: include it in the http block of nginx.conf.`);
});
