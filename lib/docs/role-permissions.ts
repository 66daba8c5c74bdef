/**
 * A role block (```yaml role="CI pipeline" pages=".") must grant exactly the
 * permissions the `{{cli}}` lines of its pages need: each command's operations,
 * and those its options add, require their `x-required-permission`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Code, Root} from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {visit} from 'unist-util-visit';
import {parse} from 'yaml';
import type {CliCommandNames} from '../cli/description';
import {repoRoot} from '../paths';
import {cliMentions} from './cli-mentions';
import type {Problem} from './http-requests';

interface Need {
  file: string;
  line: number;
  command: string;
  operation: string;
}

const attribute = (meta: string, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(meta)?.[1];

const codeBlocks = (tree: Root) => {
  const blocks: Code[] = [];
  visit(tree, 'code', (code: Code) => void blocks.push(code));
  return blocks;
};

const pagesBelow = (folder: string) =>
  fs
    .readdirSync(folder, {recursive: true, encoding: 'utf8'})
    .filter((name) => /\.mdx?$/.test(name))
    .map((name) => path.join(folder, name))
    .sort();

function permissionsNeeded(files: string[], commands: CliCommandNames, permissionOf: (operationId: string) => string | undefined): Map<string, Need> {
  const needs = new Map<string, Need>();
  for (const file of files) {
    const tree = unified().use(remarkParse).use(remarkFrontmatter).parse(fs.readFileSync(file, 'utf8'));
    for (const code of codeBlocks(tree)) {
      if (attribute(code.meta ?? '', 'role') !== undefined) continue;
      for (const mention of cliMentions(code.value, commands)) {
        const called = mention.command === undefined ? undefined : commands.operations.get(mention.command);
        if (!called) continue;
        const operations = [...called.always, ...mention.options.flatMap((option) => called.byOption.get(option.name) ?? [])];
        const line = (code.position?.start.line ?? 0) + 1 + code.value.slice(0, mention.index).split('\n').length - 1;
        for (const operation of operations) {
          const permission = permissionOf(operation);
          if (permission !== undefined && !needs.has(permission)) needs.set(permission, {file, line, command: mention.written, operation});
        }
      }
    }
  }
  return needs;
}

export function rolePermissionProblems(
  file: string,
  tree: Root,
  commands: CliCommandNames,
  permissionOf: (operationId: string) => string | undefined,
): Problem[] {
  const problems: Problem[] = [];
  for (const code of codeBlocks(tree)) {
    const meta = code.meta ?? '';
    const role = attribute(meta, 'role');
    if (role === undefined) continue;
    const line = code.position?.start.line ?? 1;
    let granted: unknown;
    try {
      granted = (parse(code.value) as {permissions?: unknown} | null)?.permissions;
    } catch (error) {
      problems.push({line, message: `role "${role}" is not valid YAML: ${(error as Error).message.split('\n')[0]}`});
      continue;
    }
    if (!Array.isArray(granted) || !granted.every((permission) => typeof permission === 'string')) {
      problems.push({line, message: `role "${role}" must hold "permissions:", a list of permission codenames`});
      continue;
    }
    const pages = attribute(meta, 'pages');
    const files = pages === undefined ? [file] : pagesBelow(path.resolve(path.dirname(file), pages));
    const needs = permissionsNeeded(files, commands, permissionOf);
    for (const [permission, need] of needs) {
      if (!granted.includes(permission))
        problems.push({
          line,
          message: `role "${role}" lacks ${permission}, which "${need.command}" needs (${need.operation}) at ${path.relative(repoRoot, need.file)}:${need.line}`,
        });
    }
    for (const permission of granted as string[])
      if (!needs.has(permission)) problems.push({line, message: `role "${role}" grants ${permission}, which no command of its pages needs`});
  }
  return problems;
}
