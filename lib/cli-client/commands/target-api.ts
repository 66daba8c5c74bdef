/**
 * What an API target needs beyond the generic request: `upload-schema
 * --file` uploads the file as multipart/form-data, and `set-api-login` sends
 * the login method its options imply, with the token read from standard
 * input or the login body from a file, then the login check with --check.
 * Each takes exactly one of its two sources.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {RunContext} from '../context';
import {ExitCode, usageError, type ExitCodeValue} from '../exit-codes';
import {buildRequests, callOperation, requestValues} from '../requests';
import {runGeneric} from './generic';

function exactlyOne(context: RunContext, names: [string, string]): string {
  const given = names.filter((name) => context.line.options.has(name) && context.line.options.get(name) !== false);
  if (given.length !== 1) throw usageError(`"${context.line.path}" takes exactly one of --${names[0]} and --${names[1]}.`);
  return given[0];
}

const readFile = (file: string): Buffer => {
  if (!fs.existsSync(file)) throw usageError(`${file} does not exist.`);
  return fs.readFileSync(file);
};

export async function runUploadSchema(context: RunContext): Promise<ExitCodeValue> {
  if (exactlyOne(context, ['file', 'url']) === 'url') return runGeneric(context);
  const file = String(context.line.options.get('file'));
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(readFile(file))]), path.basename(file));
  const shape = context.data.operations.targets_upload;
  const [request] = buildRequests(shape, requestValues(context.line.command!, context.line, shape, 'targets_upload'));
  const {body} = await context.client().send({...request, body: undefined, form});
  if (!context.quiet) context.print(body);
  return ExitCode.ok;
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

export async function runSetApiLogin(context: RunContext): Promise<ExitCodeValue> {
  const {data, line} = context;
  const shape = data.operations.targets_api_login_update;
  const values = requestValues(line.command!, line, shape, 'targets_api_login_update');
  if (exactlyOne(context, ['token-stdin', 'login-url']) === 'token-stdin') {
    values.set('method', 'static_token');
    values.set('token', await readStdin());
  } else {
    values.set('method', 'login_request');
    const bodyFile = line.options.get('login-body-file') as string | undefined;
    if (bodyFile !== undefined) values.set('login_body', readFile(bodyFile).toString('utf8'));
  }
  const client = context.client();
  const login = (await callOperation(client, shape, values)) as Record<string, unknown>;
  const targetId = new Map([['target_id', String(line.args.get('target-id'))]]);
  const check = line.options.get('check') === true ? await callOperation(client, data.operations.targets_api_login_check, targetId) : undefined;
  if (!context.quiet) context.print(check === undefined ? login : {...login, check});
  const succeeded = (check as {succeeded?: boolean} | undefined)?.succeeded;
  if (succeeded === false) {
    context.err('The login check found no token.');
    return ExitCode.failed;
  }
  return ExitCode.ok;
}
