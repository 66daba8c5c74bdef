/**
 * Replaces {{token}} in Markdown text, code and link targets with the
 * deployer's values (portal.config.ts), so that pages never hard-code the
 * brand or URLs. An unknown token fails the build naming file and line.
 */
import {visit} from 'unist-util-visit';
import type {Node} from 'unist';

const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

interface Options {
  tokens: Record<string, string>;
}

interface VFileLike {
  path?: string;
}

/** Replaces every token in a string; `where` names the place for the error message. */
export function replaceTokens(value: string, tokens: Record<string, string>, where: string): string {
  return value.replace(TOKEN, (_match, name: string) => {
    if (!Object.hasOwn(tokens, name)) {
      throw new Error(`${where}: unknown token {{${name}}}; known tokens: ${Object.keys(tokens).join(', ')}`);
    }
    return tokens[name];
  });
}

export default function remarkPortalTokens({tokens}: Options) {
  return (tree: Node, file: VFileLike) => {
    visit(tree, (node: Node & {value?: unknown; url?: unknown}) => {
      const where = `${file.path ?? '<markdown>'}:${node.position?.start.line ?? '?'}`;
      if (typeof node.value === 'string' && node.type !== 'mdxjsEsm') {
        node.value = replaceTokens(node.value, tokens, where);
      }
      if (typeof node.url === 'string') {
        node.url = replaceTokens(node.url, tokens, where);
      }
    });
  };
}
