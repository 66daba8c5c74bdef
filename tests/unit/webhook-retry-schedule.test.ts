/**
 * The sandbox retries a failed webhook delivery on the schedule the guide
 * "Receive and verify webhooks" tells readers: its table, read from the page,
 * is the schedule the sandbox keeps (lib/sandbox/webhook-dispatch.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, it} from 'vitest';
import {repoRoot} from '../../lib/paths';
import {MAX_ATTEMPTS, RETRY_MINUTES, retryDueMs} from '../../lib/sandbox/webhook-dispatch';

const GUIDE = path.join(repoRoot, 'docs/guides/receive-and-verify-webhooks.mdx');

/** The rows of the guide's table of attempts: the attempt, minutes after the previous one (null for the first), minutes after the first. */
function guideSchedule(): {attempt: number; afterPrevious: number | null; afterFirst: number}[] {
  const text = fs.readFileSync(GUIDE, 'utf8');
  const table = text.slice(text.indexOf('| Attempt |'));
  return [...table.matchAll(/^\| (\d+) \| (?:(\d+) minutes|—) \| (\d+) \|$/gm)].map((row) => ({
    attempt: Number(row[1]),
    afterPrevious: row[2] === undefined ? null : Number(row[2]),
    afterFirst: Number(row[3]),
  }));
}

it("retries a failed delivery on the guide's schedule, as many times as the guide says", () => {
  const rows = guideSchedule();
  expect(rows.map((row) => row.attempt)).toEqual(Array.from({length: MAX_ATTEMPTS}, (_, index) => index + 1));
  expect(rows.slice(1).map((row) => row.afterPrevious)).toEqual(RETRY_MINUTES);
  // On the clock at speed 1, each attempt (taken as answered at once) is due when the guide's last column says.
  let sentMs = 0;
  for (const row of rows.slice(1)) {
    sentMs = retryDueMs(row.attempt - 1, sentMs, 1);
    expect(sentMs).toBe(row.afterFirst * 60_000);
  }
});

it('makes a faster clock shorten every interval alike', () => {
  expect(RETRY_MINUTES.map((_, index) => retryDueMs(index + 1, 1_000, 60))).toEqual(RETRY_MINUTES.map((minutes) => 1_000 + minutes * 1000));
});
