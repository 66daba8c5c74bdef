/**
 * The request value (path or query parameter, body field) an argument or
 * option of cli/cli.yaml sets, among the names an operation takes: its `api`
 * name, or its own name with dashes as underscores, then with `s`, `_id` or
 * `_ids` (`--team` sets `team_id`, `--label` each of `labels`). The request
 * samples and the client map a command line to requests by it. Imports
 * nothing, so the client's bundle carries it alone.
 */
import type {CliArgument, CliOption} from './description';

export function requestNameOf(input: CliArgument | CliOption, names: Set<string>): string | undefined {
  if (input.api) return names.has(input.api) ? input.api : undefined;
  const snake = input.name.replace(/-/g, '_');
  return [snake, `${snake}s`, `${snake}_id`, `${snake}_ids`].find((name) => names.has(name));
}

/**
 * The request value an argument or option sets in one operation: none for an option that names operations of its
 * own other than this one, which its value goes to alone (`targets update --team` moves the target with
 * targets_move_team, never through the update).
 */
export function requestNameIn(input: CliArgument | CliOption, names: Set<string>, operationId: string): string | undefined {
  if ('operations' in input && input.operations && !input.operations.includes(operationId)) return undefined;
  return requestNameOf(input, names);
}
