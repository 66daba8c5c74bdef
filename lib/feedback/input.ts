/**
 * One schema for POST /feedback and MCP's send_feedback, so both accept and refuse
 * the same. Control and bidirectional characters are refused: they could rewrite a
 * terminal or reorder what a reader of the report sees.
 */
import {z} from 'zod';
import {portalConfig} from '../../portal.config';
import {MAX_COMMENT_LENGTH, MAX_PAGE_LENGTH} from '../../src/shared/feedback';

/** C0 but line feed, DEL, C1, and the bidirectional marks, embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const REFUSED_IN_COMMENT = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** The same characters and line feed: a page is one line. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const REFUSED_IN_PAGE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

function controlProblem(value: string, refused: RegExp): string | undefined {
  const found = refused.exec(value);
  if (!found) return undefined;
  const code = found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return `holds the control character U+${code} at character ${found.index + 1}; control and bidirectional characters are refused`;
}

export interface SiteLocation {
  siteUrl: string;
  baseUrl: string;
}

export function sitePath(page: string, site: SiteLocation = portalConfig): {path: string} | {problem: string} {
  const origin = new URL(site.siteUrl).origin;
  const problem = {problem: `must be a path of this site (${site.baseUrl}…) or a URL under ${origin}${site.baseUrl}`};
  // A leading "//" or a backslash is another host to a URL parser.
  if (page.includes('\\') || page.startsWith('//')) return problem;
  let url: URL;
  try {
    url = page.startsWith('/') ? new URL(page, origin) : new URL(page);
  } catch {
    return problem;
  }
  if (url.origin !== origin || !url.pathname.startsWith(site.baseUrl)) return problem;
  return {path: url.pathname};
}

export const feedbackInput = z
  .object({
    page: z
      .string()
      .min(1)
      .max(MAX_PAGE_LENGTH)
      .superRefine((page, context) => {
        const onSite = sitePath(page);
        const problem = controlProblem(page, REFUSED_IN_PAGE) ?? ('problem' in onSite ? onSite.problem : undefined);
        if (problem) context.addIssue({code: 'custom', message: problem});
      })
      .describe('The page the feedback is about: its path on this site (/api/overview) or its URL.'),
    helpful: z.boolean().optional().describe('Whether the page answered the question.'),
    comment: z
      .string()
      .trim()
      .max(MAX_COMMENT_LENGTH)
      .superRefine((comment, context) => {
        const problem = controlProblem(comment, REFUSED_IN_COMMENT);
        if (problem) context.addIssue({code: 'custom', message: problem});
      })
      .optional()
      .describe(`What was missing or wrong, at most ${MAX_COMMENT_LENGTH} characters.`),
  })
  .strict()
  .refine((input) => input.helpful !== undefined || Boolean(input.comment), {message: 'give `helpful`, a `comment`, or both'});

export type FeedbackInput = z.infer<typeof feedbackInput>;

/** The submission with its page as a site path, else the problems in one sentence naming each field. */
export function parseFeedback(value: unknown): {ok: true; input: FeedbackInput} | {ok: false; problem: string} {
  const result = feedbackInput.safeParse(value);
  if (!result.success) {
    return {ok: false, problem: result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')};
  }
  const {page, comment, ...rest} = result.data;
  const {path} = sitePath(page) as {path: string};
  return {ok: true, input: {...rest, page: path, ...(comment ? {comment} : {})}};
}
