/**
 * A pass-through in front of the sandbox that notes every answer it relays:
 * a sample run through one of its own can then be checked for what the API
 * told it, not only for its exit code (curl without --fail exits 0 on a 401).
 */
import http from 'node:http';
import type {AddressInfo} from 'node:net';

export interface RelayedAnswer {
  method: string;
  path: string;
  status: number;
  body: string;
}

export interface RecordingProxy {
  url: string;
  /** The answers relayed so far, in order. */
  answers(): RelayedAnswer[];
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const answers: RelayedAnswer[] = [];
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const noted = (status: number, body = '') => answers.push({method: request.method ?? 'GET', path: request.url ?? '/', status, body});
    // A connection of its own per request (no agent): the sandbox closes idle ones, which a pooled connection would meet mid-request.
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: {...request.headers, host: upstream.host},
        agent: false,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => noted(answer.statusCode ?? 502, Buffer.concat(chunks).toString('utf8')));
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', (error) => {
      noted(502);
      response.writeHead(502, {'content-type': 'text/plain'}).end(`The sandbox could not be reached: ${error.message}`);
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers: () => [...answers],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
