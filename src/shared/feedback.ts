/**
 * Page feedback as the page's control and the service that stores it
 * (lib/feedback/input.ts) both know it: where it is posted and its bounds.
 */

/**
 * Where pages post feedback: the portal's service, behind nginx at the host's root (deploy/nginx/portal.conf.template).
 * A GET answers 204 where the service takes feedback; the control shows itself only then.
 */
export const FEEDBACK_PATH = '/feedback';
/** Longest comment, in characters. */
export const MAX_COMMENT_LENGTH = 1000;
/** Longest page path or URL a submission may name. */
export const MAX_PAGE_LENGTH = 300;

export interface FeedbackSubmission {
  page: string;
  helpful?: boolean;
  comment?: string;
}
