/**
 * Running the real `vigil` executable (lib/cli-client/executable.ts) as a
 * child process, as a reader's shell would: a clean environment (no
 * variable of the client's from the test's own), a home folder of its own,
 * and the exit code, standard output and standard error it left. Also a stub
 * API on 127.0.0.1 whose answers a test decides, recording each request.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {onTestFinished} from 'vitest';
import {cliExecutableDir} from '../lib/cli-client/executable';
import {portalConfig, portalTokens} from '../portal.config';

export const cliName = portalConfig.cliName;
const envPrefix = portalTokens(portalConfig).envPrefix;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A home folder for the running test, the configuration file under it: removed when the test finishes. */
export function freshHome(): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-home-'));
  onTestFinished(() => fs.rmSync(home, {recursive: true, force: true}));
  return home;
}

/** The test process's environment without the client's variables, which would leak a developer's key or profile into a test. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith(`${envPrefix}_`) && name !== 'XDG_CONFIG_HOME' && name !== 'NO_COLOR'),
  );
}

/** Runs the client with these arguments in `home`; `env` adds to the clean environment, `input` is its standard input. */
export async function runCli(
  args: string[],
  {env = {}, input = '', home = freshHome()}: {env?: Record<string, string>; input?: string; home?: string} = {},
): Promise<CliRun> {
  const dir = await cliExecutableDir();
  // It runs in its home folder, where a file it saves under its own name lands.
  const child = spawn(cliName, args, {cwd: home, env: {...cleanEnv(), HOME: home, PATH: `${dir}${path.delimiter}${process.env.PATH}`, ...env}, stdio: 'pipe'});
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(input);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return {code, stdout, stderr};
}

export interface StubRequest {
  method: string;
  url: URL;
  authorization?: string;
  /** The JSON body sent, if any. */
  body?: unknown;
}

/** A stub API: `answer` decides each answer; `requests` records what came. */
export interface StubApi {
  url: string;
  requests: StubRequest[];
  answer: (request: StubRequest, response: http.ServerResponse) => void;
  close(): Promise<void>;
}

export async function startStubApi(port: number): Promise<StubApi> {
  const stub: StubApi = {
    url: `http://127.0.0.1:${port}`,
    requests: [],
    answer: (_request, response) => response.writeHead(500).end(),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((incoming, response) => {
    const request: StubRequest = {method: incoming.method ?? 'GET', url: new URL(incoming.url ?? '/', stub.url), authorization: incoming.headers.authorization};
    stub.requests.push(request);
    let text = '';
    incoming.on('data', (chunk) => (text += chunk));
    incoming.on('end', () => {
      if (text) request.body = JSON.parse(text);
      stub.answer(request, response);
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return stub;
}

/** Answers JSON with a status and headers. */
export const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  response.writeHead(status, {'Content-Type': 'application/json', ...headers}).end(JSON.stringify(body));
};
