/**
 * The CLI description (cli/cli.yaml): read, validated against its JSON
 * Schema (cli/cli.schema.json) and checked against the contract. Every
 * problem names the file, line and column and the place in the description.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import {isNode, LineCounter, parseDocument} from 'yaml';
import {replaceTokens} from '../remark/portal-tokens';
import type {OperationIndex} from '../contract/operations';
import {templateProblems, type TableLayout} from './table-layout';
import {repoRoot} from '../paths';

export const cliDescriptionFile = path.join(repoRoot, 'cli/cli.yaml');
const schemaFile = path.join(repoRoot, 'cli/cli.schema.json');

export type ValueType = 'string' | 'integer' | 'boolean' | 'enum' | 'path' | 'duration' | 'url' | 'uuid';

export interface CliOption {
  name: string;
  short?: string;
  type: ValueType;
  values?: string[];
  /** What is sent when the option is not given; `[]`, an empty list, only for a repeatable option. */
  default?: string | number | boolean | [];
  env?: string;
  repeatable?: boolean;
  required?: boolean;
  description: string;
  /** The request value (path or query parameter, body field) it sets, where not the default of its name (lib/reference/cli-samples.ts). */
  api?: string;
  /** The operations of its command's list that the command calls only when this option is given. */
  operations?: string[];
}

export interface CliArgument {
  name: string;
  description: string;
  required?: boolean;
  repeatable?: boolean;
  /** The request value (path or query parameter, body field) it sets, where not the default of its name (lib/reference/cli-samples.ts). */
  api?: string;
}

export interface CliCommand {
  name: string;
  summary: string;
  description: string;
  arguments?: CliArgument[];
  options?: CliOption[];
  operations: string[];
  output?: string;
  /** What --output table shows (./table-layout.ts). */
  table?: TableLayout;
  examples: {description: string; command: string; output?: string; exitCode?: number}[];
}

export interface CliGroup {
  name: string;
  summary: string;
  description: string;
  commands: CliCommand[];
}

export interface CliDescription {
  version: string;
  summary: string;
  install: {method: string; command: string; note?: string}[];
  configFile: {path: string; description: string; keys: {name: string; type: ValueType; description: string; option?: string}[]; example: string};
  globalOptions: CliOption[];
  outputFormats: {name: 'table' | 'json' | 'yaml' | 'sarif' | 'junit'; commands?: string[]; description: string}[];
  exitCodes: {code: number; meaning: string}[];
  commands: CliCommand[];
  groups: CliGroup[];
}

export class CliDescriptionError extends Error {}

/**
 * Reads and validates the description; with `operations`, also checks that
 * every operation id it names is in the contract; with `tokens`, replaces
 * {{tokens}} in every string of it (the portal's values, as pages get them),
 * an unknown token failing at its own line.
 */
export function loadCliDescription(file = cliDescriptionFile, operations?: OperationIndex, tokens?: Record<string, string>): CliDescription {
  const relative = path.relative(repoRoot, file);
  const lineCounter = new LineCounter();
  const source = fs.readFileSync(file, 'utf8');
  const document = parseDocument(source, {lineCounter, prettyErrors: false});
  const at = (offset: number | undefined) => {
    const {line, col} = lineCounter.linePos(offset ?? 0);
    return `${relative}:${line}:${col}`;
  };
  if (document.errors.length) {
    throw new CliDescriptionError(
      `The CLI description is not valid YAML:\n${document.errors.map((error) => `${at(error.pos[0])}: ${error.message.split('\n')[0]}`).join('\n')}`,
    );
  }
  /** The node of a JSON pointer of the description, or of its nearest existing parent. */
  const nodeAt = (pointer: string) => {
    const keys = pointer
      .split('/')
      .slice(1)
      .map((key) => (/^\d+$/.test(key) ? Number(key) : key.replace(/~1/g, '/').replace(/~0/g, '~')));
    for (let length = keys.length; length >= 0; length -= 1) {
      const node = document.getIn(keys.slice(0, length), true);
      if (isNode(node)) return node;
    }
    return undefined;
  };
  const locate = (pointer: string) => {
    const node = nodeAt(pointer);
    return node ? `${at(node.range?.[0])} (${pointer || '/'})` : `${relative} (${pointer})`;
  };
  /** Where a token is written in the value at `pointer`: its first occurrence in the value's source (block scalars span lines). */
  const locateToken = (pointer: string, token: string) => {
    const [start, end] = nodeAt(pointer)?.range ?? [0, 0];
    const index = source.slice(start, end).indexOf(token);
    return `${at(index >= 0 ? start + index : start)} (${pointer})`;
  };
  const description = document.toJS() as CliDescription;
  const validate = new Ajv({allErrors: true, strict: false}).compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
  const problems: string[] = [];
  if (!validate(description)) {
    for (const error of validate.errors ?? []) {
      const detail =
        'additionalProperty' in error.params
          ? ` ("${error.params.additionalProperty}")`
          : 'allowedValues' in error.params
            ? ` (${error.params.allowedValues.join(', ')})`
            : '';
      problems.push(`${locate(error.instancePath)}: ${error.message}${detail}`);
    }
  } else {
    problems.push(...consistencyProblems(description, operations).map(([pointer, message]) => `${locate(pointer)}: ${message}`));
  }
  if (problems.length) throw new CliDescriptionError(`The CLI description is invalid:\n${problems.join('\n')}`);
  if (!tokens) return description;
  /** A value of the description with its tokens replaced; each unknown token is a problem at its line. */
  const withTokens = (value: unknown, pointer: string): unknown => {
    if (typeof value === 'string') {
      try {
        return replaceTokens(value, tokens, (token) => locateToken(pointer, token));
      } catch (error) {
        problems.push((error as Error).message);
        return value;
      }
    }
    if (Array.isArray(value)) return value.map((item, index) => withTokens(item, `${pointer}/${index}`));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, withTokens(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)]),
      );
    }
    return value;
  };
  const replaced = withTokens(description, '') as CliDescription;
  if (problems.length) throw new CliDescriptionError(`The CLI description is invalid:\n${problems.join('\n')}`);
  return replaced;
}

