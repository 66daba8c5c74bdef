/**
 * Wording that the contract's own terms contradict, with what to write
 * instead, so that no page or command description teaches a term the API
 * defines otherwise. Part of the drift check, line by line.
 */
import fs from 'node:fs';
import type {Problem} from './http-requests';

interface WordingRule {
  words: RegExp;
  /** Why the words are wrong, and what to write instead. */
  instead: string;
}

const WORDING_RULES: WordingRule[] = [
  {
    words: /\b(?:a|the) scanning agent (?:picks|takes)\b|\ban agent picks\b/i,
    instead: 'a scanning agent is the agent a customer runs inside their network; queued scans are picked up by the scanner: write "the scanner picks it up"',
  },
];

/** Problems of the wording of one file, by line. */
export function wordingProblems(file: string): Problem[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, index) =>
      WORDING_RULES.filter((rule) => rule.words.test(text)).map((rule) => ({line: index + 1, message: `"${rule.words.exec(text)![0]}": ${rule.instead}`})),
    );
}
