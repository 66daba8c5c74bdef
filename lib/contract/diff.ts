/**
 * Contract changes classified for this API's clients: api-smart-diff finds them,
 * and our rules add that a removed enum value is always breaking, an added
 * response enum value may break strict clients, and wording changes are left out.
 */
import {apiDiff} from 'api-smart-diff';
import {changeWords, type ChangeWords} from './change-words';
import {atPointer, HTTP_METHODS, resolveRef, type HttpMethod, type OpenApiNode} from '../openapi';

export type ChangeKind = 'breaking' | 'deprecated' | 'added' | 'changed';

export interface ContractChange {
  kind: ChangeKind;
  /** Absent for a change to the whole API (its authentication). */
  operation?: {method: HttpMethod; path: string; operationId?: string};
  /** In words ("response 200 › severity"); empty for the operation itself. */
  location: string;
  what: string;
  /** Added to a response enum: clients that reject unknown values break. */
  mayBreakStrictClients?: boolean;
  pointer: (string | number)[];
  words: ChangeWords;
}

const isMethod = (key: unknown): key is HttpMethod => HTTP_METHODS.includes(key as HttpMethod);

/** The node at a path, following a $ref at each step as the differ does. */
export function nodeAt(document: OpenApiNode, pointer: readonly (string | number)[]): unknown {
  let node: unknown = document;
  for (const key of pointer) {
    node = resolveRef(document, node);
    if (!node || typeof node !== 'object') return undefined;
    node = (node as OpenApiNode)[key];
  }
  return node === undefined ? undefined : resolveRef(document, node);
}

const PAST: Record<string, string> = {add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed'};

const brief = (value: unknown) => {
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** The parameter at `index`, after the change or, when removed, before it. */
function parameterAt(
  index: string | number,
  operationAfter: unknown,
  operationBefore: unknown,
  documents: [OpenApiNode, OpenApiNode],
): OpenApiNode | undefined {
  const parameterOf = (operation: unknown, document: OpenApiNode) => {
    const list = (operation as OpenApiNode | undefined)?.parameters;
    return Array.isArray(list) ? (resolveRef(document, list[index as number]) as OpenApiNode | undefined) : undefined;
  };
  return parameterOf(operationAfter, documents[1]) ?? parameterOf(operationBefore, documents[0]);
}

function describeLocation(rest: (string | number)[], operationBefore: unknown, operationAfter: unknown, documents: [OpenApiNode, OpenApiNode]): string {
  const words: string[] = [];
  let field: string[] = [];
  const flush = () => {
    if (field.length) words.push(field.join('.'));
    field = [];
  };
  for (let index = 0; index < rest.length; index++) {
    const key = rest[index];
    const next = rest[index + 1];
    if (key === 'parameters' && next !== undefined) {
      const named = parameterAt(next, operationAfter, operationBefore, documents);
      words.push(named?.name ? `${named.in ?? ''} parameter ${named.name}`.trim() : 'parameters');
      index++;
    } else if (key === 'requestBody') words.push('request body');
    else if (key === 'responses' && next !== undefined) {
      words.push(`response ${next}`);
      index++;
    } else if (key === 'content' || key === 'schema') {
      if (key === 'content') index++;
    } else if (key === 'properties' && next !== undefined) {
      field.push(String(next));
      index++;
    } else if (key === 'items') field.push('[]');
    else if ((key === 'allOf' || key === 'oneOf' || key === 'anyOf') && next !== undefined) index++;
    else if (key === 'enum' || key === 'required' || key === 'security') break;
    else {
      flush();
      words.push(String(key));
    }
  }
  flush();
  return words.join(' › ');
}

function describeChange(action: string, rest: (string | number)[], before: unknown, after: unknown): string {
  const last = rest.at(-1);
  const parent = rest.at(-2);
  if (rest.length === 0) return `operation ${PAST[action]}`;
  if (parent === 'enum')
    return `enum value "${brief(action === 'add' ? after : before)}" ${action === 'add' ? 'added' : action === 'remove' ? 'removed' : `changed to "${brief(after)}"`}`;
  if (parent === 'required')
    return `field ${brief(action === 'add' ? after : before)} ${action === 'add' ? 'made required' : action === 'remove' ? 'no longer required' : 'required changed'}`;
  if (parent === 'parameters') {
    const parameter = (action === 'remove' ? before : after) as OpenApiNode | undefined;
    return `${parameter?.required ? 'required ' : ''}parameter ${action === 'add' ? 'added' : action === 'remove' ? 'removed' : 'changed'}`;
  }
  if (parent === 'properties') return `field ${action === 'add' ? 'added' : action === 'remove' ? 'removed' : 'changed'}`;
  if (parent === 'responses') return `response ${last} ${action === 'add' ? 'added' : action === 'remove' ? 'removed' : 'changed'}`;
  if (action === 'replace') return `${last} changed from ${brief(before)} to ${brief(after)}`;
  if (action === 'add') return `${last} added: ${brief(after)}`;
  if (action === 'remove') return `${last} removed (was ${brief(before)})`;
  return `${last} ${PAST[action]}`;
}

/** Clients never depend on wording and examples. */
const WORDING = new Set(['description', 'summary', 'example', 'examples', 'x-enum-descriptions', 'title']);

/** Not the name of a field (`description` in `properties`), which clients do depend on. */
const isWording = (key: string | number, parentKey: string | number | undefined) => WORDING.has(String(key)) && parentKey !== 'properties';

/**
 * The differ reads a field that became a named scalar as its type removed, does
 * not look through the compiler's one-element `allOf`, and ignores $refs in
 * response headers; so field-less references are inlined and one-element `allOf`s
 * unwrapped, leaving what a client sees.
 */
function inlineScalarSchemas(document: OpenApiNode): OpenApiNode {
  // What is not under paths and components is left as it was.
  const copy = {...document};
  // What has no fields of its own to compare.
  const isScalar = (schema: OpenApiNode | undefined) => schema !== undefined && !schema.properties && !schema.allOf && !schema.oneOf && !schema.anyOf;
  const inline = (node: unknown, seen: Set<string>): unknown => {
    if (Array.isArray(node)) return node.map((item) => inline(item, seen));
    if (!node || typeof node !== 'object') return node;
    let current = node as OpenApiNode;
    if (typeof current.$ref === 'string' && !seen.has(current.$ref)) {
      const target = resolveRef<OpenApiNode | undefined>(copy, {$ref: current.$ref});
      if (isScalar(target)) {
        const {$ref, ...siblings} = current;
        current = {...target, ...siblings};
        return inline(current, new Set([...seen, $ref]));
      }
      return current;
    }
    const result: OpenApiNode = Object.fromEntries(Object.entries(current).map(([key, value]) => [key, inline(value, seen)]));
    if (Array.isArray(result.allOf) && result.allOf.length === 1 && !result.allOf[0].$ref) {
      const {allOf, ...rest} = result;
      return {...allOf[0], ...rest};
    }
    return result;
  };
  copy.paths = inline(copy.paths, new Set());
  if (copy.components) copy.components = inline(copy.components, new Set());
  return copy;
}

/** Wording left out; $refs stay as written. */
function textWithoutWording(node: unknown, nodeKey?: string): string {
  if (Array.isArray(node)) return `[${node.map((item) => textWithoutWording(item)).join(',')}]`;
  if (!node || typeof node !== 'object') return JSON.stringify(node) ?? 'null';
  const fields = Object.entries(node as OpenApiNode)
    .filter(([key]) => !isWording(key, nodeKey))
    .map(([key, value]) => `${JSON.stringify(key)}:${textWithoutWording(value, key)}`);
  return `{${fields.join(',')}}`;
}

function referencesFrom(document: OpenApiNode, node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referencesFrom(document, item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        if (!found.has(value)) {
          found.add(value);
          referencesFrom(document, resolveRef(document, {$ref: value}), found);
        }
      } else referencesFrom(document, value, found);
    }
  }
  return found;
}

