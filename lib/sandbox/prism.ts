/**
 * Prism, the contract's mock server, as the sandbox's validator and its
 * answer for every operation without behaviour: a child process on an
 * internal loopback port, to which the server forwards each request. Prism
 * checks path, method, parameters, security and body against the contract
 * and answers the contract's example (or `Prefer`'s), so the sandbox and the
 * contract cannot disagree on what is valid.
 */
import {spawn} from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import {repoRoot} from '../paths';
import {freePort} from '../serve/free-port';
import {waitForPort} from '../serve/running-server';

/** Prism's arguments for the sandbox; the sandbox page gives readers the same command for the published openapi.yaml. */
export const prismMockArguments = (contract: string, port: number): string[] => ['mock', contract, '--host', '127.0.0.1', '--port', String(port), '--errors'];

export interface PrismAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RunningPrism {
  forward(method: string, pathAndQuery: string, headers: http.IncomingHttpHeaders, body: Buffer): Promise<PrismAnswer>;
  close(): Promise<void>;
}

/** Headers that belong to the connection, not the request, and are not forwarded. */
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export async function startPrism(contract: string, quiet: boolean): Promise<RunningPrism> {
  const port = await freePort();
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/prism'), prismMockArguments(contract, port), {
    cwd: repoRoot,
    stdio: quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`exit code ${code ?? signal}`)));
  const agent = new http.Agent({keepAlive: true, maxSockets: 64});
  const close = async () => {
    agent.destroy();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill();
      await exited;
    }
  };
  try {
    await waitForPort(port, {name: "The sandbox's Prism", exited, timeoutMs: 60_000});
  } catch (error) {
    await close();
    throw error;
  }
  return {
    forward: (method, pathAndQuery, headers, body) =>
      new Promise((resolve, reject) => {
        const forwarded = Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));
        const request = http.request(
          {host: '127.0.0.1', port, method, path: pathAndQuery, agent, headers: {...forwarded, 'content-length': String(body.length)}},
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks)}));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(body);
      }),
    close,
  };
}