/** "exits with code 7", "exit code `5`", "with code 10": the ways the description's text names an exit code. */
const exitCodeMention = /\b(?:exits? with code|exit code|with code)s? `?(\d+)`?/gi;

/** The exit codes a text names. */
export function exitCodesMentioned(text: string): number[] {
  return [...text.matchAll(exitCodeMention)].map((match) => Number(match[1]));
}

/** Every string of a value with its JSON pointer. */
function stringsOf(value: unknown, pointer = ''): [string, string][] {
  if (typeof value === 'string') return [[pointer, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, `${pointer}/${index}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringsOf(item, `${pointer}/${key}`));
  return [];
}

/** What the schema cannot say: names unique where they must be, examples of their own command, operation ids that exist, output formats of existing commands, and exit codes of the one table. */
function consistencyProblems(description: CliDescription, operations?: OperationIndex): [string, string][] {
  const problems: [string, string][] = [];
  const duplicates = (names: string[], pointer: (index: number) => string, what: string) =>
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index) problems.push([pointer(index), `${what} "${name}" is declared twice`]);
    });
  const topLevel = [...description.commands.map((command) => command.name), ...description.groups.map((group) => group.name)];
  duplicates(
    topLevel,
    (index) => (index < description.commands.length ? `/commands/${index}/name` : `/groups/${index - description.commands.length}/name`),
    'top-level command or group',
  );
  duplicates(
    description.globalOptions.map((option) => option.name),
    (index) => `/globalOptions/${index}/name`,
    'global option',
  );
  const commandLists: [string, string, CliCommand[]][] = [
    ['/commands', '', description.commands],
    ...description.groups.map((group, index): [string, string, CliCommand[]] => [`/groups/${index}/commands`, `${group.name} `, group.commands]),
  ];
  for (const [base, prefix, commands] of commandLists) {
    duplicates(
      commands.map((command) => command.name),
      (index) => `${base}/${index}/name`,
      'command',
    );
    commands.forEach((command, index) => {
      duplicates(
        (command.options ?? []).map((option) => option.name),
        (option) => `${base}/${index}/options/${option}/name`,
        'option',
      );
      command.examples.forEach((example, position) => {
        // An example runs its own command (maybe in a pipeline), so no command is documented with another's example.
        if (!`${example.command} `.includes(`{{cli}} ${prefix}${command.name} `)) {
          problems.push([`${base}/${index}/examples/${position}/command`, `the example does not run "{{cli}} ${prefix}${command.name}"`]);
        }
      });
      // A table's templates name fields and known formatters, or the client would print them as written.
      for (const [kind, cells] of [
        ['columns', command.table?.columns ?? []],
        ['fields', command.table?.fields ?? []],
      ] as const) {
        cells.forEach((cell, position) => {
          const templates: [string, string][] = [[`${base}/${index}/table/${kind}/${position}/value`, cell.value]];
          if ('each' in cell && cell.each) {
            cell.each.columns.forEach((template, column) => templates.push([`${base}/${index}/table/${kind}/${position}/each/columns/${column}`, template]));
          }
          for (const [pointer, template] of templates) for (const problem of templateProblems(template)) problems.push([pointer, problem]);
        });
      }
      command.operations.forEach((id, operation) => {
        if (operations && !operations.byId(id)) problems.push([`${base}/${index}/operations/${operation}`, `operation "${id}" is not in the API contract`]);
      });
      (command.options ?? []).forEach((option, position) => {
        // An option's operations are some of its command's: the command's list stays the whole of what it may call.
        option.operations?.forEach((id, operation) => {
          if (!command.operations.includes(id))
            problems.push([`${base}/${index}/options/${position}/operations/${operation}`, `operation "${id}" is not in the command's operations`]);
        });
        if (Array.isArray(option.default) && !option.repeatable) {
          problems.push([`${base}/${index}/options/${position}/default`, 'an empty list is the default of a repeatable option only']);
        }
      });
      // An `api` name must be a value one of the command's operations takes, or the request samples would map nothing.
      const takes = operations ? new Set(command.operations.flatMap((id) => [...operations.requestNames(id)])) : undefined;
      for (const [kind, inputs] of [
        ['arguments', command.arguments ?? []],
        ['options', command.options ?? []],
      ] as const) {
        inputs.forEach((input, position) => {
          if (takes && input.api && !takes.has(input.api)) {
            problems.push([
              `${base}/${index}/${kind}/${position}/api`,
              `"${input.api}" is no parameter or body field of ${command.operations.join(', ') || 'any operation'}`,
            ]);
          }
        });
      }
    });
  }
  const commandPaths = new Set([
    ...description.commands.map((command) => command.name),
    ...description.groups.flatMap((group) => group.commands.map((command) => `${group.name} ${command.name}`)),
  ]);
  description.outputFormats.forEach((format, index) =>
    format.commands?.forEach((name, position) => {
      if (!commandPaths.has(name)) problems.push([`/outputFormats/${index}/commands/${position}`, `"${name}" is not a command`]);
    }),
  );
  // One exit-code table: a code named anywhere else (text or an example's exitCode) must be in it.
  const codes = new Set(description.exitCodes.map((exit) => exit.code));
  for (const [pointer, text] of stringsOf(description)) {
    if (pointer.startsWith('/exitCodes/')) continue;
    for (const code of exitCodesMentioned(text)) {
      if (!codes.has(code)) problems.push([pointer, `exit code ${code} is not in the table of exit codes (/exitCodes)`]);
    }
  }
  for (const [base, , commands] of commandLists) {
    commands.forEach((command, index) =>
      command.examples.forEach((example, position) => {
        if (example.exitCode !== undefined && !codes.has(example.exitCode)) {
          problems.push([`${base}/${index}/examples/${position}/exitCode`, `exit code ${example.exitCode} is not in the table of exit codes (/exitCodes)`]);
        }
      }),
    );
  }
  return problems;
}

