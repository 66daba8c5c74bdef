/**
 * `configure`: writes the API key, URL and output format into a profile of
 * the configuration file (mode 600). It asks in a terminal, the key without
 * echo; never with --no-input or outside a terminal. It calls no API.
 */
import readline from 'node:readline/promises';
import {Writable} from 'node:stream';
import type {RunContext} from '../context';
import {optionValue} from '../command-line';
import {ExitCode, usageError, type ExitCodeValue} from '../exit-codes';
import {writeProfile} from '../settings';

async function ask(question: string, hidden: boolean): Promise<string> {
  // The key is typed into a terminal that echoes nothing: the prompt goes to standard error, the typing nowhere.
  const output = hidden
    ? new Writable({
        write: (_chunk, _encoding, done) => done(),
      })
    : process.stderr;
  if (hidden) process.stderr.write(question);
  const prompt = readline.createInterface({input: process.stdin, output, terminal: true});
  const answer = await prompt.question(hidden ? '' : question);
  prompt.close();
  if (hidden) process.stderr.write('\n');
  return answer.trim();
}

export async function runConfigure(context: RunContext): Promise<ExitCodeValue> {
  const {line, settings, data} = context;
  const interactive = process.stdin.isTTY && line.options.get('no-input') !== true && line.options.get('key-stdin') !== true;
  const option = (name: string) => data.description.globalOptions.find((candidate) => candidate.name === name)!;
  let key = line.options.get('key-stdin') === true ? (await readStdin()).trim() : settings.get('api-key').value;
  if (interactive && !line.options.has('api-key')) key = (await ask('API key (input hidden): ', true)) || key;
  if (typeof key !== 'string' || key === '') {
    throw usageError(`configure needs an API key: give --api-key, --key-stdin or ${option('api-key').env}, or run it in a terminal without --no-input.`);
  }
  const values: Record<string, unknown> = {api_key: key};
  for (const [name, keyName, shownValues] of [
    ['api-url', 'api_url', ''],
    ['output', 'output', ' (table, json, yaml)'],
  ] as const) {
    const current = settings.get(name).value;
    let value = line.options.get(name) ?? current;
    if (interactive && !line.options.has(name)) {
      const typed = await ask(`${name === 'api-url' ? 'API URL' : 'Output format'}${shownValues} [${current}]: `, false);
      if (typed) value = optionValue(option(name), typed, name);
    }
    if (name === 'output' && !['table', 'json', 'yaml'].includes(String(value)))
      throw usageError(`configure saves an output format of table, json or yaml, not ${value}.`);
    if (line.options.has(name) || settings.get(name).source !== 'default' || interactive) values[keyName] = value;
  }
  writeProfile(settings.config, settings.profile, values);
  const which = settings.profile === 'default' ? 'the default profile' : `the profile "${settings.profile}"`;
  context.err(`Saved ${which} to ${settings.config.file}.`);
  if (interactive) context.err(`Run "${data.name} whoami" to check the key.`);
  return ExitCode.ok;
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}
