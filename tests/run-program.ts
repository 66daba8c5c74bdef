/**
 * Runs a program a page shows, as a reader runs it: saved as a file in a
 * scratch directory with the files it needs beside it, run by its language's
 * tool with only the environment given, killed when it outlives its time.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type ProgramLanguage = 'bash' | 'python' | 'javascript' | 'go';

/** The file each language's program is saved as, and the command that runs it. */
const RUNNERS: Record<ProgramLanguage, {file: string; command: string[]}> = {
  bash: {file: 'program.sh', command: ['bash', 'program.sh']},
  python: {file: 'program.py', command: ['python3', 'program.py']},
  javascript: {file: 'program.mjs', command: ['node', 'program.mjs']},
  go: {file: 'main.go', command: ['go', 'run', 'main.go']},
};

/** The language of a code block's info string, if it is one a program can be run in. */
export function programLanguage(lang: string): ProgramLanguage | undefined {
  if (['bash', 'sh', 'shell'].includes(lang)) return 'bash';
  if (['python', 'py'].includes(lang)) return 'python';
  if (['javascript', 'js', 'mjs'].includes(lang)) return 'javascript';
  if (lang === 'go') return 'go';
  return undefined;
}

export interface ProgramRun {
  /** Exit code; null when the program was killed for outliving its time. */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ProgramOptions {
  language: ProgramLanguage;
  code: string;
  /** Files saved beside the program, by name. */
  files?: Record<string, string>;
  env?: Record<string, string>;
  timeoutMs?: number;
  /**
   * Each wait of a bash or Python program (`sleep`, `time.sleep`) cut to at most this many seconds: a polling loop
   * written for a real scan's minutes then follows a sandbox's accelerated clock.
   */
  longestWait?: number;
}

/**
 * What the tools themselves need from this machine's environment: where they
 * are, and Go's build cache, so a Go program does not rebuild the standard library each time.
 */
const toolEnvironment = (): Record<string, string> =>
  Object.fromEntries(
    ['PATH', 'GOCACHE', 'GOPATH', 'GOMODCACHE', 'GOFLAGS']
      .map((name) => [name, process.env[name]])
      .filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

/** A `sleep` first on PATH and a `sitecustomize` Python loads at start, each waiting at most `seconds`. */
function shortWaits(dir: string, seconds: number): Record<string, string> {
  const bin = path.join(dir, '.short-waits');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'sleep'), `#!/bin/sh\nexec ${which('sleep')} ${seconds}\n`, {mode: 0o755});
  fs.writeFileSync(path.join(bin, 'sitecustomize.py'), `import time\n_sleep = time.sleep\ntime.sleep = lambda wait: _sleep(min(wait, ${seconds}))\n`);
  return {PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, PYTHONPATH: bin};
}

/** The program a command runs, from PATH. */
function which(command: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, command);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${command} is not on PATH`);
}

export function runProgram({language, code, files = {}, env = {}, timeoutMs = 20_000, longestWait}: ProgramOptions): Promise<ProgramRun> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'program-'));
  const {file, command} = RUNNERS[language];
  for (const [name, content] of Object.entries({...files, [file]: code})) fs.writeFileSync(path.join(cwd, name), content);
  const waits = longestWait === undefined ? {} : shortWaits(cwd, longestWait);
  // Go needs a home for its cache when none is set; the scratch directory is the home of everything else.
  const goCache = language === 'go' && !process.env.GOCACHE ? {GOCACHE: path.join(os.homedir(), '.cache/go-build')} : {};
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {cwd, env: {...toolEnvironment(), HOME: cwd, ...goCache, ...waits, ...env}});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // A program that hangs (a loop reading a bad answer again and again) would hold a CI job until its own timeout.
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      fs.rmSync(cwd, {recursive: true, force: true});
      resolve({code: exitCode, stdout, stderr});
    });
  });
}
