import fs from 'node:fs';
import path from 'node:path';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {describe, expect, it} from 'vitest';
import remarkCodeFiles from '../../lib/remark/code-files';
import {repoRoot} from '../../lib/paths';

const GUIDE = 'docs/guides/receive-and-verify-webhooks.mdx';

/** A page at `file` parsed and run through the plugin; its code blocks after. */
function codeBlocks(markdown: string, file = GUIDE): {value: string; meta: string | null}[] {
  const tree = unified().use(remarkParse).parse(markdown);
  remarkCodeFiles()(tree, {path: path.join(repoRoot, file)});
  return (tree.children as {type: string; value: string; meta: string | null}[]).filter((node) => node.type === 'code');
}

describe('remark-code-files', () => {
  it('fills an empty code block with the file it names, relative to the page, and keeps the rest of its meta', () => {
    const [block] = codeBlocks('```python title="receiver.py" file=receive-webhooks/receiver.py\n```\n');
    expect(block.value).toBe(fs.readFileSync(path.join(repoRoot, 'docs/guides/receive-webhooks/receiver.py'), 'utf8').trimEnd());
    expect(block.meta).toBe('title="receiver.py"');
  });

  it('leaves code blocks without file= as they are', () => {
    expect(codeBlocks('```bash title="x"\necho hi\n```\n')).toEqual([expect.objectContaining({value: 'echo hi', meta: 'title="x"'})]);
  });

  it('fails naming the page and line for a missing file, a block with content, or a file outside docs/', () => {
    expect(() => codeBlocks('\n```python file=receive-webhooks/missing.py\n```\n')).toThrow(`${GUIDE}:2: file=receive-webhooks/missing.py does not exist`);
    expect(() => codeBlocks('```python file=receive-webhooks/receiver.py\nprint(1)\n```\n')).toThrow(
      `${GUIDE}:1: a code block with file=receive-webhooks/receiver.py must be empty`,
    );
    expect(() => codeBlocks('```ts file=../../lib/paths.ts\n```\n')).toThrow(
      `${GUIDE}:1: file=../../lib/paths.ts must name a .py, .mjs, .go, .sh file under docs/`,
    );
  });
});
