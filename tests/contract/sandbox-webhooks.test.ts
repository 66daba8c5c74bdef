/**
 * The sandbox delivers webhook events as the API does, on both engines of
 * the state store: a scan's and a re-test's events go to the webhooks
 * subscribed to them, signed so that the webhook guide's receivers in
 * Python, JavaScript and Go accept them; a receiver that fails gets the
 * guide's retries on the sandbox's clock, six attempts in all; the
 * deliveries list shows every attempt, newest first; a redelivery sends the
 * same body again.
 */
import {randomUUID} from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {freePort} from '../../lib/serve/free-port';
import type {RunningServer} from '../../lib/serve/running-server';
import {startSandbox} from '../../lib/serve/sandbox';
import {DELIVERIES_KEPT, MAX_ATTEMPTS, RETRY_MINUTES, WAITING_PER_ACCOUNT} from '../../lib/sandbox/webhook-dispatch';
import {buildGoProgram} from '../go-program';
import {ENGINES, freshStores} from '../state-stores';
import {sandboxSender} from '../sandbox-requests';
import {type Receiver, SAMPLES_DIR, startReceiver} from '../webhook-receiver';
import {VERIFICATION_FAILS_HOST} from '../../lib/sandbox/domains';

const newStore = freshStores();
const programsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-webhooks-'));
afterAll(() => fs.rmSync(programsDir, {recursive: true, force: true}));

const SEED_TARGET = '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c';
const SEED_TEAM = '8b1f6c3d-2e4a-4f5b-9c7d-1a2b3c4d5e6f';
/** A scan queues 10 ms and runs 50 ms; the retries come 120 ms to 1.92 s apart. */
const CLOCK_SPEED = 1000;
/** Often enough for a fast clock, seldom enough for a key's rate limit (300 requests a minute) while every webhook's list is read. */
const POLL = {timeout: 30_000, interval: 250};

interface Delivery {
  id: string;
  event: string;
  test: boolean;
  attempt: number;
  success: boolean;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
  delivered_at: string;
  payload: {id: string; event: string; test: boolean; webhook_id: string; scan?: {id: string; status: string}; finding?: {id: string; retest_status?: string}};
}

