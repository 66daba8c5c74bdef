/**
 * Validated by ./input.ts, stored within bounds, answered as HTTP would (204, 400,
 * 503 with Retry-After). Refusals are counted into the log's summary, never logged
 * one by one.
 */
import {parseFeedback} from './input';
import {RefusalLog} from './refusals';
import type {FeedbackSource, FeedbackStore} from './store';

/** Retry-After for a full store: rows expire by the day, so sooner would find it full still. */
export const RETRY_AFTER_SECONDS = 3600;

export type FeedbackOutcome = {status: 204} | {status: 400; error: string} | {status: 503; error: string; retryAfterSeconds: number};

export class FeedbackIntake {
  constructor(
    readonly store: FeedbackStore,
    private readonly refusals = new RefusalLog(),
  ) {}

  async submit(value: unknown, source: FeedbackSource): Promise<FeedbackOutcome> {
    const parsed = parseFeedback(value);
    if (!parsed.ok) {
      this.refusals.count('invalid');
      return {status: 400, error: parsed.problem};
    }
    const result = await this.store.add(parsed.input, source);
    if ('stored' in result) return {status: 204};
    this.refusals.count('store full');
    const what = result.full === 'page' ? `this page's feedback is at its limit of ${this.store.bounds.maxRowsPerPage}` : 'the feedback store is full';
    return {status: 503, error: `Feedback not stored: ${what}; try again later.`, retryAfterSeconds: RETRY_AFTER_SECONDS};
  }

  async close(): Promise<void> {
    this.refusals.flush();
    await this.store.state.close();
  }
}
