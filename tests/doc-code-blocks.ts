/**
 * The code blocks of a documentation page as a reader gets them: the page's
 * {{tokens}} replaced (with the portal's values, or others given), each
 * block with its language, meta and line, for the tests that run or
 * validate what the guides show.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Code} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {visit} from 'unist-util-visit';
import {portalConfig, portalTokens} from '../portal.config';
import {repoRoot} from '../lib/paths';
import {replaceTokens} from '../lib/remark/portal-tokens';

export interface DocCodeBlock {
  /** The page, relative to the repository. */
  file: string;
  line: number;
  lang: string;
  meta: string;
  value: string;
}

export function docCodeBlocks(page: string, tokens: Record<string, string> = {}): DocCodeBlock[] {
  const file = path.relative(repoRoot, path.resolve(repoRoot, page));
  const source = replaceTokens(fs.readFileSync(path.join(repoRoot, file), 'utf8'), {...portalTokens(portalConfig), ...tokens}, file);
  const blocks: DocCodeBlock[] = [];
  visit(fromMarkdown(source), 'code', (node: Code) => {
    blocks.push({file, line: node.position?.start.line ?? 0, lang: node.lang ?? '', meta: node.meta ?? '', value: node.value});
  });
  return blocks;
}

/** The one block of a page whose meta names the file it shows (title="results.sarif"). */
export function docFileBlock(page: string, title: string): DocCodeBlock {
  const found = docCodeBlocks(page).filter((block) => block.meta.includes(`title="${title}"`));
  if (found.length !== 1) throw new Error(`${page}: expected one code block titled "${title}", found ${found.length}`);
  return found[0];
}
