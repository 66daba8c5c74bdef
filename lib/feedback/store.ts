/**
 * Reader feedback, kept: what a page's "Was this page helpful?" control and
 * the MCP server's send_feedback tool submit, validated by one schema and
 * appended to one JSON-lines file the deployer names (FEEDBACK_FILE), so that
 * nothing is lost when the service restarts and any tool can read it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {z} from 'zod';
import {repoRoot} from '../paths';
import {MAX_COMMENT_LENGTH, MAX_PAGE_LENGTH} from '../../src/shared/feedback';

export const feedbackInput = z
  .object({
    page: z.string().min(1).max(MAX_PAGE_LENGTH).describe('The page the feedback is about: its path (/api/overview) or its URL.'),
    helpful: z.boolean().optional().describe('Whether the page answered the question.'),
    comment: z.string().trim().max(MAX_COMMENT_LENGTH).optional().describe(`What was missing or wrong, at most ${MAX_COMMENT_LENGTH} characters.`),
  })
  .strict()
  .refine((input) => input.helpful !== undefined || Boolean(input.comment), {message: 'give `helpful`, a `comment`, or both'});

export type FeedbackInput = z.infer<typeof feedbackInput>;

export interface FeedbackEntry extends FeedbackInput {
  /** When it was received, ISO 8601. */
  at: string;
  /** Where it came from: a page's control or an assistant over MCP. */
  source: 'page' | 'mcp';
}

/** The store's file: FEEDBACK_FILE, or feedback/feedback.jsonl in the repository (never committed). */
export const feedbackFile = (): string => path.resolve(process.env.FEEDBACK_FILE ?? path.join(repoRoot, 'feedback/feedback.jsonl'));

/** Validates a submission; the problems as one sentence naming each field. */
export function parseFeedback(value: unknown): {ok: true; input: FeedbackInput} | {ok: false; problem: string} {
  const result = feedbackInput.safeParse(value);
  if (result.success) return {ok: true, input: result.data};
  return {ok: false, problem: result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')};
}

/** Appends one entry: a single write of one line, so concurrent submissions never interleave. */
export function storeFeedback(file: string, input: FeedbackInput, source: FeedbackEntry['source']): FeedbackEntry {
  const entry: FeedbackEntry = {at: new Date().toISOString(), source, ...input};
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
  return entry;
}

/** Every entry stored so far, oldest first. */
export function readFeedback(file: string): FeedbackEntry[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FeedbackEntry);
}
