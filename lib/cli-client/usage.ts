/** --help: the commands, or one command's arguments and options, from the description. */
import type {CliOption} from '../cli/description';
import type {ClientData} from './client-data';
import {columns} from './output';

const optionLine = (option: CliOption) => [
  `  ${option.short ? `-${option.short}, ` : ''}--${option.name}${option.type === 'boolean' ? '' : ` <${option.type === 'enum' ? option.values!.join('|') : option.type}>`}`,
  option.description.split(/(?<=\.)\s/)[0],
];

export function usage(data: ClientData, path?: string): string {
  const {description, name} = data;
  const command =
    path &&
    [...description.commands, ...description.groups.flatMap((group) => group.commands.map((item) => ({...item, name: `${group.name} ${item.name}`})))].find(
      (item) => item.name === path,
    );
  if (command) {
    const args = (command.arguments ?? []).map((argument) => ` <${argument.name}>${argument.repeatable ? '...' : ''}`).join('');
    const options = command.options ?? [];
    return [
      `Usage: ${name} ${path}${args} [options]`,
      '',
      command.summary,
      ...(options.length ? ['', 'Options:', columns(options.map(optionLine))] : []),
      '',
      'Global options:',
      columns(description.globalOptions.map(optionLine)),
    ].join('\n');
  }
  const rows = [
    ...description.commands.map((item) => [`  ${item.name}`, item.summary]),
    ...description.groups.flatMap((group) => group.commands.map((item) => [`  ${group.name} ${item.name}`, item.summary])),
  ];
  return [`Usage: ${name} <command> [options]`, '', 'Commands:', columns(rows), '', `Run "${name} <command> --help" for a command's options.`].join('\n');
}
