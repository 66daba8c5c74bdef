/**
 * A dereferenced schema as the reference's flat field tree: allOf merged, array
 * items' fields shown, oneOf/anyOf as variants, 3.1 type lists read as 3.0 types,
 * and a schema that contains itself stopped at the repetition.
 */

import {REPLACED_BY_EXTENSION, SUNSET_EXTENSION, type OpenApiNode} from '../openapi';

export type Schema = OpenApiNode;

export interface FieldNode {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  constraints: string[];
  /** Allowed values of the field, or of each item of an array field. */
  values: EnumValue[];
  children: FieldNode[];
  variants: {title: string; fields: FieldNode[]}[];
  circular?: boolean;
}

export interface EnumValue {
  value: string;
  description?: string;
}

export type Direction = 'request' | 'response';

/** A guard against runaway nesting, above the contract's deepest field (a webhook delivery's payload down to a finding's evidence markers). */
const MAX_DEPTH = 16;

/** docusaurus-plugin-openapi-docs replaces a recursive schema by the text `circular(<title>)`. */
const isRepetition = (schema: unknown): schema is string => typeof schema === 'string' && /^circular\(.*\)$/.test(schema);

/** OpenAPI 3.1's type list: 'null' in it makes the schema nullable, as 3.0 says. */
function withTypeList(schema: Schema): Schema {
  if (!Array.isArray(schema.type)) return schema;
  const types = schema.type.filter((type: string) => type !== 'null');
  return {...schema, type: types.length === 1 ? types[0] : types, ...(types.length < schema.type.length ? {nullable: true} : {})};
}

/** allOf members merged into one; the outer schema's own keywords win. */
export function plainSchema(schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return withTypeList(schema);
  const {allOf, ...own} = schema;
  const merged: Schema = {};
  for (const part of (allOf as Schema[]).map(plainSchema)) {
    Object.assign(merged, part, {
      properties: {...merged.properties, ...part.properties},
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    });
  }
  const result = {...merged, ...own};
  if (own.properties) result.properties = {...merged.properties, ...own.properties};
  result.required = [...new Set([...(merged.required ?? []), ...(own.required ?? [])])];
  if (Object.keys(result.properties ?? {}).length === 0) delete result.properties;
  if (result.required.length === 0) delete result.required;
  return withTypeList(result);
}

export function typeLabel(input: Schema): string {
  if (isRepetition(input)) return 'object';
  const schema = plainSchema(input);
  if (schema.oneOf || schema.anyOf) return 'one of';
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'array') return `array<${schema.items ? typeLabel(schema.items) : 'any'}>`;
  if (schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object' && !schema.properties) {
    return `map<${typeLabel(schema.additionalProperties)}>`;
  }
  const type = schema.type ?? (schema.properties ? 'object' : 'any');
  return schema.format ? `${type}<${schema.format}>` : String(type);
}

export function enumValues(schema: Schema): EnumValue[] {
  if (!Array.isArray(schema.enum)) return [];
  const descriptions: Record<string, string> = schema['x-enum-descriptions'] ?? {};
  return schema.enum.map((value: unknown) => ({value: String(value), description: descriptions[String(value)] || undefined}));
}

/** The contract appends the enum's values to its description for readers of the raw document; pages show them on their own, so it comes off again. */
export const enumValueList = (values: EnumValue[]): string => values.map(({value, description}) => `- \`${value}\`: ${description ?? ''}`).join('\n');

function withoutEnumValueList(description: string | undefined, values: EnumValue[]): string | undefined {
  if (!description || values.length === 0) return description;
  const list = enumValueList(values);
  return description.endsWith(list) ? description.slice(0, -list.length).trim() || undefined : description;
}

function constraintsOf(schema: Schema): string[] {
  const rules: string[] = [];
  const bound = (value: unknown, exclusive: unknown, inclusiveSign: string, exclusiveSign: string) =>
    value !== undefined && rules.push(`${exclusive === true ? exclusiveSign : inclusiveSign} ${value}`);
  bound(schema.minimum, schema.exclusiveMinimum, '≥', '>');
  bound(schema.maximum, schema.exclusiveMaximum, '≤', '<');
  if (schema.minLength !== undefined) rules.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`);
  if (schema.minItems !== undefined) rules.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) rules.push(`at most ${schema.maxItems} items`);
  if (schema.uniqueItems) rules.push('unique items');
  if (schema.pattern) rules.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.nullable) rules.push('nullable');
  if (schema.deprecated) rules.push(...deprecationRules(schema));
  return rules;
}

export function deprecationRules(node: Record<string, unknown>): string[] {
  const sunset = node[SUNSET_EXTENSION];
  const replacedBy = node[REPLACED_BY_EXTENSION];
  return ['deprecated', ...(typeof sunset === 'string' ? [`sunset ${sunset}`] : []), ...(typeof replacedBy === 'string' ? [`replaced by ${replacedBy}`] : [])];
}

function hidden(schema: Schema, direction: Direction): boolean {
  return direction === 'request' ? schema.readOnly === true : schema.writeOnly === true;
}

export function schemaFields(input: Schema | undefined, direction: Direction, ancestors: Schema[] = []): FieldNode[] {
  if (!input || ancestors.length > MAX_DEPTH) return [];
  const schema = plainSchema(input);
  if (schema.type === 'array') return schemaFields(schema.items, direction, [...ancestors, input]);
  const required = new Set<string>(schema.required ?? []);
  return Object.entries<Schema>(schema.properties ?? {})
    .filter(([, property]) => !hidden(plainSchema(property), direction))
    .map(([name, property]) => fieldNode(name, property, required.has(name), direction, [...ancestors, input]));
}

export function schemaVariants(input: Schema | undefined, direction: Direction, ancestors: Schema[] = []): FieldNode['variants'] {
  if (!input) return [];
  const alternatives: Schema[] | undefined = plainSchema(input).oneOf ?? plainSchema(input).anyOf;
  return (alternatives ?? []).map((alternative, index) => ({
    title: plainSchema(alternative).title ?? `Option ${index + 1}`,
    fields: schemaFields(alternative, direction, [...ancestors, input]),
  }));
}

export function fieldNode(name: string, input: Schema, required: boolean, direction: Direction, ancestors: Schema[] = []): FieldNode {
  const schema = plainSchema(input);
  // Its type label alone does not say the items' rules and values.
  const items = schema.type === 'array' && schema.items && !isRepetition(schema.items) ? plainSchema(schema.items) : undefined;
  const scalarItems = items && !items.properties && !items.oneOf && !items.anyOf && items.type !== 'array' ? items : undefined;
  const values = enumValues(schema).length ? enumValues(schema) : enumValues(scalarItems ?? {});
  const node: FieldNode = {
    name,
    type: typeLabel(schema),
    required,
    description: withoutEnumValueList(schema.description, values),
    constraints: [...constraintsOf(schema), ...(scalarItems ? constraintsOf(scalarItems).map((rule) => `each item ${rule}`) : [])],
    values,
    children: [],
    variants: [],
  };
  const repeated = isRepetition(input) || (schema.type === 'array' && isRepetition(schema.items));
  if (repeated || ancestors.includes(input) || (schema.title && ancestors.some((ancestor) => plainSchema(ancestor).title === schema.title))) {
    node.circular = true;
    return node;
  }
  if (schema.oneOf || schema.anyOf) {
    node.variants = schemaVariants(input, direction, ancestors);
  } else {
    const nested = schema.type === 'object' && schema.additionalProperties && !schema.properties ? schema.additionalProperties : schema;
    node.children = schemaFields(nested, direction, [...ancestors, input]);
  }
  return node;
}
