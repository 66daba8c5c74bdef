/**
 * Examples that agree with what the contract says of them: an action whose
 * description says "`actor` is null" has a null `actor`; an event is not dated
 * before any time inside it; an error example's `code` is one its response's enum
 * allows.
 */
import {isJsonObject as isObject, mediaExamples, operationsOf, resolveRef, resolveSchema, type OpenApiNode as Json} from '../openapi';

interface SchemaExample {
  where: string;
  schema: Json;
  value: unknown;
  /** The status, for an operation's response. */
  status?: string;
}

function schemaExamples(document: Json): SchemaExample[] {
  const examples: SchemaExample[] = [];
  const add = (media: Json | undefined, where: string, status?: string) => {
    if (!media?.schema) return;
    for (const {name, value} of mediaExamples(media, document)) {
      examples.push({where: name === 'default' ? where : `${where} (${name})`, schema: media.schema, value, status});
    }
  };
  for (const {operation} of operationsOf(document)) {
    for (const media of Object.values<Json>(resolveRef<Json>(document, operation.requestBody ?? {}).content ?? {})) add(media, `${operation.operationId} body`);
    for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
      for (const media of Object.values<Json>(resolveRef<Json>(document, response).content ?? {})) add(media, `${operation.operationId} ${status}`, status);
    }
  }
  for (const [name, schema] of Object.entries<Json>(document.components?.schemas ?? {})) {
    if (schema.example !== undefined) examples.push({where: `schema ${name}`, schema, value: schema.example});
  }
  return examples;
}

/** Through `$ref`s, `allOf`, `oneOf`, `anyOf`, properties, additional properties and items. */
function walk(
  document: Json,
  schema: Json | undefined,
  value: unknown,
  path: string,
  visit: (schema: Json, value: Record<string, unknown>, path: string) => void,
): void {
  if (!schema) return;
  const resolved = resolveRef<Json>(document, schema);
  for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) walk(document, part, value, path, visit);
  if (Array.isArray(value)) return value.forEach((item, index) => walk(document, resolved.items, item, `${path}/${index}`, visit));
  if (!isObject(value)) return;
  visit(resolved, value, path);
  for (const [name, field] of Object.entries(value)) {
    const fieldSchema = resolved.properties?.[name] ?? (isObject(resolved.additionalProperties) ? resolved.additionalProperties : undefined);
    walk(document, fieldSchema, field, `${path}/${name}`, visit);
  }
}

function examineExamples(document: Json, check: (schema: Json, value: Record<string, unknown>) => string | undefined): string[] {
  const problems = new Set<string>();
  for (const example of schemaExamples(document)) {
    walk(document, example.schema, example.value, '', (schema, value, path) => {
      const problem = check(schema, value);
      if (problem) problems.add(`${example.where}: ${path || '/'}: ${problem}`);
    });
  }
  return [...problems];
}

function actionsWithoutActor(document: Json, schema: Json): string[] {
  const action = resolveSchema<Json>(document, schema.properties?.action ?? {});
  const descriptions: Record<string, string> = action['x-enum-descriptions'] ?? {};
  return Object.keys(descriptions).filter((value) => descriptions[value].includes('`actor` is null'));
}

export function actorContradictions(document: Json): string[] {
  return examineExamples(document, (schema, value) => {
    if (!schema.properties?.action || !schema.properties?.actor || value.actor === null || !('actor' in value)) return undefined;
    return actionsWithoutActor(document, schema).includes(String(value.action))
      ? `action ${value.action} has a null actor, as its description says, yet the example names ${JSON.stringify(value.actor)}`
      : undefined;
  });
}

function dateTimes(value: unknown, path = ''): {path: string; time: string}[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => dateTimes(item, `${path}/${index}`));
  if (isObject(value)) return Object.entries(value).flatMap(([name, field]) => dateTimes(field, `${path}/${name}`));
  return typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(value) ? [{path, time: value}] : [];
}

export function occurredAtContradictions(document: Json): string[] {
  return examineExamples(document, (schema, value) => {
    if (!schema.properties?.occurred_at || typeof value.occurred_at !== 'string') return undefined;
    const occurred = Date.parse(value.occurred_at);
    const {occurred_at: _, ...reported} = value;
    const later = dateTimes(reported).filter(({time}) => Date.parse(time) > occurred);
    return later.length
      ? `occurred_at ${value.occurred_at} is before what the event reports: ${later.map(({path, time}) => `${path.slice(1)} ${time}`).join(', ')}`
      : undefined;
  });
}

export function errorCodeContradictions(document: Json): string[] {
  return schemaExamples(document)
    .filter((example) => Number(example.status) >= 400)
    .flatMap((example) => {
      const schema = resolveRef<Json>(document, example.schema);
      const allowed: unknown[] = resolveSchema<Json>(document, schema.properties?.code ?? {}).enum ?? [];
      const code = isObject(example.value) ? example.value.code : undefined;
      if (code === undefined) return [`${example.where}: /code: missing`];
      return allowed.includes(code) ? [] : [`${example.where}: /code: ${JSON.stringify(code)} is not one of ${allowed.join(', ')}`];
    });
}
