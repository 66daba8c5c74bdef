/**
 * The webhook receivers the guide "Receive and verify webhooks" shows (the
 * page includes these very files), run as a reader runs them, against
 * deliveries signed here as the contract says: HMAC-SHA256 of
 * `<timestamp>.<raw body>` with the webhook's secret, in
 * `X-Scanner-Signature: t=<timestamp>,v1=<hex>`, within 5 minutes; for 24
 * hours after a rotation, one `v1` per valid secret, which a receiver given
 * the current and the previous secret accepts either of. They need python3,
 * node and go (Debian's golang-go), which .ci/run installs.
 */
import {createHmac, randomUUID} from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildGoProgram} from '../go-program';
import {type Receiver, SAMPLES_DIR, startReceiver} from '../webhook-receiver';

const programsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-receivers-'));
afterAll(() => fs.rmSync(programsDir, {recursive: true, force: true}));

/** Compiles the Go receiver, as `go build` would for a reader, and gives the program to run. */
const goReceiver = () => buildGoProgram(SAMPLES_DIR, 'receiver.go', programsDir);

const RECEIVERS = [
  {language: 'Python', file: 'receiver.py', command: () => ['python3', 'receiver.py']},
  {language: 'JavaScript', file: 'receiver.mjs', command: () => ['node', 'receiver.mjs']},
  {language: 'Go', file: 'receiver.go', command: goReceiver},
];

const SECRET = 'whsec-test-4f1c8b0a9d8e7f6a5b4c3e2d1f0a9b8c';
/** The secret before the last rotation, which the receivers are also given. */
const PREVIOUS_SECRET = 'whsec-test-previous-0e9d8c7b6a5f4e3d2c1b0a9f';
const TOLERANCE_SECONDS = 300;

const signatureOf = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/** The signature header of a delivery, made as the scanner makes it: one v1 per secret it signs with. */
function signatureHeader(secrets: string | string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...[secrets].flat().map((secret) => `v1=${signatureOf(secret, timestamp, body)}`)].join(',');
}

/** A delivery's body, with a non-ASCII name: a receiver that verifies anything but the raw bytes fails on it. */
function deliveryBody(id: string): string {
  return JSON.stringify({
    id,
    event: 'scan_completed',
    test: false,
    webhook_id: 'e3f4a5b6-c7d8-4e9f-a0b1-c2d3e4f5a6b7',
    occurred_at: '2026-10-01T09:47:30Z',
    scan: {id: '5a7e2c91-3d4b-4f6a-8e1c-2b9d0f7a6c35', status: 'completed', target: {id: '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c', name: 'Café checkout'}},
  });
}

const now = () => Math.floor(Date.now() / 1000);

/** POSTs a delivery over a socket of its own, its headers written as Latin-1 bytes (one byte per character, as HTTP carries them). */
function deliver(receiver: Receiver, body: string, signature: string, id: string): Promise<number> {
  const {host, pathname} = new URL(receiver.url);
  const content = Buffer.from(body, 'utf8');
  const head = [
    `POST ${pathname} HTTP/1.1`,
    `Host: ${host}`,
    'Content-Type: application/json',
    `Content-Length: ${content.length}`,
    'Connection: close',
    'X-Scanner-Event: scan_completed',
    `X-Scanner-Delivery-Id: ${id}`,
    `X-Scanner-Signature: ${signature}`,
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(receiver.url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3}) /.exec(answer)?.[1];
      if (status) {
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`the receiver closed the connection without an answer: ${answer}`)));
    socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), content]));
  });
}

