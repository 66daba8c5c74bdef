/**
 * The CLI as a request-sample language. An argument or option sets what
 * cli/cli.yaml's `api` key names, or by default its own name with dashes as
 * underscores, then with `s`, `_id` or `_ids`. The command chosen sets every path
 * parameter calling the fewest operations; an operation whose ids come from an
 * earlier answer has no CLI sample.
 */
import type {CliCommand, CliDescription} from '../cli/description';
import {requestNameIn, requestNameOf} from '../cli/request-names';
import type {ExampleValues} from './request-samples';

export interface CliSampleSource {
  name: string;
  description: CliDescription;
}

/** The same for every operation, so the choice holds across pages. */
export const CLI_SAMPLE_LANGUAGE = 'cli';

interface Located {
  path: string;
  command: CliCommand;
}

function commandsCalling(description: CliDescription, operationId: string): Located[] {
  return [
    ...description.commands.map((command) => ({path: command.name, command})),
    ...description.groups.flatMap((group) => group.commands.map((command) => ({path: `${group.name} ${command.name}`, command}))),
  ].filter(({command}) => command.operations.includes(operationId));
}

/** Single-quoted only when it holds a character the shell reads. */
function word(value: unknown): string {
  const text = String(value);
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A placeholder as the CLI reference writes it: `<target-id>`. */
const placeholder = (name: string) => `<${name}>`;

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
    const name = requestNameIn(option, names, operationId);
    const value = name === undefined ? undefined : given[name];
    if (value === undefined || value === null) {
      if (option.required) options.push(`--${option.name} ${placeholder(option.name)}`);
    } else if (option.type === 'boolean') {
      if (value === true) options.push(`--${option.name}`);
    } else if (Array.isArray(value)) {
      // Only a repeatable option can give a list.
      if (option.repeatable) options.push(...value.map((item) => `--${option.name} ${word(item)}`));
    } else if (typeof value !== 'object' && option.type !== 'path') options.push(`--${option.name} ${word(value)}`);
  }
  const line = [...words, ...options].join(' ');
  // Long lines break before each option, as the curl samples do.
  return line.length <= 80 ? line : [words.join(' '), ...options].join(' \\\n  ');
}
