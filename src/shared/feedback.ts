/** Page feedback's endpoint and bounds, shared by the page's control and the service (lib/feedback/input.ts). */

/**
 * A GET answers 204 where the service takes feedback; the control shows itself only then.
 */
export const FEEDBACK_PATH = '/feedback';
/** Longest comment, in characters. */
export const MAX_COMMENT_LENGTH = 1000;
export const MAX_PAGE_LENGTH = 300;

export interface FeedbackSubmission {
  page: string;
  helpful?: boolean;
  comment?: string;
}
