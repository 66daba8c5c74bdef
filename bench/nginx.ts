/**
 * The build as production serves it: nginx on BENCH_NGINX_PORT in front of the
 * portal's service, without which /feedback would wait on a port nobody answers
 * and a page would never fall idle. Benchmark feedback goes to a scratch SQLite
 * store removed on close.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {startNginx} from '../lib/deploy/nginx-server';
import {openFeedback} from '../lib/feedback/open';
import {PortalDocs} from '../lib/mcp/docs';
import {startDocsService} from '../lib/mcp/service';
import {servicePort} from '../lib/mcp/service-settings';
import {buildDir} from '../lib/paths';
import type {RunningServer} from '../lib/serve/running-server';

export async function startBenchNginx(root: string = buildDir): Promise<RunningServer> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-service-'));
  const port = servicePort();
  const feedback = await openFeedback({location: {file: path.join(scratch, 'state.sqlite')}, legacyFile: path.join(scratch, 'feedback.jsonl')});
  const service = await startDocsService({port, docs: new PortalDocs(root), feedback});
  const closeService = async () => {
    await service.close();
    await feedback.close();
    fs.rmSync(scratch, {recursive: true, force: true});
  };
  try {
    const server = await startNginx({port: Number(process.env.BENCH_NGINX_PORT ?? 4181), root, servicePort: port});
    return {url: server.url, close: () => Promise.all([server.close(), closeService()]).then(() => undefined)};
  } catch (error) {
    await closeService();
    throw error;
  }
}
