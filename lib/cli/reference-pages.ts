/**
 * The CLI reference as Markdown pages, from the CLI description: the index
 * (usage, installation, global options, configuration file, environment
 * variables, output formats, exit codes, top-level commands, the list of
 * commands) and one page per command group.
 */
import {referencePath} from '../contract/operations';
import {PERMISSION_CATALOGUE_PATH, permissionAnchor} from '../reference/permission-catalogue';

/** The permission codename an operation requires, by operation id. */
export type RequiredPermissionOf = (operationId: string) => string | undefined;
import type {CliCommand, CliDescription, CliGroup, CliOption} from './description';

/** Text for a Markdown table cell. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|');
const code = (text: string) => `\`${text}\``;
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');
const fence = (lang: string, text: string) => `\`\`\`${lang}\n${text.trimEnd()}\n\`\`\``;

function flag(option: CliOption): string {
  const value = option.type === 'boolean' ? '' : ` <${option.type === 'enum' ? option.name : option.type}>`;
  return `${option.short ? `-${option.short}, ` : ''}--${option.name}${value}`;
}

/** Options as a list, one entry each: the flag (with an enum's values), then what it does, its default and variable. A wide table would not fit a phone. */
function optionsList(options: CliOption[]): string {
  return options
    .map((option) => {
      // The placeholder in the flag names the type; only an enum's values need saying.
      const values = option.type === 'enum' ? ` (one of ${option.values!.map(code).join(', ')})` : '';
      const details = [
        option.description,
        option.required ? 'Required.' : '',
        option.repeatable ? 'Repeat the option for several values.' : '',
        // An empty list's meaning is the option's description's to say.
        option.default === undefined || Array.isArray(option.default) ? '' : `Default: ${code(String(option.default))}.`,
        option.env ? `Environment variable: ${code(option.env)}.` : '',
      ].filter(Boolean);
      return `- **${code(flag(option))}**${values}  \n  ${details.join(' ').replace(/\s*\n\s*/g, ' ')}`;
    })
    .join('\n');
}

/** The command line a reader types: `{{cli}} scans pause <target-id> <scan-id> [options]`. */
function usage(prefix: string, command: CliCommand): string {
  const args = (command.arguments ?? []).map((argument) => {
    const name = `<${argument.name}>${argument.repeatable ? '...' : ''}`;
    return argument.required === false ? `[${name}]` : name;
  });
  const required = (command.options ?? [])
    .filter((option) => option.required)
    .map((option) => `--${option.name} <${option.type === 'enum' ? option.name : option.type}>`);
  return [`{{cli}}`, prefix, command.name, ...args, ...required, command.options?.some((option) => !option.required) ? '[options]' : '']
    .filter(Boolean)
    .join(' ');
}

/** An operation the command calls, linked to its page, with the permission it requires linked to the catalogue, and the options that make the command call it, if only some do. */
function operationItem(id: string, requiredPermission: RequiredPermissionOf, options: CliOption[]): string {
  const codename = requiredPermission(id);
  const requires = codename ? `, requires [${code(codename)}](${PERMISSION_CATALOGUE_PATH}#${permissionAnchor(codename)})` : '';
  const calledWith = options.filter((option) => option.operations?.includes(id)).map((option) => code(`--${option.name}`));
  return `- [${code(id)}](${referencePath(id)})${requires}${calledWith.length ? `; only with ${calledWith.join(' or ')}` : ''}`;
}

function commandSection(prefix: string, command: CliCommand, level: '##' | '###', requiredPermission: RequiredPermissionOf): string {
  const parts = [
    `${level} ${[`{{cli}}`, prefix, command.name].filter(Boolean).join(' ')} {#${command.name}}`,
    command.description,
    fence('bash', usage(prefix, command)),
  ];
  if (command.arguments?.length) {
    parts.push(
      '**Arguments**',
      table(
        ['Argument', 'Description'],
        command.arguments.map((argument) => [
          code(`<${argument.name}>`),
          [argument.description, argument.required === false ? 'Optional.' : '', argument.repeatable ? 'Give several to act on each.' : '']
            .filter(Boolean)
            .join(' '),
        ]),
      ),
    );
  }
  if (command.options?.length) parts.push('**Options**', optionsList(command.options));
  if (command.output) parts.push('**Output**', command.output);
  if (command.operations.length) {
    parts.push('**API operations**', command.operations.map((id) => operationItem(id, requiredPermission, command.options ?? [])).join('\n'));
  }
  parts.push(
    '**Examples**',
    ...command.examples.flatMap((example) => [
      example.description,
      fence('bash', example.command),
      ...(example.output ? [fence('text', example.output)] : []),
      ...(example.exitCode === undefined ? [] : [`Exit code: [${code(String(example.exitCode))}](./index.md#exit-codes).`]),
    ]),
  );
  return parts.join('\n\n');
}

