/**
 * Every allowed value and every rule an operation can reach is on its built
 * page and in its Markdown twin: walking the served contract itself (not the
 * generator's field tree), through $ref, allOf, oneOf/anyOf, arrays, maps and
 * nested objects, in its parameters, request body (without read-only fields)
 * and responses (without write-only ones), each enum value with its
 * description, and each format, bound, length, item count and pattern.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildDir} from '../../lib/paths';
import {operationsOf, refResolver, type OpenApiNode} from '../../lib/openapi';
import {twinPath} from '../../src/shared/twin-paths';
import {builtPages, pageText, readBuildFile} from './site-files';

const document = JSON.parse(readBuildFile('openapi.json'));
const followRef = refResolver(document);
const pages = builtPages();

type Direction = 'request' | 'response';

/** What a page must show of one operation: each value with its description, each rule as the pages word it. */
interface Reachable {
  values: Map<string, {value: string; description: string}>;
  rules: Set<string>;
}

/** Keywords of a rule: a schema that states one itself overrides the one of a schema it extends (allOf), as the pages show only the schema's own. */
const RULE_KEYWORDS = ['format', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern'];

function collect(node: unknown, direction: Direction, into: Reachable, seen: string[] = [], overridden: ReadonlySet<string> = new Set()): void {
  if (!node || typeof node !== 'object') return;
  const ref = (node as OpenApiNode).$ref;
  if (typeof ref === 'string' && seen.includes(ref)) return;
  const schema = followRef(node);
  const trail = typeof ref === 'string' ? [...seen, ref] : seen;
  for (const value of (schema.enum ?? []).map(String)) {
    const description: string = schema['x-enum-descriptions']?.[value] ?? '';
    into.values.set(`${value}\n${description}`, {value, description});
  }
  if (!overridden.has('format') && schema.format) into.rules.add(`<${schema.format}>`);
  if (!overridden.has('minimum') && schema.minimum !== undefined) into.rules.add(`${schema.exclusiveMinimum === true ? '>' : '≥'} ${schema.minimum}`);
  if (!overridden.has('maximum') && schema.maximum !== undefined) into.rules.add(`${schema.exclusiveMaximum === true ? '<' : '≤'} ${schema.maximum}`);
  if (!overridden.has('minLength') && schema.minLength !== undefined) into.rules.add(`at least ${schema.minLength} characters`);
  if (!overridden.has('maxLength') && schema.maxLength !== undefined) into.rules.add(`at most ${schema.maxLength} characters`);
  if (!overridden.has('minItems') && schema.minItems !== undefined) into.rules.add(`at least ${schema.minItems} items`);
  if (!overridden.has('maxItems') && schema.maxItems !== undefined) into.rules.add(`at most ${schema.maxItems} items`);
  if (!overridden.has('pattern') && schema.pattern) into.rules.add(`pattern ${schema.pattern}`);
  const stated = new Set([...overridden, ...RULE_KEYWORDS.filter((keyword) => schema[keyword] !== undefined)]);
  for (const part of schema.allOf ?? []) collect(part, direction, into, trail, stated);
  for (const part of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) collect(part, direction, into, trail);
  if (schema.items) collect(schema.items, direction, into, trail);
  if (typeof schema.additionalProperties === 'object') collect(schema.additionalProperties, direction, into, trail);
  for (const property of Object.values(schema.properties ?? {})) {
    const resolved = followRef(property);
    const parts = [resolved, ...(resolved.allOf ?? []).map((part: unknown) => followRef(part))];
    if (parts.some((part) => (direction === 'request' ? part.readOnly : part.writeOnly) === true)) continue;
    collect(property, direction, into, trail);
  }
}

function reachableFrom(operation: OpenApiNode): Reachable {
  const into: Reachable = {values: new Map(), rules: new Set()};
  for (const parameter of (operation.parameters ?? []).map((node: unknown) => followRef(node))) collect(parameter.schema, 'request', into);
  for (const media of Object.values<OpenApiNode>(followRef(operation.requestBody ?? {}).content ?? {})) collect(media.schema, 'request', into);
  // Error bodies are one shape, whose codes each page lists by status and the error catalogue explains (tests/output/reference.test.ts).
  for (const [status, response] of Object.entries<OpenApiNode>(operation.responses ?? {})) {
    if (Number(status) >= 400) continue;
    for (const media of Object.values<OpenApiNode>(followRef(response).content ?? {})) collect(media.schema, 'response', into);
  }
  return into;
}

/** Text as both the HTML and the Markdown show it, compared without markup: entities decoded, links by their text, no code marks, emphasis or spaces. */
const comparable = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\([\\`*_{}[\]()<>#+\-.!|])/g, '$1')
    .replace(/[`*\s]/g, '');

const operations = operationsOf(document).map(({operation}) => ({id: operation.operationId as string, reachable: reachableFrom(operation)}));
const route = (id: string) => `/api/reference/${id.replaceAll('_', '-')}`;

describe('allowed values and rules on the reference pages', () => {
  it('reach enums in most operations (the walk follows the contract)', () => {
    expect(operations.filter(({reachable}) => reachable.values.size > 0).length).toBeGreaterThan(operations.length / 2);
  });

  it.each([
    ['page', (id: string) => pageText(pages.get(route(id)) ?? '')],
    ['Markdown twin', (id: string) => fs.readFileSync(path.join(buildDir, twinPath(route(id)).slice(1)), 'utf8')],
  ] as const)('are all on each operation’s %s, each value with its description', (_kind, textOf) => {
    const missing: string[] = [];
    for (const {id, reachable} of operations) {
      const shown = comparable(textOf(id));
      for (const {value, description} of reachable.values.values()) {
        if (!shown.includes(comparable(`${value}${description ? `: ${description}` : ''}`))) missing.push(`${id}: value ${value}`);
      }
      for (const rule of reachable.rules) if (!shown.includes(comparable(rule))) missing.push(`${id}: rule ${rule}`);
    }
    expect(missing.sort()).toEqual([]);
  });
});
