/**
 * The request blocks of the guides (lib/remark/api-requests.ts): a
 * ```http block becomes samples in every language, the contract's documented
 * response and a reference link; a request the contract lacks fails the build.
 */
import type {Code, Link, Paragraph, Root} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {describe, expect, it} from 'vitest';
import {OperationIndex} from '../../lib/contract/operations';
import remarkApiRequests from '../../lib/remark/api-requests';

const apiUrl = 'https://api.example.test';
const operations = OperationIndex.load();

function transform(markdown: string): Root {
  const tree = fromMarkdown(markdown);
  remarkApiRequests({apiUrl})(tree, {path: 'docs/page.md'});
  return tree;
}

const createTarget = [
  'Create it:',
  '',
  '```http',
  'POST /api/v1/targets/',
  'Content-Type: application/json',
  '',
  '{"name": "Shop", "type": "web_app", "url": "https://shop.example.com", "labels": [], "team_id": "8b1f6c3d-2e4a-4f5b-9c7d-1a2b3c4d5e6f"}',
  '```',
].join('\n');

describe('a request block', () => {
  it('becomes tabs in every sample language, the documented response and a reference link', () => {
    const [, tabs, response, reference] = transform(createTarget).children as any[];
    expect(tabs).toMatchObject({type: 'mdxJsxFlowElement', name: 'Tabs'});
    expect(tabs.attributes).toContainEqual(expect.objectContaining({name: 'groupId', value: 'request-sample-language'}));
    // Only the chosen language's code is rendered; the others when their tab is picked.
    expect(tabs.attributes).toContainEqual(expect.objectContaining({name: 'lazy', value: null}));
    const labels = tabs.children.map((tab: any) => tab.attributes.find((attribute: any) => attribute.name === 'label').value);
    expect(labels).toEqual(['curl', 'Python', 'JavaScript', 'Go']);
    const curl = (tabs.children[0].children[0] as Code).value;
    expect(curl).toContain(`${apiUrl}/api/v1/targets/`);
    expect(curl).toContain('Authorization: JWT YOUR_API_KEY');
    expect(curl).toContain('"team_id": "8b1f6c3d-2e4a-4f5b-9c7d-1a2b3c4d5e6f"');
    expect(response as Code).toMatchObject({type: 'code', lang: 'json', meta: 'title="Response: 201 Created"'});
    expect(JSON.parse((response as Code).value)).toEqual(operations.byId('targets_create')!.success.example);
    const link = (reference as Paragraph).children.find((child) => child.type === 'link') as Link;
    expect(link.url).toBe('/api/reference/targets-create');
    expect(link.children).toEqual([{type: 'text', value: 'Create a target'}]);
  });

  it('shows another documented response when its meta asks for one', () => {
    const tree = transform(createTarget.replace('```http', '```http status=409'));
    expect(tree.children[2]).toMatchObject({type: 'code', meta: 'title="Response: 409 Conflict"'});
  });

  it('fails the build naming file and line when the contract has no such request', () => {
    expect(() => transform(createTarget.replace('/api/v1/targets/', '/api/v1/target/'))).toThrow(
      'docs/page.md:3: POST /api/v1/target/ is not an operation of the contract',
    );
    expect(() => transform(createTarget.replace('"labels": [], ', ''))).toThrow(`docs/page.md:3: body must have required property 'labels'`);
    expect(() => transform(createTarget.replace('"Shop"', '"Shop'))).toThrow(/^docs\/page\.md:3: the body is not valid JSON/);
  });

  it('leaves an illustration (a status line or headers) as it is', () => {
    const markdown = '```http\nHTTP/1.1 429 Too Many Requests\nRetry-After: 30\n```';
    expect(transform(markdown).children).toEqual(fromMarkdown(markdown).children);
  });
});