const frontMatter = (fields: Record<string, string | number>) =>
  `---\n${Object.entries(fields)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join('\n')}\n---`;

function indexPage(description: CliDescription, requiredPermission: RequiredPermissionOf): string {
  const environment = [
    ...description.globalOptions.filter((option) => option.env).map((option) => [code(option.env!), `Sets ${code(`--${option.name}`)}. ${option.description}`]),
    ...description.groups.flatMap((group) =>
      group.commands.flatMap((command) =>
        (command.options ?? [])
          .filter((option) => option.env)
          .map((option) => [code(option.env!), `Sets ${code(`--${option.name}`)} of ${code(`{{cli}} ${group.name} ${command.name}`)}. ${option.description}`]),
      ),
    ),
  ];
  return [
    frontMatter({
      title: 'CLI reference',
      sidebar_label: 'Reference',
      description: 'Every command, option, environment variable and exit code of the {{cli}} command-line client.',
    }),
    description.summary,
    '## Usage',
    fence('bash', '{{cli}} <group> <command> [arguments] [options]'),
    'Global options go anywhere after the command name, like any other option.',
    `Command groups: ${description.groups.map((group) => `[${code(group.name)}](./${group.name}.md)`).join(', ')}. Run ${code('{{cli}} <group> <command> --help')} for a command's help in the terminal.`,
    '## Installation',
    table(
      ['Method', 'Command', 'Notes'],
      description.install.map((install) => [install.method, code(install.command), install.note ?? '']),
    ),
    '## Global options',
    'These options apply to every command.',
    optionsList(description.globalOptions),
    '## Configuration file',
    `${description.configFile.description} Default location: ${code(description.configFile.path)}.`,
    table(
      ['Key', 'Type', 'Description'],
      description.configFile.keys.map((key) => [code(key.name), key.type, `${key.description}${key.option ? ` Default for ${code(`--${key.option}`)}.` : ''}`]),
    ),
    fence('yaml', description.configFile.example),
    '## Environment variables',
    table(['Variable', 'Effect'], environment),
    '## Output formats',
    `Choose with ${code('--output')}.`,
    table(
      ['Format', 'Description'],
      description.outputFormats.map((format) => [
        code(format.name),
        format.commands ? `${format.description} Only for ${format.commands.map((name) => code(`{{cli}} ${name}`)).join(', ')}.` : format.description,
      ]),
    ),
    '## Exit codes',
    table(
      ['Code', 'Meaning'],
      description.exitCodes.map((exit) => [code(String(exit.code)), exit.meaning]),
    ),
    '## Commands',
    ...description.groups.flatMap((group) => [
      `### ${group.name}`,
      `${group.summary} [All ${code(group.name)} commands](./${group.name}.md).`,
      table(
        ['Command', 'Summary'],
        group.commands.map((command) => [`[${code(`{{cli}} ${group.name} ${command.name}`)}](./${group.name}.md#${command.name})`, command.summary]),
      ),
    ]),
    ...(description.commands.length
      ? ['## Other commands', ...description.commands.map((command) => commandSection('', command, '###', requiredPermission))]
      : []),
  ].join('\n\n');
}

function groupPage(group: CliGroup, position: number, requiredPermission: RequiredPermissionOf): string {
  return [
    frontMatter({title: `{{cli}} ${group.name}`, sidebar_label: group.name, sidebar_position: position, description: group.summary}),
    group.description,
    `The [global options](./index.md#global-options) apply to every command.`,
    ...group.commands.map((command) => commandSection(group.name, command, '##', requiredPermission)),
  ].join('\n\n');
}

/** File name (relative to docs/cli/reference/) to Markdown. */
export function cliReferencePages(description: CliDescription, requiredPermission: RequiredPermissionOf = () => undefined): Map<string, string> {
  const pages = new Map([['index.md', `${indexPage(description, requiredPermission)}\n`]]);
  description.groups.forEach((group, index) => pages.set(`${group.name}.md`, `${groupPage(group, index + 1, requiredPermission)}\n`));
  return pages;
}
