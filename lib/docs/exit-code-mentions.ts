/** Exit codes a page names, in prose, in lists after "code", in a section about exit codes or in an exit-code table, are codes of the CLI's table. */
import type {Heading, InlineCode, Nodes, Root, Table} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {visit} from 'unist-util-visit';
import {exitCodesMentioned, type CliCommandNames} from '../cli/description';
import type {Problem} from './http-requests';

/** Each code of a list after "code", unless it is an HTTP status code. */
const CODE_LIST = /(?<!status |HTTP |response )\bcodes? (`\d+`(?:(?:,|,? or|,? and) `\d+`)*)/gi;

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
      // A code named twice on a line is one problem.
      if (commands.exitCodes.has(code) || reported.has(`${line}:${code}`)) continue;
      reported.add(`${line}:${code}`);
      problems.push({line, message: `exit code ${code} is not in the CLI's table of exit codes`});
    }
  };
  /** Depth of the exit-code section's heading; 0 outside one. */
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
