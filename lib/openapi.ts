/** OpenAPI reading written once for the generators and the tests alike. */
import {STATUS_CODES} from 'node:http';

// OpenAPI documents are JSON of any shape; each reader narrows what it uses.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document walked generically; its shape is checked by the contract's schemas and the tests, not by this type
export type OpenApiNode = Record<string, any>;

/** OpenAPI 3.0 and 3.1. The contract's five first, in the order the portal has always listed them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const isJsonObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

export function atPointer(document: OpenApiNode, ref: string): unknown {
  const keys = ref
    .slice(2)
    .split('/')
    .map((key) => decodeURIComponent(key).replace(/~1/g, '/').replace(/~0/g, '~'));
  return keys.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as OpenApiNode)[key] : undefined), document);
}

/** Follows references to references; throws, naming the reference, on one that is not local, points nowhere, or leads back to itself. */
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

/** Resolves references and the one-element `allOf` the compiler wraps a described reference in. */
export function resolveSchema<T = OpenApiNode>(document: OpenApiNode, node: unknown): T {
  const resolved = resolveRef<OpenApiNode | undefined>(document, node);
  return (resolved?.allOf?.length === 1 && !resolved.properties ? resolveSchema(document, resolved.allOf[0]) : resolved) as T;
}

export const refResolver =
  (document: OpenApiNode) =>
  <T = OpenApiNode>(node: unknown): T =>
    resolveRef<T>(document, node);

export interface OperationEntry {
  path: string;
  method: HttpMethod;
  operation: OpenApiNode;
}

/** Paths in document order, methods in HTTP_METHODS order. */
export function operationsOf(document: OpenApiNode): OperationEntry[] {
  return Object.entries<OpenApiNode>(document.paths ?? {}).flatMap(([path, pathItem]) =>
    HTTP_METHODS.filter((method) => pathItem?.[method]).map((method) => ({path, method, operation: pathItem[method] as OpenApiNode})),
  );
}

/** The value a parameter's examples give it: its own example, else its schema's example or default. */
export const parameterValue = (parameter: OpenApiNode, schema: OpenApiNode | undefined): unknown => parameter.example ?? schema?.example ?? schema?.default;

/** `x-sunset` is the day it may stop working; `x-replaced-by` what to use instead (Markdown). */
export const SUNSET_EXTENSION = 'x-sunset';
export const REPLACED_BY_EXTENSION = 'x-replaced-by';

/** A status with its reason phrase; `default` and unknown codes stand alone. */
export const statusLine = (status: string): string => `${status} ${STATUS_CODES[status] ?? ''}`.trim();

export interface NamedExample {
  name: string;
  summary: string;
  value: unknown;
}

/** Named `examples` in order (the first is the sandbox's default answer), or the single `example` as `default`. */
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

export const defaultExample = (media: Parameters<typeof mediaExamples>[0], document?: OpenApiNode): unknown => mediaExamples(media, document)[0]?.value;
