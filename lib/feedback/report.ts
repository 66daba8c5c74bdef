/**
 * Read as a stream keeping only counts and the latest comments, so memory does not
 * grow with the store. Unprintable characters are escaped whatever the store holds
 * (imported rows were never validated), so a stored text cannot drive the
 * terminal.
 */
import {feedbackEntryOf, type FeedbackEntry, type FeedbackRow} from './store';

export const LATEST_COMMENTS = 20;

const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\\]/gu;

/** What a terminal shows is what was stored. */
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
