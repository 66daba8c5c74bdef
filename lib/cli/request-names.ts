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
