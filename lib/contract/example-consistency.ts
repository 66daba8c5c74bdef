/**
 * Examples that agree with their requests. Prism answers with the contract's
 * examples and the pages show them under each call, so an example that
 * contradicts its own request teaches the contradiction. Three rules, each
 * problem naming the operation, the field's path and both values:
 *
 * (a) Sent comes back. A field the request example sends that the 2xx response
 *     example also has must hold the value sent, compared recursively, arrays
 *     element by element and by length. A field absent from the response (a
 *     write-only secret) is fine.
 * (b) Filters hold. A list operation (its 2xx example has a `results` array)
 *     asked with a filter (a query parameter's documented example, or the query
 *     a page writes) returns only items that satisfy it: an item field named
 *     like the parameter (`action`, or `target` for `target_id` through its
 *     `id`) holds one of the values asked for (repeated or comma-separated), or
 *     contains one when it is an array. Paging, ordering, search and range
 *     parameters (no item field of their name) are not filters here.
 * (c) Nothing from nowhere. An operation that takes no body and is not a read
 *     (no GET or HEAD), and returns an item of a sub-collection (a collection
 *     under another resource's item, created by a POST with a body:
 *     `/targets/{target_id}/scans/`) without naming that item in its path
 *     (`/targets/{target_id}/scan_now/`, not `…/scans/{scan_id}/cancel/`), made
 *     or picked the item from the path alone. A field of its response that an
 *     operation answering with the same schema accepts in its body (the item's
 *     create or update) must be absent, null, or the schema's default there.
 *     Actions on a named item (`rotate_key`, `retest`) and on singletons
 *     (`otp/reset`) return what earlier requests set, and are not judged.
 *
 * An operation with named examples (titled `@opExample`s) is judged example by
 * example: each response example against the request example of its name (or
 * the only, unnamed one), the documented query parameters against the first.
 * Problems of a named example name it: `targets_create (api-target): …`.
 */
import {isJsonObject as isObject, mediaExamples, operationsOf, resolveRef, type OpenApiNode as Json} from '../openapi';

/** What a request shows: its query and its JSON body. */
export interface ExampleRequest {
  query: URLSearchParams;
  body?: unknown;
}

const show = (value: unknown): string => JSON.stringify(value);

/** Where a sent value and the returned one disagree, as `path: sent X, returned Y`. */
export function sentValueContradictions(sent: unknown, returned: unknown, path = ''): string[] {
  // A body of ids answered with the objects they name has no field in common at the top.
  if (path === '' && Array.isArray(sent) !== Array.isArray(returned)) return [];
  if (isObject(sent) && isObject(returned)) {
    return Object.entries(sent).flatMap(([name, value]) => (name in returned ? sentValueContradictions(value, returned[name], `${path}/${name}`) : []));
  }
  if (Array.isArray(sent) && Array.isArray(returned) && sent.length === returned.length) {
    return sent.flatMap((value, index) => sentValueContradictions(value, returned[index], `${path}/${index}`));
  }
  if (isObject(sent) || Array.isArray(sent) || isObject(returned) || Array.isArray(returned) || sent !== returned) {
    return show(sent) === show(returned) ? [] : [`${path || '/'}: sent ${show(sent)}, returned ${show(returned)}`];
  }
  return [];
}

/** The value of an item that a filter parameter names: `action`, or `target_id` through `target.id`. */
function filteredField(item: Record<string, unknown>, parameter: string): {field: string; value: unknown} | undefined {
  if (parameter in item) return {field: parameter, value: item[parameter]};
  const related = parameter.replace(/_id$/, '');
  if (related !== parameter && isObject(item[related]) && 'id' in (item[related] as object)) return {field: `${related}/id`, value: (item[related] as Json).id};
  return undefined;
}

/** Items of a list example that a filtered request could not have returned. */
export function filterContradictions(query: URLSearchParams, example: unknown): string[] {
  if (!isObject(example) || !Array.isArray(example.results)) return [];
  const problems: string[] = [];
  for (const parameter of new Set(query.keys())) {
    const asked = query.getAll(parameter).flatMap((value) => value.split(','));
    example.results.forEach((item, index) => {
      const found = isObject(item) ? filteredField(item, parameter) : undefined;
      if (!found) return;
      const values = Array.isArray(found.value) ? found.value : [found.value];
      if (!values.some((value) => asked.includes(String(value)))) {
        problems.push(`/results/${index}/${found.field}: filtered by ${parameter}=${asked.join(',')}, returned ${show(found.value)}`);
      }
    });
  }
  return problems;
}

