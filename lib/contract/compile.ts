/** A contract error throws with every diagnostic as `file:line:column - error code: message`. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Program, Type} from '@typespec/compiler';
import type {HttpStatusCodesEntry} from '@typespec/http';
import {operationsOf, type OpenApiNode} from '../openapi';
import {repoRoot} from '../paths';
import {enumValueList, enumValues} from '../reference/schema-fields';

export type OpenApiDocument = OpenApiNode;

export type EnumDocs = Map<string, Map<string, {description: string; where: string}>>;

/** `event: WebhookEventType.scan_started`. */
export interface EnumMemberProperty {
  model: string;
  property: string;
  value: string;
  description: string;
}

const CONTRACT_ERROR = 'The API contract does not compile:';

export const contractEntry = path.join(repoRoot, 'contract/main.tsp');

export async function compileContract(entry = contractEntry): Promise<OpenApiDocument> {
  // The compiler is an ES module with top-level await: load it dynamically from this CommonJS script.
  const {compile, formatDiagnostic, getDoc, getSourceLocation, navigateProgram, NodeHost} = await import('@typespec/compiler');
  const locate = (type: Type) => {
    const {file, pos} = getSourceLocation(type as never);
    const {line, character} = file.getLineAndCharacterOfPosition(pos);
    return `${path.relative(repoRoot, file.path)}:${line + 1}:${character + 1}`;
  };
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'));
  try {
    const program = await compile(NodeHost, entry, {
      emit: ['@typespec/openapi3'],
      outputDir,
      warningAsError: true,
      // JSON, not YAML: the same document, emitted and read back faster.
      options: {'@typespec/openapi3': {'file-type': 'json', 'emitter-output-dir': outputDir, 'output-file': 'openapi.json'}},
    });
    const problems = program.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, {pretty: false, pathRelativeTo: repoRoot}));
    if (problems.length === 0) problems.push(...(await duplicateOperationIds(program, locate)));
    if (problems.length > 0) throw new Error(`${CONTRACT_ERROR}\n${problems.join('\n')}`);
    const document = JSON.parse(fs.readFileSync(path.join(outputDir, 'openapi.json'), 'utf8')) as OpenApiDocument;
    // OpenAPI has no place for a description per enum value: collect them for describeEnumValues().
    const enumDocs: EnumDocs = new Map();
    const memberProperties: EnumMemberProperty[] = [];
    navigateProgram(program, {
      modelProperty(property) {
        const {type, model} = property;
        if (type.kind !== 'EnumMember' || !model?.name) return;
        memberProperties.push({model: model.name, property: property.name, value: String(type.value ?? type.name), description: getDoc(program, type) ?? ''});
      },
      enum(type) {
        const members = new Map<string, {description: string; where: string}>();
        for (const member of type.members.values()) {
          members.set(String(member.value ?? member.name), {description: getDoc(program, member) ?? '', where: locate(member)});
        }
        enumDocs.set(type.name, members);
      },
    });
    describeEnumValues(document, enumDocs);
    describeEnumMemberProperties(document, memberProperties);
    await declareRequiredPermissions(program, document, locate);
    await exampleResponseHeaders(program, document);
    return document;
  } finally {
    fs.rmSync(outputDir, {recursive: true, force: true});
  }
}

/** The compiler lets two operations share an id; the reference and clients cannot. */
async function duplicateOperationIds(program: Program, locate: (type: Type) => string): Promise<string[]> {
  const {getAllHttpServices} = await import('@typespec/http');
  const {resolveOperationId} = await import('@typespec/openapi');
  const [services] = getAllHttpServices(program);
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const {operation} of services.flatMap((service) => service.operations)) {
    const id = resolveOperationId(program, operation);
    // Operations an interface inherits are declared in its template: name the interface instead.
    const where = locate(operation.interface && operation.sourceOperation ? operation.interface : operation);
    const first = seen.get(id);
    if (first) problems.push(`${where} - error duplicate-operation-id: "${id}" is also the id of the operation at ${first}`);
    else seen.set(id, where);
  }
  return problems;
}

/**
 * The OpenAPI emitter (@typespec/openapi3 1.16.0) leaves a header's `@example`
 * out, so the reference, sandbox and collection would show a value made up from
 * the schema.
 */