for (const {language, command, file} of RECEIVERS) {
  describe(`the ${language} webhook receiver (${file})`, () => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver(command(), {WEBHOOK_SECRET: SECRET, WEBHOOK_PREVIOUS_SECRET: PREVIOUS_SECRET});
    }, 120_000);
    afterAll(() => {
      receiver?.process.kill();
    });
    const handled = (id: string) =>
      receiver
        .output()
        .split('\n')
        .filter((line) => line === `scan_completed ${id}`).length;
    /**
     * How many times the receiver handled a delivery, once everything sent before has been handled: a good
     * delivery sent after it is waited for, and the receiver prints in order.
     */
    const handledSoFar = async (id: string) => {
      const marker = randomUUID();
      const body = deliveryBody(marker);
      expect(await deliver(receiver, body, signatureHeader(SECRET, now(), body), marker)).toBe(204);
      await expect.poll(() => handled(marker)).toBe(1);
      return handled(id);
    };

    it('accepts a good delivery with a 2xx and handles it once, however often it comes', async () => {
      const id = '0b9a8c7d-6e5f-4a3b-9c2d-1e0f2a3b4c5d';
      const body = deliveryBody(id);
      expect(await deliver(receiver, body, signatureHeader(SECRET, now(), body), id)).toBe(204);
      // A retry: same delivery id and body, signed anew.
      expect(await deliver(receiver, body, signatureHeader(SECRET, now(), body), id)).toBe(204);
      expect(await handledSoFar(id)).toBe(1);
    });

    it('rejects a delivery whose body was changed after signing', async () => {
      const id = '1c0b9a8d-7e6f-4b4c-8d3e-2f1a0b9c8d7e';
      const body = deliveryBody(id);
      const tampered = body.replace('"completed"', '"failed"');
      expect(tampered).not.toBe(body);
      expect(await deliver(receiver, tampered, signatureHeader(SECRET, now(), body), id)).toBe(401);
      expect(await handledSoFar(id)).toBe(0);
    });

    it('rejects a delivery signed with another secret', async () => {
      const id = '2d1c0b9e-8f7a-4c5d-9e4f-3a2b1c0d9e8f';
      const body = deliveryBody(id);
      expect(await deliver(receiver, body, signatureHeader(`${SECRET}-other`, now(), body), id)).toBe(401);
      expect(await handledSoFar(id)).toBe(0);
    });

    it('rejects a correctly signed delivery whose timestamp is more than 5 minutes old', async () => {
      const id = '3e2d1c0f-9a8b-4d6e-8f5a-4b3c2d1e0f9a';
      const body = deliveryBody(id);
      expect(await deliver(receiver, body, signatureHeader(SECRET, now() - TOLERANCE_SECONDS - 60, body), id)).toBe(401);
      expect(await handledSoFar(id)).toBe(0);
    });

    it('rejects a delivery without a signature', async () => {
      const id = '4f3e2d1a-0b9c-4e7f-9a6b-5c4d3e2f1a0b';
      const body = deliveryBody(id);
      expect(await deliver(receiver, body, '', id)).toBe(401);
      expect(await handledSoFar(id)).toBe(0);
    });

    it('after a rotation, accepts a delivery signed with the new secret, the previous one, or both', async () => {
      const ids = ['5a4f3e2b-1c0d-4f8a-8b7c-6d5e4f3a2b1c', '6b5a4f3c-2d1e-4a9b-9c8d-7e6f5a4b3c2d', '7c6b5a4d-3e2f-4b0c-8d9e-8f7a6b5c4d3e'];
      const signers = [[SECRET, PREVIOUS_SECRET], [SECRET], [PREVIOUS_SECRET]];
      for (const [index, id] of ids.entries()) {
        const body = deliveryBody(id);
        expect(await deliver(receiver, body, signatureHeader(signers[index], now(), body), id), signers[index].join(' and ')).toBe(204);
      }
      await handledSoFar(ids[0]);
      expect(ids.map(handled)).toEqual([1, 1, 1]);
    });

    it('rejects a delivery whose two signatures are both made with other secrets', async () => {
      const id = '8d7c6b5e-4f3a-4c1d-9e0f-9a8b7c6d5e4f';
      const body = deliveryBody(id);
      expect(await deliver(receiver, body, signatureHeader([`${SECRET}-other`, `${PREVIOUS_SECRET}-other`], now(), body), id)).toBe(401);
      expect(await handledSoFar(id)).toBe(0);
    });

    it('answers 401 to a signature header with non-ASCII characters, and keeps serving', async () => {
      const id = '9e8d7c6f-5a4b-4d2e-8f1a-0b9c8d7e6f5a';
      const body = deliveryBody(id);
      const good = signatureOf(SECRET, now(), body);
      // As many characters as a real signature, more bytes: a receiver that compares text, or checks lengths in characters, errs.
      for (const signature of [`é${good.slice(1)}`, 'é'.repeat(64)])
        expect(await deliver(receiver, body, `t=${now()},v1=${signature}`, id), signature).toBe(401);
      expect(await deliver(receiver, body, `t=${now()}é,v1=${good}`, id)).toBe(401);
      expect(await handledSoFar(id)).toBe(0);
    });
  });
}

describe.each(RECEIVERS)('the $language webhook receiver not yet given the new secret', ({command}) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver(command(), {WEBHOOK_SECRET: PREVIOUS_SECRET});
  }, 120_000);
  afterAll(() => {
    receiver?.process.kill();
  });

  it('accepts a delivery of the 24 hours after a rotation, which carries a signature with each secret', async () => {
    const id = 'af9e8d7a-6b5c-4e3f-9a2b-1c0d9e8f7a6b';
    const body = deliveryBody(id);
    expect(await deliver(receiver, body, signatureHeader([SECRET, PREVIOUS_SECRET], now(), body), id)).toBe(204);
    expect(await deliver(receiver, body, signatureHeader([SECRET], now(), body), id)).toBe(401);
  });
});
