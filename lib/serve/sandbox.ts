/**
 * The sandbox: Prism mocking the bundled contract on 127.0.0.1. It checks
 * every request against the contract (a bad one gets the contract's 400 or
 * 401) and answers with the contract's examples. `npm run sandbox` and
 * `npm start` run it (port from SANDBOX_PORT, default 4010), tests too.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {contractOutput, repoRoot} from '../paths';

export interface Sandbox {
  url: string;
  close(): Promise<void>;
}

/** Port of the local sandbox: SANDBOX_PORT, or 4010 (the port of the default PORTAL_SANDBOX_URL). */
export const sandboxPort = (): number => Number(process.env.SANDBOX_PORT ?? 4010);

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The sandbox exited with code ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`The sandbox did not start at ${url} within ${timeoutMs / 1000} s`);
}

/** Starts Prism on the already built contract (`npm run contract`). */
export async function startSandbox({port = sandboxPort(), quiet = true} = {}): Promise<Sandbox> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/prism'),
    ['mock', contractOutput.yaml, '--host', '127.0.0.1', '--port', String(port), '--errors'],
    {cwd: repoRoot, stdio: quiet ? 'ignore' : 'inherit'},
  );
  await waitUntilUp(url, child);
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
