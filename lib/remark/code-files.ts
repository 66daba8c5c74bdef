/**
 * A code block written ```` ```python file=receive-webhooks/receiver.py ```` is
 * filled with that file, so the code a page shows is the file the tests run.
 * Anything but an empty block naming a code file under docs/ fails the build
 * naming page and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Code} from 'mdast';
import type {Node} from 'unist';
import {visit} from 'unist-util-visit';
import {repoRoot} from '../paths';

const DOCS_DIR = path.join(repoRoot, 'docs');
const CODE_EXTENSIONS = new Set(['.py', '.mjs', '.go', '.sh']);
const FILE_META = /(?:^|\s)file=(\S+)/;

export default function remarkCodeFiles() {
  return (tree: Node, file: {path?: string}) => {
    visit(tree, 'code', (node: Code) => {
      const name = node.meta?.match(FILE_META)?.[1];
      if (!name) return;
      const page = path.resolve(repoRoot, file.path ?? '<markdown>');
      const where = `${path.relative(repoRoot, page)}:${node.position?.start.line ?? '?'}`;
      const included = path.resolve(path.dirname(page), name);
      if (!included.startsWith(`${DOCS_DIR}${path.sep}`) || !CODE_EXTENSIONS.has(path.extname(included))) {
        throw new Error(`${where}: file=${name} must name a ${[...CODE_EXTENSIONS].join(', ')} file under docs/`);
      }
      if (!fs.existsSync(included)) throw new Error(`${where}: file=${name} does not exist (${path.relative(repoRoot, included)})`);
      if (node.value.trim() !== '') throw new Error(`${where}: a code block with file=${name} must be empty: the file is its content`);
      node.value = fs.readFileSync(included, 'utf8').trimEnd();
      node.meta = node.meta?.replace(FILE_META, '').trim() || null;
    });
  };
}
