/**
 * The command-line client as a request-sample language: for an operation a
 * command of cli/cli.yaml calls, the command line that makes the same
 * request. Each argument and option of a command sets the path parameter,
 * query parameter or body field that cli.yaml names in its `api` key, or by
 * default the one of its own name (dashes as underscores, then with `s`,
 * `_id` or `_ids`: `--team` sets `team_id`, `--label` each of `labels`).
 * The command chosen is the one that sets every path parameter of the
 * operation, calling the fewest operations; an operation no command can
 * address (its ids come from an earlier answer) has no CLI sample.
 */
import type {CliCommand, CliDescription} from '../cli/description';
import {requestNameOf} from '../cli/request-names';
import type {ExampleValues} from './request-samples';

/** The CLI's name (the `{{cli}}` token) and its description with the portal's tokens replaced. */
export interface CliSampleSource {
  name: string;
  description: CliDescription;
}

/** The sample tab's value: the same for every operation, so the choice holds across pages. */
export const CLI_SAMPLE_LANGUAGE = 'cli';

interface Located {
  /** "group command", or a top-level command's name. */
  path: string;
  command: CliCommand;
}

function commandsCalling(description: CliDescription, operationId: string): Located[] {
  return [
    ...description.commands.map((command) => ({path: command.name, command})),
    ...description.groups.flatMap((group) => group.commands.map((command) => ({path: `${group.name} ${command.name}`, command}))),
  ].filter(({command}) => command.operations.includes(operationId));
}

/** A value as one shell word: bare when it holds no character the shell reads, else in single quotes. */
function word(value: unknown): string {
  const text = String(value);
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** What a reader replaces, written as the CLI reference writes it: `<target-id>`. */
const placeholder = (name: string) => `<${name}>`;

/** The command line for an operation's example request, or undefined when no command addresses it. */
export function cliSample(source: CliSampleSource, operationId: string, values: ExampleValues): string | undefined {
  const body = values.body && typeof values.body === 'object' && !Array.isArray(values.body) ? (values.body as Record<string, unknown>) : {};
  const given: Record<string, unknown> = {...values.query, ...body, ...values.path};
  const names = new Set(Object.keys(given));
  const candidates = commandsCalling(source.description, operationId).filter(({command}) => {
    const set = new Set([...(command.arguments ?? []), ...(command.options ?? [])].map((input) => requestNameOf(input, names)));
    return Object.keys(values.path).every((name) => set.has(name));
  });
  const chosen = candidates.sort((a, b) => a.command.operations.length - b.command.operations.length)[0];
  if (!chosen) return undefined;
  const words = [source.name, chosen.path];
  const positional: string[] = [];
  for (const argument of chosen.command.arguments ?? []) {
    const name = requestNameOf(argument, names);
    if (name !== undefined) positional.push(word(given[name]));
    else if (argument.required !== false) positional.push(placeholder(argument.name));
  }
  words.push(...positional);
  const options: string[] = [];
  for (const option of chosen.command.options ?? []) {
    const name = requestNameOf(option, names);
    const value = name === undefined ? undefined : given[name];
    if (value === undefined || value === null) {
      if (option.required) options.push(`--${option.name} ${placeholder(option.name)}`);
    } else if (option.type === 'boolean') {
      if (value === true) options.push(`--${option.name}`);
    } else if (Array.isArray(value)) {
      // A list is given by repeating the option, which only a repeatable one can be.
      if (option.repeatable) options.push(...value.map((item) => `--${option.name} ${word(item)}`));
    } else if (typeof value !== 'object' && option.type !== 'path') options.push(`--${option.name} ${word(value)}`);
  }
  const line = [...words, ...options].join(' ');
  // Long lines break before each option, as the curl samples do.
  return line.length <= 80 ? line : [words.join(' '), ...options].join(' \\\n  ');
}