/** The operations a command calls: always, and those only some of its options add, by long and short option name. */
export interface CommandOperations {
  always: string[];
  byOption: Map<string, string[]>;
}

/** What the guides may use of the client: its top-level commands, each group's commands, each command's options (global ones included), the operations each calls and the exit codes. */
export interface CliCommandNames {
  topLevel: Set<string>;
  groups: Map<string, Set<string>>;
  /** Long and short option names, without dashes, of each command ("group command", or a top-level command's name). */
  options: Map<string, Set<string>>;
  /** By the same names as `options`. */
  operations: Map<string, CommandOperations>;
  exitCodes: Set<number>;
}

function commandOperations(command: CliCommand): CommandOperations {
  const byOption = new Map<string, string[]>();
  for (const option of command.options ?? []) {
    if (!option.operations) continue;
    byOption.set(option.name, option.operations);
    if (option.short) byOption.set(option.short, option.operations);
  }
  const optional = new Set([...byOption.values()].flat());
  return {always: command.operations.filter((id) => !optional.has(id)), byOption};
}

export function cliCommandNames(description: CliDescription): CliCommandNames {
  const optionNames = (options: CliOption[]) => options.flatMap((option) => [option.name, ...(option.short ? [option.short] : [])]);
  const global = [...optionNames(description.globalOptions), 'help'];
  const commandOptions = (name: string, command: CliCommand): [string, Set<string>] => [name, new Set([...global, ...optionNames(command.options ?? [])])];
  const named: [string, CliCommand][] = [
    ...description.commands.map((command): [string, CliCommand] => [command.name, command]),
    ...description.groups.flatMap((group) => group.commands.map((command): [string, CliCommand] => [`${group.name} ${command.name}`, command])),
  ];
  return {
    topLevel: new Set(description.commands.map((command) => command.name)),
    groups: new Map(description.groups.map((group) => [group.name, new Set(group.commands.map((command) => command.name))])),
    options: new Map(named.map(([name, command]) => commandOptions(name, command))),
    operations: new Map(named.map(([name, command]) => [name, commandOperations(command)])),
    exitCodes: new Set(description.exitCodes.map((exit) => exit.code)),
  };
}
