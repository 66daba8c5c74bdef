/**
 * From a command line to requests, by the description and the contract:
 * each argument and option given sets the path parameter, query parameter or
 * body field it names (../cli/request-names.ts); the operation called is the
 * first of the command's that the given values address; a list is read page
 * after page until its last or until `--limit`.
 */
import type {CliCommand} from '../cli/description';
import {requestNameIn, requestNameOf} from '../cli/request-names';
import type {ApiClient, ApiRequest} from './api-client';
import type {ClientData, RequestShape} from './client-data';
import type {CommandLine} from './command-line';
import {CliExit, ExitCode} from './exit-codes';

/** Most items a page may hold (the API's `length` limit). */
const PAGE_LENGTH = 100;

export const namesOf = (shape: RequestShape): Set<string> => new Set([...shape.pathParameters, ...Object.keys(shape.query), ...Object.keys(shape.body)]);

/** The values the command line gives to one operation (`id`), by its request names. */
export function requestValues(command: CliCommand, line: CommandLine, shape: RequestShape, id: string): Map<string, unknown> {
  const names = namesOf(shape);
  const values = new Map<string, unknown>();
  for (const argument of command.arguments ?? []) {
    const name = requestNameIn(argument, names, id);
    if (name !== undefined && line.args.has(argument.name)) values.set(name, line.args.get(argument.name));
  }
  for (const option of command.options ?? []) {
    const name = requestNameIn(option, names, id);
    // A path option names a file to read, never a request value itself.
    if (name === undefined || option.type === 'path') continue;
    if (line.options.has(option.name)) values.set(name, line.options.get(option.name));
    // The description's default is the command's: sent as given (`--type technical`); a flag left off sends nothing.
    else if (option.default !== undefined && option.type !== 'boolean') values.set(name, option.default);
  }
  return values;
}

/**
 * The operation a command calls for this command line: among those whose
 * path parameters its values address, the one that takes most of the values
 * given, an action before a read. A given value that only another of the
 * command's operations takes is a usage error: the two cannot be combined.
 */
export function chooseOperation(data: ClientData, command: CliCommand, line: CommandLine, among = command.operations): string {
  const optional = new Set((command.options ?? []).flatMap((option) => option.operations ?? []));
  const candidates = among
    .filter((id) => !optional.has(id))
    .map((id) => ({id, shape: data.operations[id], values: requestValues(command, line, data.operations[id], id)}))
    .filter(({shape, values}) => shape.pathParameters.every((name) => values.has(name)));
  const ranked = candidates.sort((a, b) => b.values.size - a.values.size || Number(a.shape.method === 'GET') - Number(b.shape.method === 'GET'));
  const chosen = ranked[0];
  if (!chosen) throw new CliExit(ExitCode.usage, `"${line.path}" lacks a value to address ${among.join(' or ')}.`);
  for (const option of command.options ?? []) {
    if (!line.options.has(option.name) || option.operations || chosen.values.has(requestNameOf(option, namesOf(chosen.shape)) ?? '')) continue;
    const elsewhere = candidates.some(({values}) => values.has(requestNameOf(option, new Set(values.keys())) ?? ''));
    if (elsewhere) throw new CliExit(ExitCode.usage, `--${option.name} cannot be combined with the other values given to "${line.path}".`);
  }
  return chosen.id;
}

/**
 * The requests for an operation: one, or one per combination of the values
 * of repeated options whose query parameter takes a single value, to be
 * merged (`findings list --severity critical --severity high`).
 */
export function buildRequests(shape: RequestShape, values: Map<string, unknown>): ApiRequest[] {
  const path = shape.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values.get(name))));
  let queries: [string, string][][] = [[]];
  const body: Record<string, unknown> = {};
  for (const [name, value] of values) {
    if (shape.pathParameters.includes(name)) continue;
    const list = Array.isArray(value) ? value : [value];
    if (shape.query[name]) {
      if (shape.query[name].array || list.length === 1)
        queries = queries.map((query) => [...query, ...list.map((item): [string, string] => [name, String(item)])]);
      else queries = queries.flatMap((query) => list.map((item): [string, string][] => [...query, [name, String(item)]]));
    } else if (shape.body[name]) body[name] = shape.body[name].array ? list : list[0];
  }
  // An operation that takes a JSON body gets one, empty when no value goes in it; one that takes none gets none.
  const hasBody = Object.keys(shape.body).length > 0;
  return queries.map((query) => ({method: shape.method, path, query, ...(hasBody ? {body} : {}), ...(shape.download ? {accept: shape.download} : {})}));
}

/** Every item of a list request, page after page, up to `limit`. */
export async function readPages(client: ApiClient, request: ApiRequest, limit = Infinity): Promise<unknown[]> {
  const items: unknown[] = [];
  for (let page = 1; items.length < limit; page += 1) {
    const length = String(Math.min(PAGE_LENGTH, limit - items.length));
    const {body} = await client.send({...request, query: [...(request.query ?? []), ['page', String(page)], ['length', length]]});
    const {results, page_total: pageTotal} = (body ?? {}) as {results?: unknown; page_total?: unknown};
    if (!Array.isArray(results)) throw new CliExit(ExitCode.failed, `${request.method} ${request.path} answered a page without results.`);
    items.push(...results.slice(0, limit - items.length));
    if (results.length === 0 || typeof pageTotal !== 'number' || page >= pageTotal) break;
  }
  return items;
}

/** Calls an operation with the values given: a paginated one is read whole (up to `limit`) and its requests merged, the rest answer once. */
export async function callOperation(client: ApiClient, shape: RequestShape, values: Map<string, unknown>, limit?: number): Promise<unknown> {
  const requests = buildRequests(shape, values);
  if (!shape.paginated) return (await client.send(requests[0])).body;
  const merged: unknown[] = [];
  const seen = new Set<unknown>();
  for (const request of requests) {
    for (const item of await readPages(client, request, (limit ?? Infinity) - merged.length)) {
      const id = (item as {id?: unknown})?.id;
      if (id !== undefined && seen.has(id)) continue;
      if (id !== undefined) seen.add(id);
      merged.push(item);
    }
    if (limit !== undefined && merged.length >= limit) break;
  }
  return merged;
}
