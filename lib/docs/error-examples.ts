/**
 * Error bodies a page shows carry a code the contract knows: every error of
 * the API has one, and clients branch on it. An error body is a JSON object
 * with `detail` and `errors`, in a ```json block or after the status line of
 * a ```http block that shows a response, whose status narrows the codes to
 * its own. Part of the drift check.
 */
import type {Code, Root} from 'mdast';
import {visit} from 'unist-util-visit';
import type {OperationIndex} from '../contract/operations';
import type {Problem} from './http-requests';

/** The error body a code block shows, with its status when a status line gives it. */
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

/** Error bodies of a parsed page without a code, or with one the contract does not give their status. */
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
