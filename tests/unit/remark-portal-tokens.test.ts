import {describe, expect, it} from 'vitest';
import remarkPortalTokens, {replaceTokens} from '../../lib/remark/portal-tokens';

const tokens = {product: 'Vigil', cli: 'vigil', helpUrl: 'https://help.vigil.example'};

describe('remark-portal-tokens', () => {
  it('replaces tokens in text, code and link targets', () => {
    const tree = {
      type: 'root',
      children: [
        {type: 'text', value: 'Welcome to {{ product }}.'},
        {type: 'inlineCode', value: '{{cli}} scans list'},
        {type: 'code', value: '{{cli}} targets list --output json'},
        {type: 'link', url: '{{helpUrl}}/contact', children: [{type: 'text', value: 'help'}]},
      ],
    };
    remarkPortalTokens({tokens})(tree, {path: 'docs/page.md'});
    expect(tree.children.map((node) => ('url' in node ? node.url : node.value))).toEqual([
      'Welcome to Vigil.',
      'vigil scans list',
      'vigil targets list --output json',
      'https://help.vigil.example/contact',
    ]);
  });

  it('fails on an unknown token, naming file and line', () => {
    const tree = {type: 'root', children: [{type: 'text', value: 'Hi {{prodcut}}', position: {start: {line: 7, column: 1}}}]};
    expect(() => remarkPortalTokens({tokens})(tree, {path: 'docs/page.md'})).toThrowError(
      'docs/page.md:7: unknown token {{prodcut}}',
    );
  });

  it('leaves other braces alone', () => {
    expect(replaceTokens('{"a": {"b": 1}} and ${{ secrets.KEY }}', tokens, 'x')).toBe('{"a": {"b": 1}} and ${{ secrets.KEY }}');
  });
});
