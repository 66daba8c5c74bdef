/** `{{cli}} group command --option …` lines in a page's text, held by the drift check to the CLI description and to the roles a page recommends. */
import type {CliCommandNames} from '../cli/description';

const CLI_MENTION = /\{\{\s*cli\s*\}\}((?:[ \t]+[a-z][a-z0-9-]*)*)/g;

/** Continued lines joined, cut where the shell starts something else (a pipe, a list, a redirection, the end of the substitution it is in). */
function commandTail(text: string, from: number): string {
  const line = text.slice(from).replace(/\\\n/g, ' ').split('\n')[0];
  // "$(jq -r .id scan.json)" is another command's words.
  return line.replace(/\$\([^()]*\)/g, '').split(/\||;|&&|>|<|\)|`/)[0];
}

export interface CliMention {
  index: number;
  written: string;
  /** Undefined for a group alone or a name the description does not have. */
  command?: string;
  known: boolean;
  options: {name: string; long: boolean}[];
}

/** The client's name in prose is no mention. */
export function cliMentions(text: string, commands: CliCommandNames): CliMention[] {
  const mentions: CliMention[] = [];
  for (const match of text.matchAll(CLI_MENTION)) {
    const words = match[1].trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    const [first, second] = words;
    const group = commands.groups.get(first);
    // A group alone (`{{cli}} scans --help`) is fine; a word after it must be one of its commands.
    const known = commands.topLevel.has(first) || (group !== undefined && (second === undefined || group.has(second)));
    const command = !known ? undefined : commands.topLevel.has(first) ? first : second === undefined ? undefined : `${first} ${second}`;
    const options = [...commandTail(text, match.index + match[0].length).matchAll(/(?:^|\s)(?:--([a-z][a-z0-9-]*)|-([a-zA-Z]))(?=[\s=]|$)/g)].map((option) => ({
      name: option[1] ?? option[2],
      long: option[1] !== undefined,
    }));
    mentions.push({index: match.index, written: match[0].trim(), command, known, options});
  }
  return mentions;
}
