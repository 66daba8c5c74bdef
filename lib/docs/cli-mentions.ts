/**
 * Command lines of the client in a page's text (`{{cli}} group command
 * --option …`): which command of the CLI description each names, and the
 * options given to it. The drift check holds them to the description and
 * to the roles a page recommends.
 */
import type {CliCommandNames} from '../cli/description';

const CLI_MENTION = /\{\{\s*cli\s*\}\}((?:[ \t]+[a-z][a-z0-9-]*)*)/g;

/**
 * The rest of a command line after its command words: continued lines (a
 * trailing backslash) joined, cut where the shell starts something else (a
 * pipe, a list, a redirection, the end of the substitution it is in).
 */
function commandTail(text: string, from: number): string {
  const line = text.slice(from).replace(/\\\n/g, ' ').split('\n')[0];
  // A substitution inside the command ("$(jq -r .id scan.json)") is another command's words.
  return line.replace(/\$\([^()]*\)/g, '').split(/\||;|&&|>|<|\)|`/)[0];
}

export interface CliMention {
  /** Where `{{cli}}` starts in the text. */
  index: number;
  /** The mention as written up to its command words ("{{cli}} scans start"). */
  written: string;
  /** The command it names ("group command", or a top-level command's name); undefined for a group alone or a name the description does not have. */
  command?: string;
  /** False when its first words name no command or group of the description. */
  known: boolean;
  /** The options given, without dashes, each with whether it was written long. */
  options: {name: string; long: boolean}[];
}

/** Every `{{cli}} …` command line of a text; a mention without words (the client's name in prose) is none. */
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
