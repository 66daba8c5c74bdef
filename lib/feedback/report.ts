/**
 * What `npm run feedback:report` prints from the store: per page, how many
 * readers found it helpful or not and how many left a comment, most answered
 * first; then the latest comments, newest first.
 */
import type {FeedbackEntry} from './store';

/** Comments shown at most, newest first. */
export const LATEST_COMMENTS = 20;

export function feedbackReport(entries: readonly FeedbackEntry[], latest = LATEST_COMMENTS): string {
  if (entries.length === 0) return 'No feedback yet.';
  const pages = new Map<string, {yes: number; no: number; comments: number}>();
  for (const entry of entries) {
    const counts = pages.get(entry.page) ?? {yes: 0, no: 0, comments: 0};
    if (entry.helpful === true) counts.yes += 1;
    if (entry.helpful === false) counts.no += 1;
    if (entry.comment) counts.comments += 1;
    pages.set(entry.page, counts);
  }
  const rows = [...pages]
    .sort(([, a], [, b]) => b.yes + b.no + b.comments - (a.yes + a.no + a.comments))
    .map(([page, {yes, no, comments}]) => `${String(yes).padStart(5)} ${String(no).padStart(5)} ${String(comments).padStart(8)}  ${page}`);
  const comments = entries
    .filter((entry) => entry.comment)
    .slice(-latest)
    .reverse()
    .map((entry) => {
      const verdict = entry.helpful === undefined ? '' : entry.helpful ? ' (helpful)' : ' (not helpful)';
      return `${entry.at}  ${entry.page}${verdict}, from ${entry.source === 'mcp' ? 'an assistant' : 'the page'}:\n  ${entry.comment}`;
    });
  return [
    `Feedback on ${pages.size} page(s), ${entries.length} submission(s)`,
    '  Yes    No Comments  Page',
    ...rows,
    '',
    comments.length ? `Latest comments (${comments.length}):` : 'No comments yet.',
    ...comments,
  ].join('\n');
}
