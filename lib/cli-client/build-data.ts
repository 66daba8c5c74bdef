/**
 * The client's data (./client-data.ts) from its sources: cli/cli.yaml,
 * checked and with the portal's tokens replaced, and the compiled contract
 * for each operation a command names.
 */
import fs from 'node:fs';
import {portalConfig, portalTokens} from '../../portal.config';
import {loadCliDescription} from '../cli/description';
import {OperationIndex} from '../contract/operations';
import {operationsOf, resolveRef, resolveSchema, type OpenApiNode} from '../openapi';
import {contractOutput} from '../paths';
import type {ClientData, RequestShape} from './client-data';

/** The top-level fields of an object schema, through references and `allOf`, and whether each is a list. */
function fieldsOf(document: OpenApiNode, schema: unknown): Record<string, {array: boolean}> {
  const resolved = resolveSchema<OpenApiNode | undefined>(document, schema);
  if (!resolved) return {};
  const own = Object.entries<OpenApiNode>(resolved.properties ?? {}).map(([name, property]): [string, {array: boolean}] => [
    name,
    {array: resolveSchema<OpenApiNode>(document, property)?.type === 'array'},
  ]);
  return Object.assign({}, ...(resolved.allOf ?? []).map((part: unknown) => fieldsOf(document, part)), Object.fromEntries(own));
}

function requestShape(document: OpenApiNode, path: string, method: string, operation: OpenApiNode): RequestShape {
  const parameters = (operation.parameters ?? []).map((parameter: unknown) => resolveRef<OpenApiNode>(document, parameter));
  const query = Object.fromEntries(
    parameters
      .filter((parameter: OpenApiNode) => parameter.in === 'query')
      .map((parameter: OpenApiNode) => [parameter.name, {array: resolveSchema<OpenApiNode>(document, parameter.schema)?.type === 'array'}]),
  );
  const success = Object.entries<OpenApiNode>(operation.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
  const mediaTypes = Object.keys(resolveRef<OpenApiNode | undefined>(document, success)?.content ?? {});
  const bodySchema = resolveRef<OpenApiNode | undefined>(document, operation.requestBody)?.content?.['application/json']?.schema;
  return {
    method: method.toUpperCase(),
    path,
    pathParameters: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]),
    query,
    body: bodySchema ? fieldsOf(document, bodySchema) : {},
    paginated: 'page' in query && 'length' in query,
    ...(mediaTypes.length && !mediaTypes.includes('application/json') ? {download: mediaTypes} : {}),
  };
}

export function clientData(contractFile = contractOutput.json): ClientData {
  const document = JSON.parse(fs.readFileSync(contractFile, 'utf8')) as OpenApiNode;
  const description = loadCliDescription(undefined, new OperationIndex(document), portalTokens(portalConfig));
  const named = new Set([...description.commands, ...description.groups.flatMap((group) => group.commands)].flatMap((command) => command.operations));
  const operations: Record<string, RequestShape> = {};
  for (const {path, method, operation} of operationsOf(document)) {
    if (named.has(operation.operationId)) operations[operation.operationId] = requestShape(document, path, method, operation);
  }
  return {name: portalConfig.cliName, productName: portalConfig.productName, productUrl: portalConfig.productUrl, description, operations};
}