async function exampleResponseHeaders(program: Program, document: OpenApiDocument): Promise<void> {
  const {getExamples, serializeValueAsJson} = await import('@typespec/compiler');
  const {getAllHttpServices} = await import('@typespec/http');
  const {resolveOperationId} = await import('@typespec/openapi');
  const [services] = getAllHttpServices(program);
  const operations = new Map(operationsOf(document).map(({operation}) => [operation.operationId as string, operation]));
  for (const {operation, responses} of services.flatMap((service) => service.operations)) {
    const emitted = operations.get(resolveOperationId(program, operation))?.responses ?? {};
    for (const {statusCodes, responses: contents} of responses) {
      for (const [name, property] of contents.flatMap((content) => Object.entries(content.headers ?? {}))) {
        const [example] = getExamples(program, property);
        const header = emitted[statusKey(statusCodes)]?.headers?.[name];
        if (example && header) header.example = serializeValueAsJson(program, example.value, property.type);
      }
    }
  }
}

function statusKey(statusCodes: HttpStatusCodesEntry): string {
  if (statusCodes === '*') return 'default';
  return typeof statusCodes === 'number' ? String(statusCodes) : `${Math.floor(statusCodes.start / 100)}XX`;
}

/** One codename, or one for reading (GET, HEAD) and one for writing. */
type PermissionDeclaration = string | {read: string; write: string};

/** An interface declares it once for its operations; an operation's own wins. A missing or unlisted codename fails, named where declared. */
async function declareRequiredPermissions(program: Program, document: OpenApiDocument, locate: (type: Type) => string): Promise<void> {
  const {getAllHttpServices} = await import('@typespec/http');
  const {getExtensions, resolveOperationId} = await import('@typespec/openapi');
  const [services] = getAllHttpServices(program);
  const known = new Set<string>(document.components?.schemas?.PermissionCodename?.enum ?? []);
  const operations = new Map(operationsOf(document).map(({operation}) => [operation.operationId as string, operation]));
  const problems: string[] = [];
  for (const {operation, verb} of services.flatMap((service) => service.operations)) {
    const declared = (getExtensions(program, operation).get('x-required-permission') ??
      (operation.interface && getExtensions(program, operation.interface).get('x-required-permission'))) as PermissionDeclaration | undefined;
    const where = locate(operation.interface && operation.sourceOperation ? operation.interface : operation);
    const codename = typeof declared === 'object' ? (verb === 'get' || verb === 'head' ? declared.read : declared.write) : declared;
    if (!codename)
      problems.push(
        `${where} - error required-permission: operation ${operation.name} declares no required permission; add @OpenAPI.extension("x-required-permission", ...) to it or its interface`,
      );
    else if (!known.has(codename)) problems.push(`${where} - error required-permission: "${codename}" is not a codename of the PermissionCodename enum`);
    else operations.get(resolveOperationId(program, operation))!['x-required-permission'] = codename;
  }
  if (problems.length > 0) throw new Error(`${CONTRACT_ERROR}\n${problems.join('\n')}`);
}

/** A list in the description for readers and `x-enum-descriptions` for tools; a value without a description fails, named where declared. */
export function describeEnumValues(document: OpenApiDocument, enumDocs: EnumDocs): void {
  const problems: string[] = [];
  for (const [name, schema] of Object.entries<OpenApiNode>(document.components?.schemas ?? {})) {
    const members = enumDocs.get(name);
    if (!members || !Array.isArray(schema.enum)) continue;
    const describe = (value: string) => members.get(String(value))?.description ?? '';
    for (const value of schema.enum.filter((value: string) => !describe(value))) {
      const where = members.get(String(value))?.where ?? name;
      problems.push(`${where} - error enum-value-description: value "${value}" of enum ${name} has no description; write one as a /** */ comment above it`);
    }
    schema['x-enum-descriptions'] = Object.fromEntries(schema.enum.map((value: string) => [value, describe(value)]));
    const list = enumValueList(enumValues(schema));
    schema.description = `${schema.description ?? ''}\n\n${list}`.trim();
  }
  if (problems.length > 0) throw new Error(`${CONTRACT_ERROR}\n${problems.join('\n')}`);
}

/** A property typed as one enum member compiles to an inline one-value enum, which describeEnumValues() does not reach. */
export function describeEnumMemberProperties(document: OpenApiDocument, properties: EnumMemberProperty[]): void {
  for (const {model, property, value, description} of properties) {
    const schema = document.components?.schemas?.[model]?.properties?.[property];
    if (!Array.isArray(schema?.enum) || schema.enum.length !== 1 || String(schema.enum[0]) !== value) continue;
    schema['x-enum-descriptions'] = {[value]: description};
    schema.description = `${schema.description ?? ''}\n\n- \`${value}\`: ${description}`.trim();
  }
}
