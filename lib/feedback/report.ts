/**
 * What `npm run feedback:report` prints from the store: per page, how many
 * readers found it helpful or not and how many left a comment, most answered
 * first; then the latest comments, newest first. It reads the rows as a
 * stream and keeps only the counts and the latest comments, so a large store
 * takes no more memory than a small one with as many pages; a row that is
 * not a whole entry is skipped and counted. Every character that is not
 * printable is shown escaped, whatever the store holds (rows imported from
 * the earlier file were not checked as submissions are now): a stored text
 * cannot move the cursor, clear the screen, set the title, write the
 * clipboard or add a link in the terminal, nor start a row of its own.
 */
import {feedbackEntryOf, type FeedbackEntry, type FeedbackRow} from './store';

/** Comments shown at most, newest first. */
export const LATEST_COMMENTS = 20;

/** Control, format, separator and surrogate characters, and the backslash that starts an escape. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\\]/gu;

/** The text with each unprintable character as `\u{…}` (and `\` as `\\`): what a terminal shows is what was stored. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (character) =>
    character === '\\' ? '\\\\' : `\\u{${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`,
  );
}

export async function feedbackReport(rows: AsyncIterable<FeedbackRow>, latest = LATEST_COMMENTS): Promise<string> {
  const pages = new Map<string, {yes: number; no: number; comments: number}>();
  const comments: FeedbackEntry[] = [];
  let submissions = 0;
  let bad = 0;
  for await (const row of rows) {
    const entry = feedbackEntryOf(row);
    if (!entry) {
      bad += 1;
      continue;
    }
    submissions += 1;
    const counts = pages.get(entry.page) ?? {yes: 0, no: 0, comments: 0};
    if (entry.helpful === true) counts.yes += 1;
    if (entry.helpful === false) counts.no += 1;
    if (entry.comment) {
      counts.comments += 1;
      comments.push(entry);
      if (comments.length > latest) comments.shift();
    }
    pages.set(entry.page, counts);
  }
  const skipped = bad ? [`Skipped ${bad} row(s) that were not whole entries.`] : [];
  if (submissions === 0) return ['No feedback yet.', ...skipped].join('\n');
  const rowsOfPages = [...pages]
    .sort(([, a], [, b]) => b.yes + b.no + b.comments - (a.yes + a.no + a.comments))
    .map(([page, {yes, no, comments}]) => `${String(yes).padStart(5)} ${String(no).padStart(5)} ${String(comments).padStart(8)}  ${printable(page)}`);
  const latestComments = comments.reverse().map((entry) => {
    const verdict = entry.helpful === undefined ? '' : entry.helpful ? ' (helpful)' : ' (not helpful)';
    return `${printable(entry.at)}  ${printable(entry.page)}${verdict}, from ${entry.source === 'mcp' ? 'an assistant' : 'the page'}:\n  ${printable(entry.comment!)}`;
  });
  return [
    `Feedback on ${pages.size} page(s), ${submissions} submission(s)`,
    ...skipped,
    '  Yes    No Comments  Page',
    ...rowsOfPages,
    '',
    latestComments.length ? `Latest comments (${latestComments.length}):` : 'No comments yet.',
    ...latestComments,
  ].join('\n');
}
