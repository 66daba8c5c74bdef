/**
 * The webhook events in the compiled contract: one payload schema per event
 * a webhook can subscribe to, each described, with an example that
 * validates against it.
 */
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {OperationIndex} from '../../lib/contract/operations';
import {contractOutput} from '../../lib/paths';
import {webhookEvents} from '../../lib/reference/webhook-events';

const contract = JSON.parse(fs.readFileSync(contractOutput.json, 'utf8'));
const {events} = webhookEvents(contract);
const eventTypes: string[] = contract.components.schemas.WebhookEventType.enum;
const operations = OperationIndex.load();

describe('webhook events in the contract', () => {
  it('has one payload schema for every event a webhook can subscribe to, in the same order', () => {
    expect(events.map((event) => event.name)).toEqual(eventTypes);
  });

  it.each(events.map((event) => [event.name, event] as const))('%s: the payload has a description and a valid example', (_, event) => {
    expect(event.description.length).toBeGreaterThan(20);
    expect(event.example).toMatchObject({event: event.name});
    expect(operations.validateObject(event.schemaName, event.example)).toEqual([]);
  });
});

describe('redelivery and secret rotation', () => {
  const operation = (id: string) => operations.byId(id)!;

  it('redelivers a delivery: 202 with the new attempt, the same delivery id and body, for integrations.manage', () => {
    const redeliver = operation('webhooks_deliveries_redeliver');
    expect([redeliver.method, redeliver.path, redeliver.requiredPermission]).toEqual([
      'POST',
      '/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver/',
      'integrations.manage',
    ]);
    expect(redeliver.success.status).toBe('202');
    const example = operations.responseExample(redeliver, '202') as {delivery_id: string; payload: {id: string}};
    expect(example.delivery_id).toBe(example.payload.id);
    expect(operations.validateObject('WebhookRedelivery', example)).toEqual([]);
  });

  it("rotates a webhook's secret for integrations.manage, and the signature header carries one v1 per valid secret meanwhile", () => {
    const rotate = operation('webhooks_secret_rotate');
    expect([rotate.method, rotate.path, rotate.requiredPermission]).toEqual(['POST', '/api/v1/webhooks/{webhook_id}/rotate-secret/', 'integrations.manage']);
    expect(operations.responseExample(rotate, '200')).toMatchObject({secret: expect.any(String), previous_secret_expires_at: expect.any(String)});
    expect(contract.components.schemas.WebhookEvent.description).toContain('`t=<timestamp>,v1=<signature-new>,v1=<signature-old>`');
  });
});
