/**
 * The CLI as a request-sample language, in the build: every operation a
 * command of cli/cli.yaml calls has a tab named after the client on its page
 * and the command in its Markdown twin; each command shown is parsed as a
 * shell would and held to cli.yaml: the command exists, calls the operation,
 * takes that many arguments, and has every option given (with a value where
 * the option takes one, one of its values for an enum).
 */
import {load} from 'cheerio';
import {parse as parseShell} from 'shell-quote';
import {describe, expect, it} from 'vitest';
import {loadCliDescription, type CliCommand, type CliOption} from '../../lib/cli/description';
import {portalConfig, portalTokens} from '../../portal.config';
import {readBuildFile} from './site-files';

const cli = portalConfig.cliName;
const description = loadCliDescription(undefined, undefined, portalTokens(portalConfig));
const commands = new Map<string, CliCommand>([
  ...description.commands.map((command): [string, CliCommand] => [command.name, command]),
  ...description.groups.flatMap((group) => group.commands.map((command): [string, CliCommand] => [`${group.name} ${command.name}`, command])),
]);
/** Operations a command calls only with ids it read from an earlier answer: no command line addresses them. */
const CALLED_ON_THE_WAY: Record<string, string> = {
  definitions_retrieve: 'findings list, scans start and scans wait read each finding’s definition by the id in the finding',
};
const covered = [...new Set([...commands.values()].flatMap((command) => command.operations))].filter((id) => !(id in CALLED_ON_THE_WAY));
const slug = (operationId: string) => `api/reference/${operationId.replaceAll('_', '-')}`;

/** The CLI sample of an operation's twin: the code block under the client's name, continued lines joined. */
function twinCommand(operationId: string): string | undefined {
  const twin = readBuildFile(`${slug(operationId)}.md`);
  const match = new RegExp(`\\*\\*${cli}\\*\\*\\n\\n\`\`\`bash\\n([\\s\\S]*?)\\n\`\`\``).exec(twin);
  return match?.[1].replace(/ \\\n\s*/g, ' ');
}

/** What is wrong with a command line against cli.yaml, for the operation it should make. */
function problems(line: string, operationId: string): string[] {
  // `<target-id>` is a placeholder the reader replaces: one word.
  const words = parseShell(line.replace(/<([a-z-]+)>/g, 'PLACEHOLDER_$1'));
  if (words.some((word) => typeof word !== 'string')) return [`"${line}" is not one simple command`];
  const [name, ...rest] = words as string[];
  if (name !== cli) return [`"${line}" does not run ${cli}`];
  const path = commands.has(`${rest[0]} ${rest[1]}`) ? `${rest[0]} ${rest[1]}` : rest[0];
  const command = commands.get(path);
  if (!command) return [`"${cli} ${rest.slice(0, 2).join(' ')}" is not a command of cli.yaml`];
  const found: string[] = [];
  if (!command.operations.includes(operationId)) found.push(`"${cli} ${path}" does not call ${operationId} in cli.yaml`);
  const options = new Map<string, CliOption>([...description.globalOptions, ...(command.options ?? [])].map((option) => [option.name, option]));
  const positional: string[] = [];
  const args = rest.slice(path.split(' ').length);
  for (let index = 0; index < args.length; index++) {
    const word = args[index];
    if (!word.startsWith('--')) {
      positional.push(word);
      continue;
    }
    const option = options.get(word.slice(2));
    if (!option) {
      found.push(`"${cli} ${path}" has no option ${word}`);
      continue;
    }
    // An option that names operations of its own sets its value in those alone (targets update --team: move_team).
    if (option.operations && !option.operations.includes(operationId))
      found.push(`${word} of "${cli} ${path}" calls ${option.operations.join(', ')}, not ${operationId}`);
    if (option.type === 'boolean') continue;
    const value = args[++index];
    if (value === undefined || value.startsWith('--')) found.push(`${word} needs a value`);
    else if (option.values && !value.startsWith('PLACEHOLDER_') && !option.values.includes(value))
      found.push(`${word} ${value} is not one of ${option.values.join(', ')}`);
  }
  const allowed = command.arguments ?? [];
  if (positional.length > allowed.length && !allowed.at(-1)?.repeatable)
    found.push(`"${cli} ${path}" takes ${allowed.length} argument(s), given ${positional.length}`);
  const required = allowed.filter((argument) => argument.required !== false).length;
  if (positional.length < required) found.push(`"${cli} ${path}" needs ${required} argument(s), given ${positional.length}`);
  return found;
}

describe('the CLI request sample', () => {
  it('covers operations that cli.yaml names', () => expect(covered.length).toBeGreaterThan(30));

  it.each(covered)('%s: the page has the tab, the twin the command, which cli.yaml has with its options', (operationId) => {
    const $ = load(readBuildFile(`${slug(operationId)}.html`));
    const tabs = $('article .tabs-container')
      .last()
      .find('[role="tab"]')
      .map((_, tab) => $(tab).text().trim())
      .get();
    expect(tabs).toEqual(['curl', 'Python', 'JavaScript', 'Go', cli]);
    const line = twinCommand(operationId);
    expect(line, 'the twin’s CLI sample').toBeDefined();
    expect(problems(line!, operationId)).toEqual([]);
  });

  it('sets the request’s values: the path’s ids as arguments, body fields as options', () => {
    expect(twinCommand('targets_scans_create')).toBe(
      `${cli} scans start 3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c --scan-profile c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f --notes 'Release 4.12.0, pipeline run 8812'`,
    );
    expect(twinCommand('targets_create')).toContain(`--name 'Checkout web app' --label pci --label production`);
    // The team goes to move_team, never through the update.
    expect(twinCommand('targets_move_team')).toBe(`${cli} targets update 3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c --team 5c2d7e9f-1a3b-4c5d-8e6f-7a8b9c0d1e2f`);
    expect(twinCommand('targets_partial_update')).not.toContain('--team');
  });

  it('is checked against cli.yaml: a command, option or value it lacks is a problem', () => {
    expect(problems(`${cli} targets get 3f9c`, 'targets_retrieve')).toEqual([]);
    expect(problems(`${cli} targets fetch 3f9c`, 'targets_retrieve')).toHaveLength(1);
    expect(problems(`${cli} targets get 3f9c --colour red`, 'targets_retrieve')).toContain(`"${cli} targets get" has no option --colour`);
    expect(problems(`${cli} targets list --type nothing`, 'targets_list')).toHaveLength(1);
    expect(problems(`${cli} targets get 3f9c`, 'targets_list')).toHaveLength(1);
    expect(problems(`${cli} targets get`, 'targets_retrieve')).toHaveLength(1);
    expect(problems(`${cli} targets update 3f9c --team 5c2d`, 'targets_partial_update')).toEqual([
      `--team of "${cli} targets update" calls targets_move_team, not targets_partial_update`,
    ]);
  });
});
