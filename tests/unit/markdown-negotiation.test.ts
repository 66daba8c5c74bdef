import {describe, expect, it} from 'vitest';
import {MARKDOWN_ACCEPT_PATTERN} from '../../lib/deploy/markdown-negotiation';

// As nginx's map matches it: `~*`, case-insensitive.
const wantsMarkdown = (accept: string) => new RegExp(MARKDOWN_ACCEPT_PATTERN, 'i').test(accept);

describe('Markdown negotiation', () => {
  it.each([
    'text/markdown',
    'TEXT/Markdown',
    'text/markdown;q=0.5',
    'text/markdown; q=0.5',
    'text/markdown ; Q=1',
    'text/markdown;q=0.001',
    'text/markdown;charset=utf-8',
    'text/markdown;variant=GFM;q=0.8',
    'text/markdown, text/html;q=0.9',
    'text/html, text/markdown;q=0.1',
    'text/html,text/markdown',
    'text/markdown;q=0, text/markdown;charset=utf-8',
  ])('gives Markdown for %s', (accept) => {
    expect(wantsMarkdown(accept)).toBe(true);
  });

  it.each([
    '',
    'text/html',
    'text/markdown;q=0',
    'text/markdown;q=0.',
    'text/markdown;q=0.0',
    'text/markdown;q=0.00',
    'text/markdown;q=0.000',
    'text/markdown; Q = 0',
    'text/markdown;charset=utf-8;q=0',
    'text/markdown;q=0;charset=utf-8',
    'text/html, text/markdown;q=0',
    'text/markdownx',
    'text/markdown+extra',
    'application/text/markdown',
    'xtext/markdown',
    'text/*',
    '*/*',
  ])('gives HTML for %s', (accept) => {
    expect(wantsMarkdown(accept)).toBe(false);
  });
});
