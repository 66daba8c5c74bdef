/**
 * Exit codes a page names are codes of the CLI's one table of exit codes:
 * in prose ("exits with code 12", "with code `5`"), in a list after "code"
 * ("code `3`, `5` or `7`"), in a section about exit codes (every inline code
 * that is a number below 100, as in "`10` means blocking findings"), and in the first
 * column of a table of exit codes (headed "Code" or "Exit code"). Part of
 * the drift check.
 */
import type {Heading, InlineCode, Nodes, Root, Table} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {visit} from 'unist-util-visit';
import {exitCodesMentioned, type CliCommandNames} from '../cli/description';
import type {Problem} from './http-requests';

/** "code `3`, `5` or `7`": each code of a list after "code", unless it is an HTTP status code. */
const CODE_LIST = /(?<!status |HTTP |response )\bcodes? (`\d+`(?:(?:,|,? or|,? and) `\d+`)*)/gi;

/** The text of a node with its inline code in backticks, as a page writes a code. */
function textWithCode(node: Nodes): string {
  if (node.type === 'inlineCode') return `\`${node.value}\``;
  if ('value' in node && typeof node.value === 'string') return node.value;
  return 'children' in node ? (node.children as Nodes[]).map(textWithCode).join('') : '';
}

export function exitCodeProblems(tree: Root, commands: CliCommandNames): Problem[] {
  const problems: Problem[] = [];
  const reported = new Set<string>();
  const check = (codes: number[], line: number) => {
    for (const code of codes) {
      // A code named twice on a line (in a list and after "exits with code") is one problem.
      if (commands.exitCodes.has(code) || reported.has(`${line}:${code}`)) continue;
      reported.add(`${line}:${code}`);
      problems.push({line, message: `exit code ${code} is not in the CLI's table of exit codes`});
    }
  };
  /** The depth of the heading of the section about exit codes the walk is in; 0 outside one. */
  let exitCodeSection = 0;
  visit(tree, (node) => {
    const line = node.position?.start.line ?? 1;
    if (node.type === 'heading') {
      const depth = (node as Heading).depth;
      if (exitCodeSection && depth <= exitCodeSection) exitCodeSection = 0;
      if (/\bexit codes?\b/i.test(toString(node))) exitCodeSection = depth;
    }
    if (node.type === 'table') {
      const [header, ...rows] = (node as Table).children;
      if (header && /^(exit )?codes?$/i.test(toString(header.children[0]).trim()))
        for (const row of rows) check((toString(row.children[0]).match(/\d+/g) ?? []).map(Number), row.position?.start.line ?? line);
    }
    if (node.type === 'paragraph' || node.type === 'tableCell' || node.type === 'heading') {
      // A code is often written as code ("exits with code `3`"): read the whole paragraph, not its text nodes.
      const text = textWithCode(node as Nodes);
      check(exitCodesMentioned(text), line);
      for (const match of text.matchAll(CODE_LIST)) check((match[1].match(/\d+/g) ?? []).map(Number), line);
    }
    // HTTP status codes are written there too, and are 100 or more; the CLI's codes are below.
    if (exitCodeSection && node.type === 'inlineCode' && /^\d{1,2}$/.test((node as InlineCode).value)) check([Number((node as InlineCode).value)], line);
  });
  return problems;
}
