/**
 * Examples that agree with their requests, since the sandbox answers with them and
 * pages show them under each call. (a) A field the request example sends that the
 * 2xx example also has holds the value sent. (b) A list asked with a filter
 * returns only items satisfying it (an item field named like the parameter, or its
 * `id`). (c) A bodyless non-read operation returning a sub-collection item it does
 * not name in its path made it from nothing: fields a create or update accepts
 * must be absent, null or the default. Named examples are judged pairwise by name.
 */
import {isJsonObject as isObject, mediaExamples, operationsOf, resolveRef, type OpenApiNode as Json} from '../openapi';

/** What a request shows: its query and its JSON body. */
export interface ExampleRequest {
  query: URLSearchParams;
  body?: unknown;
}

const show = (value: unknown): string => JSON.stringify(value);

/** Disagreements as `path: sent X, returned Y`. */
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

/** `action`, or `target_id` through `target.id`. */
function filteredField(item: Record<string, unknown>, parameter: string): {field: string; value: unknown} | undefined {
  if (parameter in item) return {field: parameter, value: item[parameter]};
  const related = parameter.replace(/_id$/, '');
  if (related !== parameter && isObject(item[related]) && 'id' in (item[related] as object)) return {field: `${related}/id`, value: (item[related] as Json).id};
  return undefined;
}

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
  example?: string;
  method: string;
  path: string;
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

function propertiesOf(document: Json, schema: Json | undefined): Record<string, Json> {
  const resolved = resolveRef(document, schema ?? {});
  return Object.assign({}, ...(resolved.allOf ?? []).map((part: Json) => propertiesOf(document, part)), resolved.properties ?? {});
}

/** Rule (c): a sub-collection item returned without being named. */
function picksAnUnnamedItem(operation: ExampleOperation, all: ExampleOperation[]): boolean {
  return all.some((create) => {
    if (create.method !== 'post' || !create.requestSchema || create.responseSchema?.$ref !== operation.responseSchema?.$ref) return false;
    const parent = create.path.replace(/[^/]+\/$/, '');
    return /\}\/$/.test(parent) && operation.path.startsWith(parent) && !operation.path.startsWith(create.path);
  });
}

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

export function shownResponseContradictions(request: ExampleRequest, response: unknown): string[] {
  return [...(request.body !== undefined ? sentValueContradictions(request.body, response) : []), ...filterContradictions(request.query, response)];
}
