/**
 * What a command runs with: the data, its command line, the resolved
 * settings, the output format, the time limit, the API client (asking for a
 * key only when a command calls the API) and the two output streams.
 */
import {ApiClient} from './api-client';
import type {ClientData} from './client-data';
import {durationMs, type CommandLine} from './command-line';
import {Deadline} from './deadline';
import {CliExit, ExitCode, usageError} from './exit-codes';
import {formatResult} from './output';
import {resolveSettings, type Settings} from './settings';

export interface RunContext {
  data: ClientData;
  line: CommandLine;
  settings: Settings;
  env: NodeJS.ProcessEnv;
  format: string;
  quiet: boolean;
  deadline: Deadline;
  /** The API client; a command without a key ends with exit code 3 here, before any request. */
  client(): ApiClient;
  out(text: string): void;
  err(text: string): void;
  /** Prints a result in the chosen format. */
  print(value: unknown): void;
}

/** Commands that may write each format: every one, unless the description names its commands. */
function formatAllowed(data: ClientData, path: string, format: string): boolean {
  const declared = data.description.outputFormats.find((candidate) => candidate.name === format);
  return Boolean(declared) && (!declared!.commands || declared!.commands.includes(path));
}

export function createContext(data: ClientData, line: CommandLine, env: NodeJS.ProcessEnv, createsProfile = false): RunContext {
  const settings = resolveSettings(data.description, line, env, data.name, createsProfile);
  const quiet = line.options.get('quiet') === true;
  if (quiet && line.options.get('verbose') === true) throw usageError('--quiet cannot be combined with --verbose.');
  const format = String(settings.get('output').value);
  const path = line.path!;
  if (!formatAllowed(data, path, format)) throw usageError(`"${path}" has no --output ${format}.`);
  // A command's own timeout (a wait's) applies where it waits; elsewhere the global one.
  const ownTimeout = line.command!.options?.find((option) => option.name === 'timeout');
  const waits = !line.command!.options?.some((option) => option.name === 'wait') || line.options.get('wait') === true;
  const timeout = String(ownTimeout && waits ? (line.options.get('timeout') ?? ownTimeout.default) : settings.get('timeout').value);
  const deadline = new Deadline(durationMs(timeout)!, timeout);
  const err = (text: string) => process.stderr.write(`${text}\n`);
  const out = (text: string) => {
    if (text !== '') process.stdout.write(`${text}\n`);
  };
  let client: ApiClient | undefined;
  return {
    data,
    line,
    settings,
    env,
    format,
    quiet,
    deadline,
    client() {
      const key = settings.get('api-key');
      if (typeof key.value !== 'string' || key.value === '') {
        const variable = data.description.globalOptions.find((option) => option.name === 'api-key')?.env;
        throw new CliExit(ExitCode.auth, `No API key found: give --api-key, set ${variable}, or run "${data.name} configure".`);
      }
      const verbose = line.options.get('verbose') === true ? err : undefined;
      client ??= new ApiClient(String(settings.get('api-url').value).replace(/\/+$/, ''), key.value, deadline, verbose);
      return client;
    },
    out,
    err,
    print: (value) => out(formatResult(value, format, quiet, line.command!.table)),
  };
}
