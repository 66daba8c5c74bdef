/**
 * The sandbox: Prism mocking the bundled contract on 127.0.0.1. It checks
 * every request against the contract (a bad one gets the contract's 400 or
 * 401) and answers with the contract's examples. `npm run sandbox` and
 * `npm start` run it (port from SANDBOX_PORT, default 4010), tests too.
 */
import {spawn} from 'node:child_process';
import path from 'node:path';
import {contractOutput, repoRoot} from '../paths';
import {ensurePortFree, waitForPort, type RunningServer} from './running-server';

/** Port of the local sandbox: SANDBOX_PORT, or 4010 (the port of the default PORTAL_SANDBOX_URL). */
export const sandboxPort = (): number => Number(process.env.SANDBOX_PORT ?? 4010);

/** Prism's arguments for the sandbox; the sandbox page gives readers the same command for the published openapi.yaml. */
export const prismMockArguments = (contract: string, port: number): string[] => ['mock', contract, '--host', '127.0.0.1', '--port', String(port), '--errors'];

/** Starts Prism on the already built contract (`npm run contract`). */
export async function startSandbox({port = sandboxPort(), quiet = true} = {}): Promise<RunningServer> {
  await ensurePortFree(port, 'The sandbox');
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/prism'), prismMockArguments(contractOutput.yaml, port), {
    cwd: repoRoot,
    stdio: quiet ? 'ignore' : 'inherit',
  });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`exit code ${code ?? signal}`)));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill();
      await exited;
    }
  };
  try {
    await waitForPort(port, {name: 'The sandbox', exited});
  } catch (error) {
    await close();
    throw error;
  }
  return {url: `http://127.0.0.1:${port}`, close};
}
