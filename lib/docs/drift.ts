/**
 * The drift check: every request, CLI mention, example and piece of wording a page
 * shows agrees with the contract and the CLI description; each rule lives in its
 * own module here. Problems name the file and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Code, InlineCode, Text} from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {visit} from 'unist-util-visit';
import type {CliCommandNames} from '../cli/description';
import {shownResponseContradictions} from '../contract/example-consistency';
import type {ContractOperation, OperationIndex} from '../contract/operations';
import {apiChangelogPage, apiReferenceDir, cliReferenceDir, repoRoot} from '../paths';
import {cliMentions} from './cli-mentions';
import {curlVersionProblems} from './curl-options';
import {enumTableProblems} from './enum-tables';
import {exitCodeProblems} from './exit-code-mentions';
import {errorExampleProblems} from './error-examples';
import {exampleNameProblems} from './example-names';
import {checkRequest, isRequestBlock, pathsInText, requestedExample, requestedStatus, requestsInCode, type Problem, type ShownRequest} from './http-requests';
import {rolePermissionProblems} from './role-permissions';
import {longSentenceProblems} from './sentences';
import {wordingProblems} from './wording';

/** Generated references are checked at their source; the changelog names removed operations. */
const GENERATED = [apiReferenceDir, cliReferenceDir];

export function documentationFiles(root = path.join(repoRoot, 'docs')): string[] {
  return fs
    .readdirSync(root, {recursive: true, encoding: 'utf8'})
    .filter((name) => /\.mdx?$/.test(name))
    .map((name) => path.join(root, name))
    .filter((file) => file !== apiChangelogPage && !GENERATED.some((dir) => file.startsWith(dir + path.sep)))
    .sort();
}

function cliProblems(text: string, commands: CliCommandNames): {index: number; message: string}[] {
  const problems: {index: number; message: string}[] = [];
  for (const mention of cliMentions(text, commands)) {
    if (!mention.known) {
      problems.push({index: mention.index, message: `"${mention.written}" names no command of the CLI description`});
      continue;
    }
    const options = mention.command === undefined ? undefined : commands.options.get(mention.command);
    if (!options) continue;
    for (const option of mention.options)
      if (!options.has(option.name))
        problems.push({index: mention.index, message: `"{{cli}} ${mention.command}" has no option ${option.long ? '--' : '-'}${option.name}`});
  }
  return problems;
}

function shownResponseProblems(operations: OperationIndex, operation: ContractOperation, request: ShownRequest, code: Code): string[] {
  const status = requestedStatus(code.meta) ?? operation.success.status;
  if (!operation.responses[status]) return [`${operation.id} documents no ${status} response`];
  let example: unknown;
  try {
    example = operations.responseExample(operation, status, requestedExample(code.meta));
  } catch (error) {
    return [(error as Error).message];
  }
  if (example === undefined) return [];
  return shownResponseContradictions(request, example).map(
    (problem) => `the response shown contradicts the request: ${problem}; show a named example of ${operation.id} that agrees (example=…)`,
  );
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length - 1;

export function checkPage(file: string, operations: OperationIndex, commands: CliCommandNames): Problem[] {
  const source = fs.readFileSync(file, 'utf8');
  // GFM, so that tables are tables (read for exit codes, not prose); front matter is not prose either.
  const tree = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).parse(source);
  const problems: Problem[] = [];
  visit(tree, (node) => {
    const start = node.position?.start.line ?? 1;
    if (node.type === 'code') {
      const code = node as Code;
      const first = start + 1;
      const checked = new Set<number>();
      try {
        for (const request of requestsInCode(code.lang, code.value)) {
          for (let line = request.line; line <= request.endLine; line += 1) checked.add(line);
          const {operation, problems: requestProblems} = checkRequest(operations, request);
          for (const message of requestProblems) problems.push({line: first + request.line, message});
          if (operation && isRequestBlock(code))
            for (const message of shownResponseProblems(operations, operation, request, code)) problems.push({line: start, message});
        }
      } catch (error) {
        problems.push({line: first, message: (error as Error).message});
        code.value.split('\n').forEach((_line, index) => checked.add(index));
      }
      // Paths in code that no call pattern above caught (a variable, a comment) must at least exist.
      for (const found of pathsInText(code.value)) {
        const line = lineAt(code.value, found.index);
        if (!checked.has(line) && operations.matchPath(found.path).length === 0)
          problems.push({line: first + line, message: `${found.path} is no path of the contract`});
      }
      // A JSON object shown as one of the API's (```json schema=Scan) must be one.
      const schema = /\bschema=([A-Za-z][A-Za-z0-9]*)/.exec(code.meta ?? '')?.[1];
      if (schema) {
        let value: unknown;
        try {
          value = JSON.parse(code.value);
        } catch (error) {
          problems.push({line: first, message: `the ${schema} example is not valid JSON: ${(error as Error).message}`});
        }
        if (value !== undefined) for (const message of operations.validateObject(schema, value)) problems.push({line: first, message});
      }
      for (const problem of cliProblems(code.value, commands)) problems.push({line: first + lineAt(code.value, problem.index), message: problem.message});
    }
    if (node.type === 'inlineCode' || node.type === 'text') {
      const value = (node as InlineCode | Text).value;
      for (const found of pathsInText(value)) {
        const matches = operations.matchPath(found.path);
        // Running text may name a prefix (`/api/v1/labels/`); with a method it names one operation.
        const fits = found.method ? matches.some((operation) => operation.method === found.method) : matches.length > 0 || operations.hasPathPrefix(found.path);
        if (!fits) problems.push({line: start, message: `${found.method ? `${found.method} ` : ''}${found.path} is not an operation of the contract`});
      }
      // `{{cli}}` in running text is the client's name, not a command.
      if (node.type === 'inlineCode') for (const problem of cliProblems(value, commands)) problems.push({line: start, message: problem.message});
    }
  });
  problems.push(
    ...wordingProblems(file),
    ...longSentenceProblems(tree),
    ...enumTableProblems(tree, operations),
    ...errorExampleProblems(tree, operations),
    ...curlVersionProblems(tree),
    ...exitCodeProblems(tree, commands),
    ...rolePermissionProblems(file, tree, commands, (id) => operations.byId(id)?.requiredPermission),
  );
  return problems.sort((a, b) => a.line - b.line);
}

const located = (file: string, problems: Problem[]) => problems.map((problem) => `${path.relative(repoRoot, file)}:${problem.line}: ${problem.message}`);

export function checkDocumentation(files: string[], operations: OperationIndex, commands: CliCommandNames): string[] {
  return files.flatMap((file) => located(file, checkPage(file, operations, commands)));
}

/** The contract's sources, release snapshots aside. */
export function contractSourceFiles(root = path.join(repoRoot, 'contract')): string[] {
  return fs
    .readdirSync(root, {recursive: true, encoding: 'utf8'})
    .filter((name) => name.endsWith('.tsp'))
    .map((name) => path.join(root, name))
    .sort();
}

export function checkSourceWording(files: string[]): string[] {
  return files.flatMap((file) => located(file, wordingProblems(file)));
}

export function checkExampleNames(files: string[]): string[] {
  return [...exampleNameProblems(files)].flatMap(([file, problems]) => located(file, problems));
}
