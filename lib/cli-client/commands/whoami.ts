/**
 * `whoami`: where the key comes from and its prefix (the first 8 characters
 * of its signature), the API URL and the profile, then who the key belongs
 * to and its permissions, as the API answers.
 */
import type {RunContext} from '../context';
import {ExitCode, type ExitCodeValue} from '../exit-codes';
import {columns} from '../output';
import {callOperation} from '../requests';

type Named = {id: string; name: string};

export async function runWhoami(context: RunContext): Promise<ExitCodeValue> {
  const {data, settings} = context;
  const client = context.client();
  const key = settings.get('api-key');
  const keySource = key.source as 'option' | 'env' | 'config';
  const keyPrefix = String(key.value).split('.').at(-1)!.slice(0, 8);
  const apiUrl = String(settings.get('api-url').value);
  const user = (await callOperation(client, data.operations.profile_retrieve, new Map())) as Named & {type?: string; email?: string; teams?: Named[]};
  const permissions = (await callOperation(client, data.operations.profile_permissions_list, new Map())) as {
    codename?: string;
    name?: string;
    teams?: Named[];
  }[];
  if (context.quiet) context.out(user.id);
  else if (context.format !== 'table')
    context.print({key_source: keySource, key_prefix: keyPrefix, api_url: apiUrl, profile: settings.profile, user, permissions});
  else {
    const variable = data.description.globalOptions.find((option) => option.name === 'api-key')?.env;
    const from = {
      option: 'the --api-key option',
      env: variable,
      config: `profile ${settings.profile}`,
    }[keySource];
    const team = (teams?: Named[]) => (teams ?? []).map((item) => `${item.name} (${item.id})`).join(', ') || '-';
    context.out(
      columns([
        ['Key', `${keyPrefix} (key_prefix, from ${from})`],
        ['API URL', apiUrl],
        ['Profile', settings.profile],
        user.type === 'api_user' ? ['API user', `${user.name} (${user.id})`] : ['User', `${user.name}${user.email ? ` <${user.email}>` : ''} (${user.id})`],
        ['Teams', team(user.teams)],
        ...permissions.map((permission, index) => [
          index === 0 ? 'Permissions' : '',
          `${permission.codename ?? ''}  ${permission.name ?? ''}  ${(permission.teams ?? []).map((item) => item.name).join(', ')}`.trim(),
        ]),
      ]),
    );
  }
  return ExitCode.ok;
}
