import {spawn} from 'node:child_process';
import {repoRoot} from '../paths';

/** Rejects, naming the step, unless it exits with code 0. */
export function runStep(name: string, args: string[], {env = {}, cwd = repoRoot}: {env?: NodeJS.ProcessEnv; cwd?: string} = {}): Promise<void> {
  const child = spawn(process.execPath, args, {cwd, stdio: ['ignore', 'inherit', 'inherit'], env: {...process.env, ...env}});
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`The build's ${name} step failed (${signal ?? `exit code ${code}`}).`))));
  });
}
