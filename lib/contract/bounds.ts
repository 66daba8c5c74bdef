/**
 * Completes the size limits that TypeSpec cannot state on its own types, so
 * that every string of the document has a `maxLength` (the bounded scalars of
 * contract/lib/common.tsp state the rest):
 *
 * - dates and date-times have a fixed length by their format;
 * - files (`binary`, `byte`) are at most 100 MiB, uploads and downloads alike;
 * - a nullable field of a bounded scalar compiles to `allOf: [$ref]` beside
 *   `nullable`, which OpenAPI 3.0 validators read as "never null", so its
 *   `null` examples fail them: such a field gets the scalar's limits inline;
 * - TypeSpec drops the constraints of a body that is an array: each such body
 *   is a bulk request or its answer, at most 100 objects (`MaxPageItems`).
 */
import type {OpenApiNode} from '../openapi';
import type {OpenApiDocument} from './compile';

/** The longest value of each format: `2026-10-01`, and `2026-10-01T08:00:00.000000+00:00`. */
const FORMAT_MAX_LENGTH: Record<string, number> = {date: 10, 'date-time': 32, binary: 100 * 1024 * 1024, byte: Math.ceil((100 * 1024 * 1024) / 3) * 4};

/** The most objects one bulk request creates, changes or answers (`MaxPageItems` in contract/lib/common.tsp). */
const MAX_BULK_ITEMS = 100;

type Schema = OpenApiNode;

/** Every media type of every request body and response of the document. */
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
