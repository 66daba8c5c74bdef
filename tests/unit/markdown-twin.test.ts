import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {markdownTwinMaker} from '../../lib/markdown-twin/page-markdown';
import type {PageContext} from '../../lib/markdown-twin/components';
import {firstSentence} from '../../lib/markdown-twin/llms-txt';
import {repoRoot} from '../../lib/paths';
import {twinPath} from '../../src/shared/twin-paths';
import remarkPortalTokens from '../../lib/remark/portal-tokens';

const fixtures = path.join(repoRoot, 'tests/fixtures/markdown-twin');
const page: PageContext = {
  file: 'docs/page.mdx',
  url: (href) => `https://docs.example/resolved(${href})`,
  cards: (label) => [{title: `${label} tutorial`, url: 'https://docs.example/api/tutorials/scans/start-a-scan.md', description: 'Start one.'}],
};
const twinOf = (name: string) => {
  const file = path.join(fixtures, name);
  return markdownTwinMaker([[remarkPortalTokens, {tokens: {product: 'Vigil'}}]])(
    {path: file, content: fs.readFileSync(file, 'utf8'), title: 'Page title'},
    page,
  );
};

describe('twin paths', () => {
  it('puts the twin of /a/b at /a/b.md and of the home page at /index.md', () => {
    expect(twinPath('/api/quick-start')).toBe('/api/quick-start.md');
    expect(twinPath('/')).toBe('/index.md');
    expect(twinPath('/api/quick-start#keys')).toBe('/api/quick-start.md');
  });

  it('respects the base URL', () => {
    expect(twinPath('/docs/', '/docs/')).toBe('/docs/index.md');
    expect(twinPath('/docs', '/docs/')).toBe('/docs/index.md');
    expect(twinPath('/docs/api/quick-start', '/docs/')).toBe('/docs/api/quick-start.md');
  });
});

describe('a page made plain Markdown', () => {
  it('keeps prose, headings and tables, replaces tokens, and drops imports and comments', async () => {
    const twin = await twinOf('components.mdx');
    expect(twin.startsWith('# Page title\n\nWelcome to the `Vigil` docs.\n')).toBe(true);
    expect(twin).toContain('## Options\n');
    expect(twin).not.toContain('{#options}');
    expect(twin).toContain('| Status | Meaning |\n| - | - |\n| `401` | No key. |');
    expect(twin).not.toMatch(/import |\{\/\*|<\w|\{\{/);
  });

  it('turns admonitions into block quotes with their title', async () => {
    const twin = await twinOf('components.mdx');
    expect(twin).toContain('> **Warning: The old key stops working**\n>\n> Rotate it first.');
    expect(twin).toContain('> **Tip**\n>\n> Poll every 30 seconds.');
  });

  it('turns links and cards into Markdown links to what they point to', async () => {
    const twin = await twinOf('components.mdx');
    expect(twin).toContain('[**Start here** Send a first request.](https://docs.example/resolved\\(/api/quick-start\\))');
    expect(twin).toContain('- [Scans tutorial](https://docs.example/api/tutorials/scans/start-a-scan.md): Start one.');
    expect(twin).toContain('[quick start](https://docs.example/resolved\\(./quick-start.md#keys\\))');
  });

  it('fails on a component it cannot show, naming the file and line', async () => {
    await expect(twinOf('unknown-component.mdx')).rejects.toThrowError(/docs\/page\.mdx:9:1: unknown MDX component <Details>/);
  });
});

describe('llms.txt descriptions', () => {
  it('takes the first sentence of a description, on one line', () => {
    expect(firstSentence('Lists the targets.\nOrdered by name.')).toBe('Lists the targets.');
    expect(firstSentence('Starts a scan of the target,\nover the whole target')).toBe('Starts a scan of the target, over the whole target');
  });
});
