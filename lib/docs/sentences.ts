/**
 * Sentence length in the pages' prose: a sentence over MAX_SENTENCE_WORDS
 * words is hard to follow and should be split. Prose is what a paragraph
 * says (in running text or a list item); code blocks, tables and headings are
 * not prose. Part of the drift check.
 */
import type {Nodes, Root} from 'mdast';
import {visit} from 'unist-util-visit';
import type {Problem} from './http-requests';

export const MAX_SENTENCE_WORDS = 35;

// An abbreviation ends with a full stop but not a sentence.
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|cf)\.$/i;

/** The sentences of a stretch of prose: a full stop, question or exclamation mark, then a space and a capital, a digit, a quote or code. */
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

/** The text of a node with its code in backticks, so that a sentence starting with code (`status` is …) starts a sentence. */
function proseOf(node: Nodes): string {
  if (node.type === 'inlineCode') return `\`${node.value}\``;
  if ('value' in node && typeof node.value === 'string') return node.value;
  return 'children' in node ? (node.children as Nodes[]).map(proseOf).join('') : '';
}

const wordCount = (sentence: string) => sentence.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/** Sentences over MAX_SENTENCE_WORDS words in the paragraphs of a parsed page, at the line of their paragraph. */
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
