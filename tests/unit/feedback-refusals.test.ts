/** Refused feedback reaches the log as one summary a minute at most, counts only, whatever a client sends. */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {FeedbackIntake} from '../../lib/feedback/intake';
import {RefusalLog, SUMMARY_INTERVAL_MS} from '../../lib/feedback/refusals';
import type {FeedbackStore} from '../../lib/feedback/store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the log of refused feedback', () => {
  it('writes one line a minute for a flood of bad submissions, holding none of what they sent', async () => {
    const lines: string[] = [];
    const full = {add: async () => ({full: 'store'}), bounds: {maxRowsPerPage: 1}} as unknown as FeedbackStore;
    const intake = new FeedbackIntake(full, new RefusalLog((line) => lines.push(line)));
    for (let minute = 0; minute < 3; minute += 1) {
      for (let index = 0; index < 1000; index += 1) await intake.submit({page: '/api', comment: `\u001b]0;attack ${index}\u0007`}, 'page');
      await intake.submit({page: '/api', helpful: true}, 'page');
      expect(lines).toHaveLength(minute);
      vi.advanceTimersByTime(SUMMARY_INTERVAL_MS);
      expect(lines).toHaveLength(minute + 1);
    }
    expect(lines).toEqual(Array(3).fill('Feedback refused since the last summary: 1000 invalid, 1 store full.'));
    vi.advanceTimersByTime(10 * SUMMARY_INTERVAL_MS);
    expect(lines).toHaveLength(3);
  });
});