type Difference = ReturnType<typeof apiDiff>[number];

/** One change per header, as when a response gains one more. */
function eachHeader(diff: Difference): Difference[] {
  const pointer = diff.path as (string | number)[];
  const headers = (diff.action === 'add' ? diff.after : diff.action === 'remove' ? diff.before : undefined) as OpenApiNode | undefined;
  if (pointer.length !== 6 || pointer[0] !== 'paths' || pointer[3] !== 'responses' || pointer[5] !== 'headers' || !headers || typeof headers !== 'object')
    return [diff];
  return Object.keys(headers).map((name) => ({
    ...diff,
    path: [...pointer, name],
    ...(diff.action === 'add' ? {after: headers[name] as unknown} : {before: headers[name] as unknown}),
  }));
}

export function diffContracts(original: OpenApiNode, changed: OpenApiNode): ContractChange[] {
  const [before, after] = [inlineScalarSchemas(original), inlineScalarSchemas(changed)];
  // The differ dominates the reference step; path items equal but for wording, with equal components, have nothing for it to find.
  const equalComponents = new Map<string, boolean>();
  const equalComponent = (ref: string) => {
    let equal = equalComponents.get(ref);
    if (equal === undefined) {
      const [inBefore, inAfter] = [atPointer(before, ref), atPointer(after, ref)];
      equal = inBefore !== undefined && inAfter !== undefined && textWithoutWording(inBefore) === textWithoutWording(inAfter);
      equalComponents.set(ref, equal);
    }
    return equal;
  };
  const unchanged = new Set(
    Object.keys(before.paths ?? {}).filter(
      (path) =>
        after.paths?.[path] !== undefined &&
        textWithoutWording(before.paths[path]) === textWithoutWording(after.paths[path]) &&
        [...referencesFrom(before, before.paths[path])].every(equalComponent),
    ),
  );
  const changedPaths = new Map(
    [before, after].map((document) => [document, Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => !unchanged.has(path)))]),
  );
  // Only changes under paths and to authentication are kept, so the differ gets only the components the changed paths name rather than walking every schema.
  const named = new Set([...changedPaths].flatMap(([document, paths]) => [...referencesFrom(document, paths)]));
  const withChangedPaths = (document: OpenApiNode): OpenApiNode => ({
    ...document,
    paths: changedPaths.get(document),
    components: Object.fromEntries(
      Object.entries((document.components ?? {}) as Record<string, Record<string, unknown>>).map(([section, entries]) => [
        section,
        section === 'securitySchemes' ? entries : Object.fromEntries(Object.entries(entries).filter(([name]) => named.has(`#/components/${section}/${name}`))),
      ]),
    ),
  });
  const changes: ContractChange[] = [];
  for (const diff of apiDiff(withChangedPaths(before), withChangedPaths(after)).flatMap(eachHeader)) {
    const pointer = diff.path as (string | number)[];
    if (diff.type === 'annotation' || pointer.some((key, index) => isWording(key, pointer[index - 1]))) continue;
    const whole = pointer[0] === 'security' || (pointer[0] === 'components' && pointer[1] === 'securitySchemes');
    if (pointer[0] !== 'paths' && !whole) continue;
    if (whole) {
      changes.push({
        kind: diff.type === 'breaking' || diff.type === 'unclassified' ? 'breaking' : 'changed',
        location: pointer.join(' › '),
        what: `authentication ${PAST[diff.action]}`,
        pointer,
        words: {text: 'Authentication changed', sort: 'Authentication changed'},
      });
      continue;
    }
    if (pointer.length === 2) {
      const item = (diff.action === 'remove' ? diff.before : diff.after) as OpenApiNode;
      for (const method of HTTP_METHODS.filter((method) => item?.[method])) {
        const operation = item[method] as OpenApiNode;
        const removed = diff.action === 'remove';
        changes.push({
          kind: removed ? 'breaking' : 'added',
          operation: {method, path: String(pointer[1]), operationId: operation.operationId},
          location: '',
          what: removed ? 'operation removed' : 'operation added',
          pointer: [...pointer, method],
          words: changeWords({action: diff.action, rest: [], before: undefined, after: undefined}),
        });
      }
      continue;
    }
    if (!isMethod(pointer[2])) continue;
    const [, path, method] = pointer as [string, string, HttpMethod];
    const operationBefore = nodeAt(before, ['paths', path, method]) as OpenApiNode | undefined;
    const operationAfter = nodeAt(after, ['paths', path, method]) as OpenApiNode | undefined;
    const rest = pointer.slice(3);
    const enumValue = rest.at(-2) === 'enum';
    const inResponse = rest[0] === 'responses';
    let kind: ChangeKind =
      diff.type === 'breaking'
        ? 'breaking'
        : diff.type === 'deprecated'
          ? 'deprecated'
          : diff.action === 'add' && diff.type === 'non-breaking'
            ? 'added'
            : 'changed';
    // A client that sends it or branches on it breaks.
    if (enumValue && diff.action !== 'add') kind = 'breaking';
    // Clients must ignore enum values they do not know (the versioning policy).
    if (enumValue && diff.action === 'add' && inResponse) kind = 'added';
    const change: ContractChange = {
      kind,
      operation: {method, path, operationId: (operationAfter ?? operationBefore)?.operationId},
      location: describeLocation(rest, operationBefore, operationAfter, [before, after]),
      what: describeChange(diff.action, rest, diff.before, diff.after),
      pointer,
      words: changeWords({
        action: diff.action,
        rest,
        before: diff.before,
        after: diff.after,
        parameter: rest[0] === 'parameters' ? parameterAt(rest[1], operationAfter, operationBefore, [before, after]) : undefined,
        holderAfter: nodeAt(after, pointer.slice(0, -1)) as OpenApiNode | undefined,
        schemaBefore: nodeAt(before, pointer.slice(0, -2)) as OpenApiNode | undefined,
        schemaAfter: nodeAt(after, pointer.slice(0, -2)) as OpenApiNode | undefined,
      }),
    };
    if (enumValue && diff.action === 'add' && inResponse) change.mayBreakStrictClients = true;
    changes.push(change);
  }
  return changes;
}

/** `BREAKING GET /api/v1/x/ (getX) response 200 › severity: enum value "low" removed`. */
export function changeLine(change: ContractChange): string {
  const operation = change.operation
    ? `${change.operation.method.toUpperCase()} ${change.operation.path}${change.operation.operationId ? ` (${change.operation.operationId})` : ''}`
    : 'API';
  const strict = change.mayBreakStrictClients ? ' (may break strict clients)' : '';
  return `${change.kind.toUpperCase()} ${operation}${change.location ? ` ${change.location}` : ''}: ${change.what}${strict}`;
}
