/**
 * Each ```http block becomes the request in every sample language, the response
 * the contract documents (the sandbox's answer) and a link to the reference. A
 * request the contract lacks, or a body its schema rejects, fails the build naming
 * file and line. A block starting with a header or status line is an illustration
 * and stays. Meta `status=409` and `example=api-target` pick the response shown.
 */
import type {Code, Paragraph, RootContent} from 'mdast';
import type {Node} from 'unist';
import {SKIP, visit} from 'unist-util-visit';
import {OperationIndex, type ContractOperation} from '../contract/operations';
import {checkRequest, isRequestBlock, parseHttpBlock, requestedExample, requestedStatus} from '../docs/http-requests';
import {statusLine} from '../openapi';
import {samplesOf, SAMPLE_TABS} from '../reference/request-samples';

interface Options {
  apiUrl: string;
}

/** `true` is written bare, as in `<Tabs lazy>`. */
const attribute = (name: string, value: string | true) => ({type: 'mdxJsxAttribute' as const, name, value: value === true ? null : value});

function tabs(request: Parameters<typeof samplesOf>[0]): RootContent {
  return {
    type: 'mdxJsxFlowElement',
    name: 'Tabs',
    attributes: Object.entries(SAMPLE_TABS).map(([name, value]) => attribute(name, value)),
    children: samplesOf(request).map((sample) => ({
      type: 'mdxJsxFlowElement',
      name: 'TabItem',
      attributes: [attribute('value', sample.language), attribute('label', sample.label)],
      children: [{type: 'code', lang: sample.highlight, value: sample.code} satisfies Code],
    })),
  } as RootContent;
}

function response(operation: ContractOperation, status: string, example: unknown, name: string | undefined): RootContent {
  const {mediaTypes} = operation.responses[status];
  if (example === undefined) {
    const body = mediaTypes.length ? `the file as ${mediaTypes.join(' or ')}` : 'no body';
    return {type: 'paragraph', children: [{type: 'text', value: `The answer is ${statusLine(status)}, with ${body}.`}]} satisfies Paragraph;
  }
  const title = `Response: ${statusLine(status)}${name ? `, example ${name}` : ''}`;
  return {type: 'code', lang: 'json', meta: `title="${title}"`, value: JSON.stringify(example, null, 2)} satisfies Code;
}

function referenceLink(operation: ContractOperation): Paragraph {
  return {
    type: 'paragraph',
    children: [
      {type: 'text', value: 'Reference: '},
      {type: 'link', url: operation.referencePath, children: [{type: 'text', value: operation.summary}]},
      {type: 'text', value: ` (${operation.method} `},
      {type: 'inlineCode', value: operation.path},
      {type: 'text', value: ').'},
    ],
  };
}

export default function remarkApiRequests({apiUrl}: Options) {
  let index: OperationIndex | undefined;
  return (tree: Node, file: {path?: string}) => {
    visit(tree, 'code', (node: Code, position, parent: {children: RootContent[]} | undefined) => {
      if (!isRequestBlock(node) || !parent || position === undefined) return undefined;
      const where = `${file.path ?? '<markdown>'}:${node.position?.start.line ?? '?'}`;
      const fail = (message: string) => new Error(`${where}: ${message}`);
      let request;
      try {
        request = parseHttpBlock(node.value);
      } catch (error) {
        throw fail((error as Error).message);
      }
      index ??= OperationIndex.load();
      const {operation, problems} = checkRequest(index, request);
      if (!operation || problems.length) throw fail(problems.join('; '));
      const status = requestedStatus(node.meta) ?? operation.success.status;
      if (!operation.responses[status]) throw fail(`${operation.id} documents no ${status} response`);
      const name = requestedExample(node.meta);
      let example;
      try {
        example = index.responseExample(operation, status, name);
      } catch (error) {
        throw fail((error as Error).message);
      }
      parent.children.splice(
        position,
        1,
        tabs({method: request.method, url: `${apiUrl}${request.written}`, body: request.body, authenticated: operation.authenticated}),
        response(operation, status, example, name),
        referenceLink(operation),
      );
      return [SKIP, position + 3];
    });
  };
}
