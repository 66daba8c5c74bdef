/**
 * The webhook events page, from the contract's `WebhookEvent`. The emitter
 * (@typespec/openapi3 1.16) writes no OpenAPI `webhooks` and the contract is
 * OpenAPI 3.0, so the events are named schemas and this page is generated beside
 * the operation pages, in the same format.
 */
import {resolveRef, type OpenApiNode as OpenApiDocument} from '../openapi';
import {WEBHOOK_EVENTS_PAGE} from '../paths';
import type {PageData} from '../../src/shared/page-data';
import {DATA, dataPage, MARKDOWN, schemaSection, type PageFormat, type Sections} from './operation-page';
import type {Schema} from './schema-fields';

/** Its name and document id are in ../paths.ts, which the sidebars read without this module. */
export const WEBHOOK_EVENTS_FILE = `${WEBHOOK_EVENTS_PAGE}.mdx`;
export const WEBHOOK_EVENTS_TITLE = 'Webhook events';
const DESCRIPTION = 'Every event a webhook can receive, with when it fires, its payload and an example; how deliveries are signed and retried.';
const GUIDE_PATH = '/guides/receive-and-verify-webhooks';

export interface WebhookEvent {
  /** The event type, as in the payload's `event` and the `X-Scanner-Event` header. */
  name: string;
  schemaName: string;
  description: string;
  schema: Schema;
  example: unknown;
}

/** A schema that contains itself stays one object, as the field tree expects. */
function dereference(document: OpenApiDocument, root: Schema): Schema {
  const resolved = new Map<string, Schema>();
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const {$ref} = node as {$ref?: string};
    if (typeof $ref === 'string') {
      const done = resolved.get($ref);
      if (done) return done;
      const target: Schema = {};
      resolved.set($ref, target);
      return Object.assign(target, visit(resolveRef(document, node)));
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === 'example' ? value : visit(value)]));
  };
  return visit(root) as Schema;
}

export function webhookEvents(document: OpenApiDocument): {description: string; events: WebhookEvent[]} {
  const union = document.components?.schemas?.WebhookEvent;
  const members: {$ref?: string}[] | undefined = union?.anyOf ?? union?.oneOf;
  if (!members) throw new Error('The contract has no WebhookEvent union of event payloads to generate the webhook events page from');
  const events = members.map(({$ref}) => {
    const schemaName = String($ref).split('/').pop() as string;
    const schema = dereference(document, {$ref});
    const name = schema.properties?.event?.enum?.[0];
    if (typeof name !== 'string' || schema.properties.event.enum.length !== 1) {
      throw new Error(`The webhook event payload ${schemaName} must have an \`event\` property with one value, its event type`);
    }
    return {name, schemaName, description: schema.description ?? '', schema, example: schema.example};
  });
  return {description: union.description ?? '', events};
}

function eventsPage<Block>(document: OpenApiDocument, format: PageFormat<Block>, guideUrl: string): Sections<Block> {
  const {description, events} = webhookEvents(document);
  const oneLine = (text: string) =>
    format
      .text(text)
      .replace(/\s*\n\s*/g, ' ')
      .replaceAll('|', '\\|');
  const table = events.map((event) => `| [\`${event.name}\`](#${event.name}) | \`${event.schemaName}\` | ${oneLine(event.description)} |`);
  return [
    format.text(description),
    `The code that verifies a delivery, in Python, JavaScript and Go, is in [Receive and verify webhooks](${guideUrl}). Subscribe a webhook to events with the operations of the Webhooks API.`,
    `| Event | Payload | When it fires |\n| --- | --- | --- |\n${table.join('\n')}`,
    ...events.flatMap((event) => [
      `## \`${event.name}\``,
      format.text(event.description),
      `Payload \`${event.schemaName}\`, POSTed with \`X-Scanner-Event: ${event.name}\`.`,
      ...schemaSection({'application/json': {schema: event.schema, example: event.example}}, 'response', `Example ${event.name} delivery`, format),
    ]),
  ];
}

export function webhookEventsMdx(document: OpenApiDocument): {mdx: string; data: PageData} {
  const frontMatter = [
    '---',
    `id: webhook-events`,
    `title: ${JSON.stringify(WEBHOOK_EVENTS_TITLE)}`,
    `description: ${JSON.stringify(DESCRIPTION)}`,
    'custom_edit_url: null',
    '---',
  ];
  const {mdx, data} = dataPage(WEBHOOK_EVENTS_PAGE, eventsPage(document, DATA, GUIDE_PATH));
  return {mdx: `${frontMatter.join('\n')}\n\n${mdx}`, data};
}

/** `twinUrl` gives a page's URL in twins. */
export function webhookEventsMarkdown(document: OpenApiDocument, twinUrl: (href: string) => string): string {
  return `${[`# ${WEBHOOK_EVENTS_TITLE}`, ...eventsPage(document, MARKDOWN, twinUrl(GUIDE_PATH))].join('\n\n')}\n`;
}
