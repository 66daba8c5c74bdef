/**
 * The stateless sandbox with one rule of the stateful one: an object a
 * request creates (a 201 answer) gets an id of its own instead of the
 * contract's example id, per key. A later request must then name the new id:
 * one that names the example's id of an object this key created is answered
 * 404, as a request for another account's object would be. Enough to prove
 * that a tutorial run carries ids from answer to request.
 */
import {randomUUID} from 'node:crypto';
import http from 'node:http';
import type {AddressInfo} from 'node:net';

export interface FreshIdSandbox {
  url: string;
  close(): Promise<void>;
}

export async function startFreshIdSandbox(sandboxUrl: string): Promise<FreshIdSandbox> {
  /** Per key, each created object's new id and the example id the sandbox knows it by. */
  const created = new Map<string, Map<string, string>>();
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const key = request.headers.authorization ?? '';
    const ids = created.get(key) ?? new Map<string, string>();
    created.set(key, ids);
    const examples = new Set(ids.values());
    const sent = `${request.url ?? '/'}\n${Buffer.concat(chunks).toString('utf8')}`;
    const stale = [...examples].find((example) => sent.includes(example));
    if (stale) {
      response.writeHead(404, {'content-type': 'application/json'}).end(JSON.stringify({code: 'not_found', detail: `No object ${stale} in this account.`}));
      return;
    }
    const toSandbox = (text: string) => [...ids].reduce((result, [fresh, example]) => result.replaceAll(fresh, example), text);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
      ),
    );
    const body = chunks.length ? toSandbox(Buffer.concat(chunks).toString('utf8')) : undefined;
    const answer = await fetch(`${sandboxUrl}${toSandbox(request.url ?? '/')}`, {method: request.method, headers, body});
    const text = await answer.text();
    if (answer.status === 201) {
      const example = (JSON.parse(text) as {id?: string}).id;
      if (example) ids.set(randomUUID(), example);
    }
    const toReader = [...ids].reduce((result, [fresh, example]) => result.replaceAll(example, fresh), text);
    response.writeHead(answer.status, {'content-type': answer.headers.get('content-type') ?? 'application/json'}).end(toReader);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve()))};
}
