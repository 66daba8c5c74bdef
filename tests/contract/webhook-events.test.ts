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
