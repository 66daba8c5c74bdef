/**
 * The global settings of one run: each from its option, else its
 * environment variable, else the selected profile of the configuration file,
 * else the file's default profile, else the option's default, as the
 * description's `configFile` says. Also writes a profile for `configure`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {LineCounter, parseDocument, stringify} from 'yaml';
import type {CliDescription, CliOption} from '../cli/description';
import type {CommandLine, OptionValue} from './command-line';
import {optionValue} from './command-line';
import {CliExit, ExitCode, usageError} from './exit-codes';

export type SettingSource = 'option' | 'env' | 'config' | 'default';

export interface Setting {
  value: OptionValue | undefined;
  source: SettingSource;
}

export interface ConfigFile {
  file: string;
  /** The top-level keys (the default profile) and the named profiles. */
  content: Record<string, unknown> & {profiles?: Record<string, Record<string, unknown>>};
}

export interface Settings {
  /** Each global option by name, resolved. */
  get(name: string): Setting;
  /** The selected profile's name: `default` when none is selected. */
  profile: string;
  config: ConfigFile;
}

/** `~` at the start of a path is the home directory. */
const expandHome = (file: string, env: NodeJS.ProcessEnv) => (file.startsWith('~/') ? path.join(env.HOME ?? os.homedir(), file.slice(2)) : file);

/** The configuration file's path: --config, the environment variable, XDG_CONFIG_HOME, then the description's default; and whether it was named. */
function configPath(description: CliDescription, line: CommandLine, env: NodeJS.ProcessEnv, cliName: string): {file: string; named: boolean} {
  const option = description.globalOptions.find((candidate) => candidate.name === 'config');
  const named = (line.options.get('config') as string | undefined) ?? (option?.env ? env[option.env] : undefined);
  if (named) return {file: expandHome(named, env), named: true};
  if (env.XDG_CONFIG_HOME) return {file: path.join(env.XDG_CONFIG_HOME, cliName, 'config.yaml'), named: false};
  return {file: expandHome(String(option?.default ?? description.configFile.path), env), named: false};
}

/** Reads the configuration file; a missing one is empty unless it was named. */
export function readConfigFile(description: CliDescription, line: CommandLine, env: NodeJS.ProcessEnv, cliName: string): ConfigFile {
  const {file, named} = configPath(description, line, env, cliName);
  if (!fs.existsSync(file)) {
    if (named) throw usageError(`The configuration file ${file} does not exist.`);
    return {file, content: {}};
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(fs.readFileSync(file, 'utf8'), {lineCounter, prettyErrors: false});
  if (document.errors.length) {
    const [error] = document.errors;
    const {line: row, col} = lineCounter.linePos(error.pos[0]);
    throw new CliExit(ExitCode.failed, `${file}:${row}:${col}: the configuration file is not valid YAML: ${error.message.split('\n')[0]}`);
  }
  const content = document.toJS() ?? {};
  if (typeof content !== 'object' || Array.isArray(content))
    throw new CliExit(ExitCode.failed, `${file}:1:1: the configuration file must be a mapping of keys.`);
  return {file, content};
}

/** Resolves the settings; `createsProfile` lets the selected profile be one the file does not have yet (configure writes it). */
export function resolveSettings(description: CliDescription, line: CommandLine, env: NodeJS.ProcessEnv, cliName: string, createsProfile = false): Settings {
  const config = readConfigFile(description, line, env, cliName);
  const profileOption = description.globalOptions.find((option) => option.name === 'profile');
  const selected = (line.options.get('profile') as string | undefined) ?? (profileOption?.env ? env[profileOption.env] : undefined);
  const profiles = config.content.profiles ?? {};
  if (selected !== undefined && !createsProfile && !Object.hasOwn(profiles, selected)) {
    const known = Object.keys(profiles);
    throw usageError(`The configuration file ${config.file} has no profile "${selected}"${known.length ? `; its profiles: ${known.join(', ')}` : ''}.`);
  }
  const keyOf = new Map(description.configFile.keys.filter((key) => key.option).map((key) => [key.option!, key.name]));
  const fromEnv = (option: CliOption): OptionValue | undefined => {
    const text = option.env ? env[option.env] : undefined;
    if (text === undefined) return undefined;
    // NO_COLOR is on when set to any value; other variables hold a value of the option's type.
    if (option.type === 'boolean') return text !== '' && text !== 'false';
    return optionValue(option, text, option.env);
  };
  const fromConfig = (option: CliOption): OptionValue | undefined => {
    const key = keyOf.get(option.name);
    if (!key) return undefined;
    const value = (selected !== undefined ? profiles[selected]?.[key] : undefined) ?? config.content[key];
    if (value === undefined || value === null) return undefined;
    const where = `${config.file}: ${selected !== undefined && profiles[selected]?.[key] !== undefined ? `profiles.${selected}.` : ''}${key}`;
    return optionValue(option, String(value), where);
  };
  const get = (name: string): Setting => {
    const option = description.globalOptions.find((candidate) => candidate.name === name);
    if (!option) throw new Error(`The description has no global option --${name}.`);
    if (line.options.has(name) && !(line.command?.options ?? []).some((own) => own.name === name)) return {value: line.options.get(name), source: 'option'};
    const env = fromEnv(option);
    if (env !== undefined) return {value: env, source: 'env'};
    const configured = fromConfig(option);
    if (configured !== undefined) return {value: configured, source: 'config'};
    return {value: option.default, source: 'default'};
  };
  return {get, profile: selected ?? 'default', config};
}

/** Writes values into a profile of the file (the top level for the default one), keeping the rest, readable by its owner only. */
export function writeProfile(config: ConfigFile, profile: string, values: Record<string, unknown>): void {
  const content = structuredClone(config.content);
  if (profile === 'default') Object.assign(content, values);
  else content.profiles = {...content.profiles, [profile]: {...content.profiles?.[profile], ...values}};
  fs.mkdirSync(path.dirname(config.file), {recursive: true, mode: 0o700});
  fs.writeFileSync(config.file, stringify(content), {mode: 0o600});
  // writeFileSync's mode applies only to a new file: an existing one is made private too.
  fs.chmodSync(config.file, 0o600);
}
