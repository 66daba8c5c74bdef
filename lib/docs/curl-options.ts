/** An older curl stops a script at an unknown option, so a page using a newer one says which curl it needs. */
import type {Root} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {visit} from 'unist-util-visit';
import type {Problem} from './http-requests';

/** Each option, and the curl release that brought it. */
const NEWER_OPTIONS: Record<string, string> = {'--fail-with-body': '7.76'};

export function curlVersionProblems(tree: Root): Problem[] {
  const prose = toString(tree);
  const named = new Map<string, Problem>();
  visit(tree, 'code', (node) => {
    for (const [option, version] of Object.entries(NEWER_OPTIONS)) {
      if (named.has(option) || !node.value.includes(option) || prose.includes(`curl ${version}`)) continue;
      named.set(option, {
        line: node.position?.start.line ?? 1,
        message: `${option} needs curl ${version} or later: say so on the page ("needs curl ${version} or later")`,
      });
    }
  });
  return [...named.values()];
}
