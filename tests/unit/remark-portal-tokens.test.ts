import fs from 'node:fs';
import path from 'node:path';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import type {Node} from 'unist';
import {describe, expect, it} from 'vitest';
import remarkPortalTokens, {replaceTokens} from '../../lib/remark/portal-tokens';
import {repoRoot} from '../../lib/paths';

const tokens = {product: 'Vigil', cli: 'vigil', helpUrl: 'https://help.vigil.example'};

/** An .mdx page parsed as the build parses it, then run through the plugin. */
function runOnMdx(content: string, file = 'docs/page.mdx'): Node & {children: any[]} {
  const tree = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).parse(content);
  remarkPortalTokens({tokens})(tree, {path: file});
  return tree as Node & {children: any[]};
}

const fixture = (name: string) => {
  const file = path.join('tests/fixtures/tokens', name);
  return () => runOnMdx(fs.readFileSync(path.join(repoRoot, file), 'utf8'), file);
};

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
    expect(() => remarkPortalTokens({tokens})(tree, {path: 'docs/page.md'})).toThrowError('docs/page.md:7: unknown token {{prodcut}}');
  });

  it('replaces tokens inside directives (admonitions), whose attributes are not JSX', () => {
    const tree = {
      type: 'root',
      children: [{type: 'containerDirective', name: 'warning', attributes: {title: 'Careful'}, children: [{type: 'text', value: 'Ask {{product}}.'}]}],
    };
    remarkPortalTokens({tokens})(tree, {path: 'docs/page.md'});
    expect(tree.children[0]).toMatchObject({attributes: {title: 'Careful'}, children: [{value: 'Ask Vigil.'}]});
  });

  it('leaves other braces alone', () => {
    expect(replaceTokens('{"a": {"b": 1}} and ${{ secrets.KEY }}', tokens, 'x')).toBe('{"a": {"b": 1}} and ${{ secrets.KEY }}');
  });
});

describe('remark-portal-tokens in MDX', () => {
  it('replaces tokens in quoted JSX attribute values, which are text', () => {
    const [element] = runOnMdx('<Card title="{{product}} help" href="{{helpUrl}}/contact" />').children;
    expect(Object.fromEntries(element.attributes.map((attribute: {name: string; value: string}) => [attribute.name, attribute.value]))).toEqual({
      title: 'Vigil help',
      href: 'https://help.vigil.example/contact',
    });
  });

  it('replaces tokens in escaped braces, the way to write one in MDX text', () => {
    const [paragraph] = runOnMdx('Welcome to \\{\\{product}}.').children;
    expect(paragraph.children).toMatchObject([{type: 'text', value: 'Welcome to Vigil.'}]);
  });

  it('leaves an expression holding only a comment alone', () => {
    expect(() => runOnMdx('Text {/* {{product}} is said elsewhere */} more.')).not.toThrow();
  });

  it('fails on a token in MDX text, which MDX reads as an expression, naming file and line', () => {
    expect(fixture('token-in-expression.mdx')).toThrowError(
      'tests/fixtures/tokens/token-in-expression.mdx:7: {{product}} is inside an MDX expression, which MDX compiles as JavaScript, so it would not be replaced. ' +
        'In the text of an .mdx page escape the braces, \\{\\{product}}; in a JSX attribute quote the value, title="{{product}} CLI".',
    );
  });

  it('fails on a token in an attribute written as an expression, naming its line', () => {
    expect(fixture('token-in-attribute-expression.mdx')).toThrowError(
      /^tests\/fixtures\/tokens\/token-in-attribute-expression\.mdx:9: \{\{helpUrl\}\} is inside the expression of the attribute to, /,
    );
  });

  it('fails on a token in a spread attribute or in an export', () => {
    expect(() => runOnMdx('<Link {...{title: "{{product}}"}} to="/" />')).toThrowError(
      /^docs\/page\.mdx:1: \{\{product\}\} is inside an attribute expression, /,
    );
    expect(fixture('token-in-export.mdx')).toThrowError(/^tests\/fixtures\/tokens\/token-in-export\.mdx:5: \{\{product\}\} is inside an import or export, /);
  });

  it('fails on an unknown token in a quoted attribute, naming its line', () => {
    expect(fixture('unknown-token-in-attribute.mdx')).toThrowError(
      /^tests\/fixtures\/tokens\/unknown-token-in-attribute\.mdx:9: unknown token \{\{prodcut\}\}; known tokens: product, cli, helpUrl$/,
    );
  });
});