interface ExampleOperation {
  id: string;
  /** The named example judged, when the operation has several. */
  example?: string;
  method: string;
  path: string;
  /** Whether the operation takes a body, of any media type. */
  hasBody: boolean;
  requestSchema?: Json;
  request?: unknown;
  query: URLSearchParams;
  responseSchema?: Json;
  response?: unknown;
}

function exampleOperations(document: Json): ExampleOperation[] {
  return operationsOf(document).flatMap(({path, method, operation}) => {
    const requestMedia = resolveRef(document, operation.requestBody ?? {})?.content?.['application/json'];
    const success = Object.entries<Json>(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
    const responseMedia = success ? resolveRef(document, success[1]).content?.['application/json'] : undefined;
    const query = new URLSearchParams();
    for (const parameter of (operation.parameters ?? []).map((node: Json) => resolveRef(document, node))) {
      const example = parameter.example ?? parameter.schema?.example;
      if (parameter.in === 'query' && example !== undefined) for (const value of [example].flat()) query.append(parameter.name, String(value));
    }
    const requests = mediaExamples(requestMedia, document);
    const responses = mediaExamples(responseMedia, document);
    const named = responses.length > 1 || responses.some((response) => response.name !== 'default');
    const common = {
      id: operation.operationId,
      method,
      path,
      hasBody: Boolean(operation.requestBody),
      requestSchema: requestMedia?.schema,
      responseSchema: responseMedia?.schema,
    };
    if (!responses.length) return [{...common, request: requests[0]?.value, query}];
    return responses.map((response, index) => ({
      ...common,
      example: named ? response.name : undefined,
      request: (
        requests.find((request) => request.name === response.name) ?? (requests.length === 1 && requests[0].name === 'default' ? requests[0] : undefined)
      )?.value,
      query: index === 0 ? query : new URLSearchParams(),
      response: response.value,
    }));
  });
}

/** Top-level properties of an object schema, through $ref and allOf. */
function propertiesOf(document: Json, schema: Json | undefined): Record<string, Json> {
  const resolved = resolveRef(document, schema ?? {});
  return Object.assign({}, ...(resolved.allOf ?? []).map((part: Json) => propertiesOf(document, part)), resolved.properties ?? {});
}

/** Whether the operation returns an item of a sub-collection without naming it (rule c). */
function picksAnUnnamedItem(operation: ExampleOperation, all: ExampleOperation[]): boolean {
  return all.some((create) => {
    if (create.method !== 'post' || !create.requestSchema || create.responseSchema?.$ref !== operation.responseSchema?.$ref) return false;
    const parent = create.path.replace(/[^/]+\/$/, '');
    return /\}\/$/.test(parent) && operation.path.startsWith(parent) && !operation.path.startsWith(create.path);
  });
}

/** Rule (c) for one bodyless, non-read operation. */
function fieldsOnlyARequestSets(document: Json, operation: ExampleOperation, all: ExampleOperation[]): string[] {
  if (!operation.responseSchema?.$ref || !isObject(operation.response) || !picksAnUnnamedItem(operation, all)) return [];
  const properties = propertiesOf(document, operation.responseSchema);
  const writers = new Map<string, string[]>();
  for (const writer of all) {
    if (writer.responseSchema?.$ref !== operation.responseSchema.$ref || !writer.requestSchema) continue;
    for (const field of Object.keys(propertiesOf(document, writer.requestSchema))) writers.set(field, [...(writers.get(field) ?? []), writer.id]);
  }
  return [...writers].flatMap(([field, ids]) => {
    const value = (operation.response as Record<string, unknown>)[field];
    const fallback = resolveRef(document, properties[field] ?? {}).default;
    if (value === undefined || value === null || (fallback !== undefined && show(fallback) === show(value))) return [];
    return [`/${field}: takes no body, yet returns ${show(value)}, which only a request body sets (${ids.join(', ')})`];
  });
}

/** Every contradiction between the contract's examples and their requests, as `operation_id: /path: …`. */
export function exampleContradictions(document: Json): string[] {
  const operations = exampleOperations(document);
  return operations.flatMap((operation) => {
    const problems: string[] = [];
    if (operation.request !== undefined && operation.response !== undefined) problems.push(...sentValueContradictions(operation.request, operation.response));
    problems.push(...filterContradictions(operation.query, operation.response));
    if (!operation.hasBody && operation.method !== 'get' && operation.method !== 'head')
      problems.push(...fieldsOnlyARequestSets(document, operation, operations));
    return problems.map((problem) => `${operation.id}${operation.example ? ` (${operation.example})` : ''}: ${problem}`);
  });
}

/** Contradictions between the response a page shows under a request and that request. */
export function shownResponseContradictions(request: ExampleRequest, response: unknown): string[] {
  return [...(request.body !== undefined ? sentValueContradictions(request.body, response) : []), ...filterContradictions(request.query, response)];
}
