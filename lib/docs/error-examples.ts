/** Error bodies a page shows (`detail` and `errors`) carry a code the contract gives their status, since clients branch on it. */
import type {Code, Root} from 'mdast';
import {visit} from 'unist-util-visit';
import type {OperationIndex} from '../contract/operations';
import type {Problem} from './http-requests';

function shownError(code: Code): {status?: string; body: Record<string, unknown>} | undefined {
  let status: string | undefined;
  let text = code.value;
  if (code.lang === 'http') {
    const response = /^HTTP\/[\d.]+ (\d{3})\b[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*)$/.exec(code.value);
    if (!response) return undefined;
    [, status, text] = response;
  } else if (code.lang !== 'json') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('detail' in body) || !('errors' in body)) return undefined;
  return {status, body: body as Record<string, unknown>};
}

export function errorExampleProblems(tree: Root, operations: OperationIndex): Problem[] {
  const problems: Problem[] = [];
  visit(tree, 'code', (node: Code) => {
    const shown = shownError(node);
    if (!shown) return;
    const codes = operations.errorCodes(shown.status);
    const which = shown.status ? `a ${shown.status}` : 'an error';
    const line = (node.position?.start.line ?? 0) + 1;
    if (!('code' in shown.body))
      problems.push({line, message: `the error body shown has no "code", which every error carries: ${which} has ${codes.join(', ')}`});
    else if (!codes.includes(String(shown.body.code)))
      problems.push({line, message: `"${String(shown.body.code)}" is no error code the contract gives ${which}: it has ${codes.join(', ')}`});
  });
  return problems;
}
