import {describe, expect, it} from 'vitest';
import type {Result as LighthouseResult} from 'lighthouse';
import {lighthouseRunRetryingTraceErrors, TRACE_ERROR_RETRIES} from '../../bench/lighthouse-retry';

const result = (runtimeError?: {code: string; message: string}) => ({runtimeError, requestedUrl: 'page'}) as unknown as LighthouseResult;
const noNavstart = {code: 'NO_NAVSTART', message: 'Something went wrong with recording the trace over your page load.'};

/** A measure that answers each outcome in turn, and the lines the retry logs. */
function scripted(outcomes: (LighthouseResult | Error)[]) {
  const lines: string[] = [];
  let calls = 0;
  const measure = async () => {
    const outcome = outcomes[calls++];
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  return {measure, lines, log: (line: string) => lines.push(line), calls: () => calls};
}

describe('bench:pages retries a Lighthouse run whose trace it could not read', () => {
  it('measures again after NO_NAVSTART as the runtime error, says so, and keeps the good run', async () => {
    const good = result();
    const run = scripted([result(noNavstart), good]);
    await expect(lighthouseRunRetryingTraceErrors('/guide', run.measure, run.log)).resolves.toBe(good);
    expect(run.calls()).toBe(2);
    expect(run.lines).toEqual([`/guide: Lighthouse could not read its trace (NO_NAVSTART); measuring again (retry 1 of ${TRACE_ERROR_RETRIES})`]);
  });

  it('measures again after NO_NAVSTART thrown as an error', async () => {
    const good = result();
    const run = scripted([Object.assign(new Error('NO_NAVSTART'), {code: 'NO_NAVSTART'}), good]);
    await expect(lighthouseRunRetryingTraceErrors('/guide', run.measure, run.log)).resolves.toBe(good);
    expect(run.lines).toHaveLength(1);
  });

  it(`stops after ${TRACE_ERROR_RETRIES} retries, naming the error, never counting the broken run`, async () => {
    const run = scripted(Array.from({length: TRACE_ERROR_RETRIES + 1}, () => result(noNavstart)).concat(result()));
    await expect(lighthouseRunRetryingTraceErrors('/guide', run.measure, run.log)).rejects.toThrow(
      `/guide: NO_NAVSTART: ${noNavstart.message} (after ${TRACE_ERROR_RETRIES} retries)`,
    );
    expect(run.calls()).toBe(TRACE_ERROR_RETRIES + 1);
  });

  it('does not retry any other runtime error', async () => {
    const run = scripted([result({code: 'NO_FCP', message: 'The page did not paint any content.'}), result()]);
    await expect(lighthouseRunRetryingTraceErrors('/guide', run.measure, run.log)).rejects.toThrow('/guide: NO_FCP: The page did not paint any content.');
    expect(run.calls()).toBe(1);
    expect(run.lines).toEqual([]);
  });
});
