/**
 * Reads a command line against the description: the command (top-level, or
 * group and command), its arguments, and its options and the global ones,
 * each checked against its type. Anything wrong is a usage error (exit
 * code 2), found before any request is sent.
 */
import type {CliArgument, CliCommand, CliDescription, CliOption} from '../cli/description';
import {usageError} from './exit-codes';

export type OptionValue = string | number | boolean | string[] | number[];

export interface CommandLine {
  /** "group command", or a top-level command's name; undefined for help without a command. */
  path?: string;
  command?: CliCommand;
  /** Each argument's value by name; a repeatable one holds a list. */
  args: Map<string, string | string[]>;
  /** The options given on the command line, by long name, command options shadowing global ones. */
  options: Map<string, OptionValue>;
  help: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DURATION_PART = /(\d+)(ms|s|m|h)/g;
const UNIT_MS: Record<string, number> = {ms: 1, s: 1000, m: 60_000, h: 3_600_000};

/** A duration as the description writes them (90s, 10m, 1h30m) in milliseconds; undefined when it is not one. */
export function durationMs(text: string): number | undefined {
  if (!/^(\d+(ms|s|m|h))+$/.test(text)) return undefined;
  return [...text.matchAll(DURATION_PART)].reduce((total, [, amount, unit]) => total + Number(amount) * UNIT_MS[unit], 0);
}

/** A value of an option's type, or a usage error naming the option. */
export function optionValue(option: Pick<CliOption, 'name' | 'type' | 'values'>, text: string, where = `--${option.name}`): string | number | boolean {
  const wrong = (expected: string) => usageError(`${where}: "${text}" is not ${expected}.`);
  switch (option.type) {
    case 'integer':
      if (!/^-?\d+$/.test(text)) throw wrong('a whole number');
      return Number(text);
    case 'boolean':
      if (!['true', 'false'].includes(text)) throw wrong('true or false');
      return text === 'true';
    case 'enum':
      if (!option.values?.includes(text)) throw wrong(`one of ${option.values?.join(', ')}`);
      return text;
    case 'uuid':
      if (!UUID.test(text)) throw wrong('an id (a UUID such as 3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c)');
      return text;
    case 'url':
      if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw wrong('an http(s) URL');
      return text;
    case 'duration':
      if (durationMs(text) === undefined) throw wrong('a duration such as 90s, 10m or 2h');
      return text;
    case 'path':
      if (text === '') throw wrong('a path');
      return text;
    default:
      return text;
  }
}

/** The command named by the first words, once they are enough to name one. */
function findCommand(description: CliDescription, words: string[]): {path: string; command: CliCommand} | undefined {
  const [first, second] = words;
  const topLevel = description.commands.find((command) => command.name === first);
  if (topLevel) return {path: topLevel.name, command: topLevel};
  const group = description.groups.find((candidate) => candidate.name === first);
  const known = [...description.commands.map((command) => command.name), ...description.groups.map((candidate) => candidate.name)];
  if (!group) throw usageError(`Unknown command "${first}". Commands: ${known.join(', ')}.`);
  if (second === undefined) return undefined;
  const command = group.commands.find((candidate) => candidate.name === second);
  const names = group.commands.map((candidate) => candidate.name).join(', ');
  if (!command) throw usageError(`Unknown command "${group.name} ${second}". Its commands: ${names}.`);
  return {path: `${group.name} ${command.name}`, command};
}

/**
 * Reads argv (without node and the script) against the description, left to
 * right: until the command is known only global options are read, then its
 * own too (a command option shadows a global one of the same name).
 */
export function parseCommandLine(description: CliDescription, argv: string[]): CommandLine {
  const words: string[] = [];
  const values = new Map<string, OptionValue>();
  let found: {path: string; command: CliCommand} | undefined;
  let help = false;
  const lookup = (name: string, short: boolean): CliOption | undefined =>
    [...(found?.command.options ?? []), ...description.globalOptions].find((option) => (short ? option.short === name : option.name === name));
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index];
    if (token === '--') {
      words.push(...argv.slice(index + 1));
      break;
    }
    if (token === '--help' || token === '-h') {
      help = true;
      continue;
    }
    if (!token.startsWith('-') || token === '-') {
      words.push(token);
      if (!found && words.length) found = findCommand(description, words);
      continue;
    }
    const long = token.startsWith('--');
    const equals = token.indexOf('=');
    const name = long ? token.slice(2, equals > 0 ? equals : undefined) : token.slice(1, 2);
    const shown = long ? `--${name}` : `-${name}`;
    const option = lookup(name, !long);
    if (!option) throw usageError(`Unknown option ${shown}${found ? ` for "${found.path}"` : ''}.`);
    let text = long ? (equals > 0 ? token.slice(equals + 1) : undefined) : token.length > 2 ? token.slice(2) : undefined;
    if (text === undefined && option.type !== 'boolean') {
      text = argv[index + 1];
      if (text === undefined) throw usageError(`${shown} needs a value.`);
      index += 1;
    }
    const value = optionValue(option, text ?? 'true', shown);
    if (option.repeatable) values.set(option.name, [...((values.get(option.name) as string[] | undefined) ?? []), value as string]);
    else if (values.has(option.name)) throw usageError(`--${option.name} is given twice.`);
    else values.set(option.name, value);
  }
  if (!found) {
    if (words.length && !help)
      throw usageError(
        `"${words[0]}" needs a command: ${description.groups
          .find((group) => group.name === words[0])
          ?.commands.map((command) => command.name)
          .join(', ')}.`,
      );
    return {args: new Map(), options: values, help: true};
  }
  const {path, command} = found;
  if (help) return {path, command, args: new Map(), options: values, help};
  for (const option of command.options ?? []) {
    if (option.required && !values.has(option.name)) throw usageError(`"${path}" needs --${option.name}.`);
  }
  return {path, command, args: readArguments(path, command.arguments ?? [], words.slice(path.split(' ').length)), options: values, help};
}

function readArguments(path: string, declared: CliArgument[], words: string[]): Map<string, string | string[]> {
  const args = new Map<string, string | string[]>();
  let index = 0;
  for (const argument of declared) {
    if (argument.repeatable) {
      const rest = words.slice(index);
      if (rest.length === 0 && argument.required !== false) throw usageError(`"${path}" needs <${argument.name}>.`);
      args.set(argument.name, rest);
      index = words.length;
    } else if (index < words.length) {
      args.set(argument.name, words[index]);
      index += 1;
    } else if (argument.required !== false) throw usageError(`"${path}" needs <${argument.name}>.`);
  }
  if (index < words.length) throw usageError(`"${path}" takes no argument "${words[index]}".`);
  for (const argument of declared) {
    // Ids are UUIDs throughout the API: a word that is not one is a wrong argument, found before any request.
    for (const value of [args.get(argument.name) ?? []].flat()) {
      if (argument.name.endsWith('-id')) optionValue({name: argument.name, type: 'uuid'}, value, `<${argument.name}>`);
    }
  }
  return args;
}
