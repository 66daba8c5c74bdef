/** A sentence over MAX_SENTENCE_WORDS words is hard to follow. Code blocks, tables and headings are not prose. */
import type {Nodes, Root} from 'mdast';
import {visit} from 'unist-util-visit';
import type {Problem} from './http-requests';

export const MAX_SENTENCE_WORDS = 35;

// An abbreviation ends with a full stop but not a sentence.
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|cf)\.$/i;

export function sentencesOf(prose: string): string[] {
  const sentences: string[] = [];
  let current = '';
  for (const piece of prose
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?]["”)]?) (?=["“`(*A-Z0-9{])/)) {
    current = current ? `${current} ${piece}` : piece;
    if (!ABBREVIATION.test(current)) {
      sentences.push(current);
      current = '';
    }
  }
  if (current) sentences.push(current);
  return sentences;
}

/** Code in backticks, so a sentence starting with code starts a sentence. */
function proseOf(node: Nodes): string {
  if (node.type === 'inlineCode') return `\`${node.value}\``;
  if ('value' in node && typeof node.value === 'string') return node.value;
  return 'children' in node ? (node.children as Nodes[]).map(proseOf).join('') : '';
}

const wordCount = (sentence: string) => sentence.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

export function longSentenceProblems(tree: Root): Problem[] {
  const problems: Problem[] = [];
  visit(tree, 'paragraph', (node) => {
    for (const sentence of sentencesOf(proseOf(node))) {
      const words = wordCount(sentence);
      if (words > MAX_SENTENCE_WORDS)
        problems.push({
          line: node.position?.start.line ?? 1,
          message: `a sentence of ${words} words (at most ${MAX_SENTENCE_WORDS}): split "${sentence.split(' ').slice(0, 8).join(' ')} …"`,
        });
    }
  });
  return problems;
}
