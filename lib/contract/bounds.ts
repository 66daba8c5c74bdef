/**
 * Gives every string of the document a `maxLength` where TypeSpec cannot state
 * one: dates by their format; files (the contract's upload and download limit); a
 * nullable field of a bounded scalar, which compiles to `allOf: [$ref]` beside
 * `nullable` that OpenAPI 3.0 validators read as never null, gets the scalar's
 * limits inline; and array bodies, whose constraints TypeSpec drops, get
 * `MaxPageItems`.
 */
import type {OpenApiNode} from '../openapi';
import type {OpenApiDocument} from './compile';

/** The longest value of each format: `2026-10-01`, and `2026-10-01T08:00:00.000000+00:00`. */
const FORMAT_MAX_LENGTH: Record<string, number> = {date: 10, 'date-time': 32, binary: 100 * 1024 * 1024, byte: Math.ceil((100 * 1024 * 1024) / 3) * 4};

/** `MaxPageItems` in contract/lib/common.tsp. */
const MAX_BULK_ITEMS = 100;

type Schema = OpenApiNode;

function bodies(document: OpenApiDocument): {schema?: Schema}[] {
  return Object.values<OpenApiNode>(document.paths ?? {}).flatMap((pathItem) =>
    Object.values<OpenApiNode>(pathItem).flatMap((operation) => [
      ...Object.values<{schema?: Schema}>(operation.requestBody?.content ?? {}),
      ...Object.values<OpenApiNode>(operation.responses ?? {}).flatMap((response) => Object.values<{schema?: Schema}>(response.content ?? {})),
    ]),
  );
}

export function boundStrings(document: OpenApiDocument): void {
  const schemas: Record<string, Schema> = document.components?.schemas ?? {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const schema = node as Schema;
    const scalarRef = schema.nullable && schema.allOf?.length === 1 ? schemas[String(schema.allOf[0].$ref).split('/').pop()!] : undefined;
    if (scalarRef && scalarRef.type !== 'object' && !scalarRef.enum) {
      delete schema.allOf;
      Object.assign(schema, {...scalarRef, ...schema, description: schema.description ?? scalarRef.description});
    }
    if (schema.type === 'string' && schema.maxLength === undefined && FORMAT_MAX_LENGTH[schema.format] !== undefined) {
      schema.maxLength = FORMAT_MAX_LENGTH[schema.format];
    }
    Object.values(schema).forEach(visit);
  };
  for (const {schema} of bodies(document)) if (schema?.type === 'array' && schema.maxItems === undefined) schema.maxItems = MAX_BULK_ITEMS;
  visit(document.paths);
  visit(document.components);
}
