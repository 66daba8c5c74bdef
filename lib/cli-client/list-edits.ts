/**
 * `--add-<name>` and `--remove-<name>`: edits of the list field that
 * `--<name>` replaces whole (`--add-label` of `labels`), made on the
 * object's current list, which the command's read of the object gives.
 */
import type {CliCommand} from '../cli/description';
import {requestNameOf} from '../cli/request-names';
import type {ApiClient} from './api-client';
import type {ClientData, RequestShape} from './client-data';
import type {CommandLine} from './command-line';
import {usageError} from './exit-codes';
import {buildRequests} from './requests';

const EDIT = /^(add|remove)-(.+)$/;

/** Sets each edited list field in `values`, reading the object once when some edit is given. */
export async function applyListEdits(
  client: ApiClient,
  data: ClientData,
  command: CliCommand,
  line: CommandLine,
  shape: RequestShape,
  values: Map<string, unknown>,
): Promise<void> {
  const names = new Set(Object.keys(shape.body));
  const edited = new Map<string, {add: string[]; remove: string[]; replaced: boolean}>();
  for (const option of command.options ?? []) {
    const [, verb, base] = option.name.match(EDIT) ?? [];
    if (!verb || !line.options.has(option.name)) continue;
    const field = requestNameOf({name: base, description: ''}, names);
    if (field === undefined) continue;
    const edit = edited.get(field) ?? {add: [], remove: [], replaced: line.options.has(base)};
    if (edit.replaced) throw usageError(`--${option.name} cannot be combined with --${base}.`);
    edit[verb as 'add' | 'remove'].push(...[line.options.get(option.name) as string | string[]].flat());
    edited.set(field, edit);
  }
  if (edited.size === 0) return;
  // The object as it is: the command's read that the same path values address.
  const readId = command.operations.find((id) => {
    const read = data.operations[id];
    return read.method === 'GET' && !read.paginated && read.pathParameters.every((name) => shape.pathParameters.includes(name));
  });
  if (!readId) throw usageError(`"${line.path}" cannot read the current values to edit.`);
  const pathValues = new Map([...values].filter(([name]) => data.operations[readId].pathParameters.includes(name)));
  const current = (await client.send(buildRequests(data.operations[readId], pathValues)[0])).body as Record<string, unknown>;
  for (const [field, {add, remove}] of edited) {
    const list = Array.isArray(current?.[field]) ? (current[field] as string[]) : [];
    values.set(
      field,
      [...new Set([...list, ...add])].filter((item) => !remove.includes(item)),
    );
  }
}
