/** Requests to a sandbox as one API key, for the sandbox's tests: each key is an account of its own. */
import {randomUUID} from 'node:crypto';

export interface SandboxResponse {
  status: number;
  /** `state` or `example`: where the sandbox took its answer from. */
  sandboxAnswer: string | null;
  /** The parsed JSON, whatever the operation answers. */
  body: any;
}

export type SandboxSend = (method: string, path: string, body?: unknown) => Promise<SandboxResponse>;

/** A sender with a fresh key, or the one given. */
export function sandboxSender(baseUrl: string, key = `test-${randomUUID()}`): SandboxSend {
  const headers = {Authorization: `JWT ${key}`, 'Content-Type': 'application/json'};
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
    const text = await response.text();
    return {status: response.status, sandboxAnswer: response.headers.get('sandbox-answer'), body: text ? JSON.parse(text) : undefined};
  };
}
