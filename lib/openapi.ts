/**
 * What every reader of an OpenAPI document needs, written once for the
 * generators and the tests alike: the methods a path item holds operations
 * under, local `$ref` resolution through chains of references, the list of
 * operations, and a response code's status line.
 */
import {STATUS_CODES} from 'node:http';

// OpenAPI documents are JSON of any shape; each reader narrows what it uses.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document walked generically; its shape is checked by the contract's schemas and the tests, not by this type
export type OpenApiNode = Record<string, any>;

/**
 * The fields of a path item that hold an operation (OpenAPI 3.0 and 3.1).
 * The contract's five first, in the order the portal has always listed them.
 */
export const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Whether a JSON value is an object (not null, not an array). */
export const isJsonObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** The node a local JSON pointer (`#/components/schemas/Scan`) names, or undefined. */
export function atPointer(document: OpenApiNode, ref: string): unknown {
  const keys = ref
    .slice(2)
    .split('/')
    .map((key) => decodeURIComponent(key).replace(/~1/g, '/').replace(/~0/g, '~'));
  return keys.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as OpenApiNode)[key] : undefined), document);
}

/**
 * The node a `$ref` points to, through references to references, or the node
 * itself when it is no reference. Throws, naming the reference, on one that is
 * not local, points nowhere, or leads back to itself.
 */
export function resolveRef<T = OpenApiNode>(document: OpenApiNode, node: unknown): T {
  const followed: string[] = [];
  let current = node;
  while (current && typeof current === 'object' && typeof (current as OpenApiNode).$ref === 'string') {
    const ref: string = (current as OpenApiNode).$ref;
    if (!ref.startsWith('#/')) throw new Error(`Only references within the document are resolved, not ${ref}`);
    if (followed.includes(ref)) throw new Error(`The reference ${ref} leads back to itself: ${[...followed, ref].join(' → ')}`);
    followed.push(ref);
    current = atPointer(document, ref);
    if (current === undefined) throw new Error(`The reference ${ref} points to nothing in the document`);
  }
  return current as T;
}

/** A schema through its references and the one-element `allOf` the compiler wraps a described reference in. */
export function resolveSchema<T = OpenApiNode>(document: OpenApiNode, node: unknown): T {
  const resolved = resolveRef<OpenApiNode | undefined>(document, node);
  return (resolved?.allOf?.length === 1 && !resolved.properties ? resolveSchema(document, resolved.allOf[0]) : resolved) as T;
}

/** `resolveRef` bound to one document. */
export const refResolver =
  (document: OpenApiNode) =>
  <T = OpenApiNode>(node: unknown): T =>
    resolveRef<T>(document, node);

export interface OperationEntry {
  /** The path template, as the document writes it (`/api/v1/targets/{target_id}/`). */
  path: string;
  method: HttpMethod;
  operation: OpenApiNode;
}

/** Every operation of a document, path by path in the document's order, methods in HTTP_METHODS order. */
export function operationsOf(document: OpenApiNode): OperationEntry[] {
  return Object.entries<OpenApiNode>(document.paths ?? {}).flatMap(([path, pathItem]) =>
    HTTP_METHODS.filter((method) => pathItem?.[method]).map((method) => ({path, method, operation: pathItem[method] as OpenApiNode})),
  );
}

/**
 * The contract's deprecation extensions, beside `deprecated: true` on an
 * operation, parameter or field: `@extension("x-sunset", "YYYY-MM-DD")`, the
 * day it may stop working, and `@extension("x-replaced-by", "…")`, what to use
 * instead (Markdown).
 */
export const SUNSET_EXTENSION = 'x-sunset';
export const REPLACED_BY_EXTENSION = 'x-replaced-by';

/** A response code with its reason phrase ("404 Not Found"); `default` and unknown codes stand alone. */
export const statusLine = (status: string): string => `${status} ${STATUS_CODES[status] ?? ''}`.trim();

/** One example of a media type: its name (the `@opExample` title), a line about it, and the value. */
export interface NamedExample {
  name: string;
  summary: string;
  value: unknown;
}

/**
 * A media type's examples: its named `examples` in the document's order (an
 * operation's titled `@opExample`s; the first is the one the sandbox answers
 * by default), or its single `example`, named `default`. Examples given by
 * `$ref` are resolved when the document is passed.
 */
export function mediaExamples(media: {example?: unknown; examples?: Record<string, unknown>} | undefined, document: OpenApiNode = {}): NamedExample[] {
  if (!media) return [];
  if (media.examples) {
    return Object.entries(media.examples).map(([name, node]) => {
      const example = resolveRef<OpenApiNode>(document, node);
      return {name, summary: example.description ?? example.summary ?? name, value: example.value};
    });
  }
  return media.example === undefined ? [] : [{name: 'default', summary: '', value: media.example}];
}

/** The example a media type shows first: its `example`, or the first of its named `examples`. */
export const defaultExample = (media: Parameters<typeof mediaExamples>[0], document?: OpenApiNode): unknown => mediaExamples(media, document)[0]?.value;
