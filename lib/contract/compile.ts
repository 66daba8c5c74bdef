/**
 * Compiles the TypeSpec contract to one OpenAPI 3 document. A contract error
 * (syntax, unresolved reference, duplicate id) throws with every diagnostic
 * as `file:line:column - error code: message`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Program, Type} from '@typespec/compiler';
import {parse} from 'yaml';
import {repoRoot} from '../paths';

export type OpenApiDocument = Record<string, any>;

/** Documentation of each enum member, by enum name and member value. */
export type EnumDocs = Map<string, Map<string, string>>;

export const contractEntry = path.join(repoRoot, 'contract/main.tsp');

export async function compileContract(entry = contractEntry): Promise<OpenApiDocument> {
  // The compiler is an ES module with top-level await: load it dynamically from this CommonJS script.
  const {compile, formatDiagnostic, getDoc, navigateProgram, NodeHost} = await import('@typespec/compiler');
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'));
  try {
    const program = await compile(NodeHost, entry, {
      emit: ['@typespec/openapi3'],
      outputDir,
      warningAsError: true,
      options: {'@typespec/openapi3': {'file-type': 'yaml', 'emitter-output-dir': outputDir, 'output-file': 'openapi.yaml'}},
    });
    const problems = program.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, {pretty: false, pathRelativeTo: repoRoot}));
    if (problems.length === 0) problems.push(...(await duplicateOperationIds(program)));
    if (problems.length > 0) throw new Error(`The API contract does not compile:\n${problems.join('\n')}`);
    const document = parse(fs.readFileSync(path.join(outputDir, 'openapi.yaml'), 'utf8')) as OpenApiDocument;
    // OpenAPI has no place for a description per enum value: collect them for describeEnumValues().
    const enumDocs: EnumDocs = new Map();
    navigateProgram(program, {
      enum(type) {
        const members = new Map<string, string>();
        for (const member of type.members.values()) members.set(String(member.value ?? member.name), getDoc(program, member) ?? '');
        enumDocs.set(type.name, members);
      },
    });
    describeEnumValues(document, enumDocs);
    return document;
  } finally {
    fs.rmSync(outputDir, {recursive: true, force: true});
  }
}

/** `file:line:column` of a type's declaration, relative to the repository. */
async function locate(type: Type & {node?: unknown}): Promise<string> {
  const {getSourceLocation} = await import('@typespec/compiler');
  const {file, pos} = getSourceLocation(type as never);
  const {line, character} = file.getLineAndCharacterOfPosition(pos);
  return `${path.relative(repoRoot, file.path)}:${line + 1}:${character + 1}`;
}

/** The compiler lets two operations share an id; the reference and clients cannot. */
async function duplicateOperationIds(program: Program): Promise<string[]> {
  const {getAllHttpServices} = await import('@typespec/http');
  const {resolveOperationId} = await import('@typespec/openapi');
  const [services] = getAllHttpServices(program);
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const {operation} of services.flatMap((service) => service.operations)) {
    const id = resolveOperationId(program, operation);
    // Operations an interface inherits are declared in its template: name the interface instead.
    const where = await locate(operation.interface && operation.sourceOperation ? operation.interface : operation);
    const first = seen.get(id);
    if (first) problems.push(`${where} - error duplicate-operation-id: "${id}" is also the id of the operation at ${first}`);
    else seen.set(id, where);
  }
  return problems;
}

/**
 * Explains every value of every enum schema: a list in the description (what
 * readers see) and `x-enum-descriptions` (what tools read).
 */
export function describeEnumValues(document: OpenApiDocument, enumDocs: EnumDocs): void {
  for (const [name, schema] of Object.entries<Record<string, any>>(document.components?.schemas ?? {})) {
    const members = enumDocs.get(name);
    if (!members || !Array.isArray(schema.enum)) continue;
    const undocumented = schema.enum.filter((value: string) => !members.get(String(value)));
    if (undocumented.length > 0) throw new Error(`Enum ${name}: values without a description: ${undocumented.join(', ')}`);
    schema['x-enum-descriptions'] = Object.fromEntries(schema.enum.map((value: string) => [value, members.get(String(value))]));
    const list = schema.enum.map((value: string) => `- \`${value}\`: ${members.get(String(value))}`).join('\n');
    schema.description = `${schema.description ?? ''}\n\n${list}`.trim();
  }
}