/** A receiver on 127.0.0.1 that records every request and answers the status it is told. */
async function startRecorder(status: number) {
  const received: {headers: http.IncomingHttpHeaders; body: string}[] = [];
  const answer = {status};
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({headers: request.headers, body});
      response.writeHead(answer.status, {'Content-Type': 'text/plain'}).end(`answered ${answer.status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(ENGINES)('webhook deliveries of the sandbox on %s', (engine) => {
  let sandbox: RunningServer;
  beforeAll(async () => {
    sandbox = await startSandbox({port: await freePort(), store: await newStore(engine), clockSpeed: CLOCK_SPEED});
  }, 120_000);
  afterAll(() => sandbox?.close());

  const client = () => sandboxSender(sandbox.url);

  const deliveriesOf = async (send: ReturnType<typeof client>, webhookId: string): Promise<Delivery[]> => {
    const listed = await send('GET', `/api/v1/webhooks/${webhookId}/deliveries/?length=100`);
    if (listed.status !== 200) throw new Error(`The deliveries list answered ${listed.status}: ${JSON.stringify(listed.body)}`);
    return listed.body.results;
  };
  const newTarget = async (send: ReturnType<typeof client>) =>
    (await send('POST', '/api/v1/targets/', {name: 'Hooks', type: 'web_app', url: `https://hooks-${randomUUID()}.example.com`, labels: [], team_id: SEED_TEAM}))
      .body.id as string;

  it("sends a scan's events, signed, to the guide's Python, JavaScript and Go receivers, which accept them", async () => {
    const send = client();
    const secret = `whsec-sandbox-${randomUUID()}`;
    const commands = [['python3', 'receiver.py'], ['node', 'receiver.mjs'], buildGoProgram(SAMPLES_DIR, 'receiver.go', programsDir)];
    const receivers: Receiver[] = [];
    try {
      for (const command of commands) receivers.push(await startReceiver(command, {WEBHOOK_SECRET: secret}));
      const target = await newTarget(send);
      const events = ['scan_started', 'scan_completed', 'finding_opened'];
      const webhooks: string[] = [];
      for (const receiver of receivers) {
        const created = await send('POST', '/api/v1/webhooks/', {name: 'Receiver', url: receiver.url, events, active: true, secret, target_id: target});
        expect(created.status).toBe(201);
        webhooks.push(created.body.id);
      }
      const scan = await send('POST', `/api/v1/targets/${target}/scans/`);
      expect(scan.status).toBe(201);
      const findingCount = (await send('GET', `/api/v1/targets/${SEED_TARGET}/findings/?length=100`)).body.count;
      for (const [index, webhook] of webhooks.entries()) {
        await expect.poll(async () => (await deliveriesOf(send, webhook)).length, POLL).toBe(2 + findingCount);
        const deliveries = await deliveriesOf(send, webhook);
        expect(deliveries.every((delivery) => delivery.success && delivery.status_code === 204 && !delivery.test && delivery.attempt === 1)).toBe(true);
        expect(deliveries.map((delivery) => delivery.payload.webhook_id)).toEqual(Array(deliveries.length).fill(webhook));
        const completed = deliveries.find((delivery) => delivery.event === 'scan_completed')!;
        expect(completed.payload.scan).toMatchObject({id: scan.body.id, status: 'completed'});
        expect(deliveries.find((delivery) => delivery.event === 'scan_started')!.payload.scan).toMatchObject({id: scan.body.id, status: 'started'});
        // What each receiver printed it accepted: the event and the delivery id of every delivery.
        const accepted = receivers[index].output();
        for (const delivery of deliveries) expect(accepted).toContain(`${delivery.event} ${delivery.payload.id}`);
      }
    } finally {
      for (const receiver of receivers) receiver.process.kill();
    }
  }, 120_000);

  it('tries a failing receiver again on the guide schedule, 6 attempts in all, and redelivers a failed delivery once', async () => {
    const send = client();
    const recorder = await startRecorder(500);
    try {
      const target = await newTarget(send);
      const webhook = await send('POST', '/api/v1/webhooks/', {
        name: 'Failing',
        url: recorder.url,
        events: ['scan_completed'],
        active: true,
        secret: `whsec-sandbox-${randomUUID()}`,
        target_id: target,
      });
      await send('POST', `/api/v1/targets/${target}/scans/`);
      await expect.poll(async () => (await deliveriesOf(send, webhook.body.id)).length, POLL).toBe(MAX_ATTEMPTS);
      const attempts = (await deliveriesOf(send, webhook.body.id)).reverse();
      expect(attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(attempts.every((attempt) => !attempt.success && attempt.status_code === 500 && attempt.response_body === 'answered 500')).toBe(true);
      expect(new Set(attempts.map((attempt) => attempt.payload.id)).size).toBe(1);
      // The recorded schedule: each retry at least its interval of the guide, on the sandbox's clock, after the attempt before.
      const sentAt = attempts.map((attempt) => Date.parse(attempt.delivered_at));
      for (const [index, minutes] of RETRY_MINUTES.entries()) {
        expect(sentAt[index + 1] - sentAt[index]).toBeGreaterThanOrEqual((minutes * 60_000) / CLOCK_SPEED);
      }
      // Every attempt posted the same body, with its delivery id in the header.
      expect(new Set(recorder.received.map((request) => request.body)).size).toBe(1);
      expect(recorder.received.map((request) => request.headers['x-scanner-delivery-id'])).toEqual(Array(MAX_ATTEMPTS).fill(attempts[0].payload.id));
      // After the sixth, nothing more: the longest interval passes without a seventh attempt.
      await new Promise((resolve) => setTimeout(resolve, (2 * RETRY_MINUTES.at(-1)! * 60_000) / CLOCK_SPEED));
      expect(recorder.received).toHaveLength(MAX_ATTEMPTS);

      recorder.answer.status = 204;
      const last = attempts.at(-1)!;
      const redelivered = await send('POST', `/api/v1/webhooks/${webhook.body.id}/deliveries/${last.id}/redeliver/`);
      expect(redelivered.status).toBe(202);
      expect(redelivered.body).toMatchObject({delivery_id: last.payload.id, event: 'scan_completed', url: recorder.url, payload: last.payload});
      await expect
        .poll(async () => (await deliveriesOf(send, webhook.body.id)).find((delivery) => delivery.id === redelivered.body.id), POLL)
        .toMatchObject({success: true, status_code: 204, payload: last.payload});
      expect(recorder.received.at(-1)!.body).toBe(recorder.received[0].body);
      expect((await send('GET', `/api/v1/webhooks/${webhook.body.id}/`)).body.last_delivery_status_code).toBe(204);
      const unknown = await send('POST', `/api/v1/webhooks/${webhook.body.id}/deliveries/${randomUUID()}/redeliver/`);
      expect(unknown.status).toBe(404);
    } finally {
      await recorder.close();
    }
  }, 120_000);

  it("sends a re-test's end and the finding it fixed, and records a delivery it may not send without trying it again", async () => {
    const send = client();
    const recorder = await startRecorder(204);
    try {
      const secret = `whsec-sandbox-${randomUUID()}`;
      const events = ['retest_completed', 'finding_fixed'];
      const hook = (url: string) => send('POST', '/api/v1/webhooks/', {name: 'Re-tests', url, events, active: true, secret, target_id: SEED_TARGET});
      // By name: the connection's lookup lets it reach this machine.
      const local = (await hook(recorder.url.replace('127.0.0.1', 'localhost'))).body.id;
      const elsewhere = (await hook('https://ci.example.com/hooks/scanner')).body.id;
      const {body: open} = await send('GET', `/api/v1/targets/${SEED_TARGET}/findings/?severity=medium`);
      const finding = open.results[0].id;
      expect((await send('POST', `/api/v1/targets/${SEED_TARGET}/findings/${finding}/retest/`)).status).toBe(200);
      await expect
        .poll(async () => (await deliveriesOf(send, local)).map((delivery) => delivery.event).sort(), POLL)
        .toEqual(['finding_fixed', 'retest_completed']);
      const sent = await deliveriesOf(send, local);
      const retest = sent.find((delivery) => delivery.event === 'retest_completed')!;
      const fixed = sent.find((delivery) => delivery.event === 'finding_fixed')!;
      expect(retest.payload.finding).toMatchObject({id: finding, retest_status: 'fixed'});
      expect(fixed.payload.finding).toMatchObject({id: finding, state: 'fixed'});
      const refused = await deliveriesOf(send, elsewhere);
      expect(refused).toHaveLength(2);
      expect(refused.every((delivery) => delivery.error?.includes('only to receivers on its own machine') && delivery.status_code === null)).toBe(true);
      // Nothing sent, nothing retried: the first retry's time passes without a second attempt.
      await new Promise((resolve) => setTimeout(resolve, (2 * RETRY_MINUTES[0] * 60_000) / CLOCK_SPEED));
      expect(await deliveriesOf(send, elsewhere)).toHaveLength(2);
    } finally {
      await recorder.close();
    }
  }, 120_000);

  it("sends verification_failed when a domain's check fails, naming the domain, and nothing when one succeeds", async () => {
    const send = client();
    const recorder = await startRecorder(204);
    try {
      await send('POST', '/api/v1/webhooks/', {
        name: 'Domains',
        url: recorder.url,
        events: ['verification_failed'],
        active: true,
        secret: `whsec-sandbox-${randomUUID()}`,
      });
      const failing = await send('POST', '/api/v1/domains/', {name: `shop.${VERIFICATION_FAILS_HOST}`, include_subdomains: false});
      const passing = await send('POST', '/api/v1/domains/', {name: 'passing.example.com', include_subdomains: false});
      for (const domain of [failing, passing]) await send('POST', `/api/v1/domains/${domain.body.id}/verify/`, {method: 'file'});
      await expect.poll(() => recorder.received.length, POLL).toBe(1);
      expect(JSON.parse(recorder.received[0].body)).toMatchObject({
        event: 'verification_failed',
        test: false,
        domain: {id: failing.body.id, name: `shop.${VERIFICATION_FAILS_HOST}`},
      });
      const passed = async () => (await send('GET', `/api/v1/domains/${passing.body.id}/`)).body.verification_status;
      await expect.poll(passed, POLL).toBe('verified');
      // A few sweeps later, still the one delivery.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(recorder.received).toHaveLength(1);
    } finally {
      await recorder.close();
    }
  });

  it(`bounds an account's deliveries: at most ${WAITING_PER_ACCOUNT} waiting, the ${DELIVERIES_KEPT} latest kept`, async () => {
    const send = client();
    const recorder = await startRecorder(204);
    try {
      const events = ['scan_started', 'scan_completed', 'finding_opened'];
      // A scan of a new target opens as many findings as the seed has.
      const perScan = 2 + (await send('GET', `/api/v1/targets/${SEED_TARGET}/findings/?length=100`)).body.count;
      // Enough webhooks of every target that one scan's events are more than may wait at once.
      const webhooks = Math.ceil((WAITING_PER_ACCOUNT + 1) / (perScan - 1));
      const ids: string[] = [];
      for (let index = 0; index < webhooks; index += 1) {
        const created = await send('POST', '/api/v1/webhooks/', {
          name: `Hook ${index}`,
          url: recorder.url,
          events,
          active: true,
          secret: `whsec-${randomUUID()}`,
        });
        ids.push(created.body.id);
      }
      const all = async () => (await Promise.all(ids.map((id) => deliveriesOf(send, id)))).flat();
      const scanNewTarget = async () => {
        const scan = await send('POST', `/api/v1/targets/${await newTarget(send)}/scans/`);
        expect(scan.status).toBe(201);
      };
      const slowPoll = {...POLL, interval: 1000};
      await scanNewTarget();
      await expect.poll(async () => (await all()).length, slowPoll).toBe(webhooks * perScan);
      const first = await all();
      const notSent = first.filter((delivery) => !delivery.success);
      expect(notSent.length).toBeGreaterThan(0);
      const bound = `The sandbox keeps at most ${WAITING_PER_ACCOUNT} webhook deliveries waiting per API key; this one was not sent.`;
      expect(notSent.every((delivery) => delivery.error === bound)).toBe(true);
      expect(recorder.received).toHaveLength(first.length - notSent.length);
      // A second scan's attempts push the first's oldest out.
      await scanNewTarget();
      const keptOfFirst = async () => {
        const kept = new Set((await all()).map((delivery) => delivery.id));
        return first.filter((delivery) => kept.has(delivery.id)).length;
      };
      await expect.poll(keptOfFirst, slowPoll).toBe(DELIVERIES_KEPT - webhooks * perScan);
      expect(await all()).toHaveLength(DELIVERIES_KEPT);
    } finally {
      await recorder.close();
    }
  }, 120_000);
});
