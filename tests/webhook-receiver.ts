/** The webhook receivers of the guide "Receive and verify webhooks", started as a reader starts them: for the receivers' own tests and the sandbox's deliveries. */
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import path from 'node:path';
import {repoRoot} from '../lib/paths';

export const SAMPLES_DIR = path.join(repoRoot, 'docs/guides/receive-webhooks');

export interface Receiver {
  process: ChildProcessWithoutNullStreams;
  url: string;
  /** Everything the receiver printed so far. */
  output(): string;
}

/** Starts a receiver on a free port with the secrets given, as the guide starts it, and waits for the port it prints. */
export function startReceiver([command, ...args]: string[], secrets: Record<string, string>): Promise<Receiver> {
  const child = spawn(command, args, {cwd: SAMPLES_DIR, env: {...process.env, ...secrets, PORT: '0'}});
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const port = stdout.match(/Listening on port (\d+)/)?.[1];
      if (port) resolve({process: child, url: `http://127.0.0.1:${port}/hooks/scanner`, output: () => stdout});
    });
    child.on('exit', (code) => reject(new Error(`${[command, ...args].join(' ')} exited with ${code} before listening:\n${stderr}`)));
  });
}
