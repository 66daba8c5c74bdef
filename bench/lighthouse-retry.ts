/**
 * On a busy machine Lighthouse sometimes records a trace it cannot read
 * (NO_NAVSTART), which says nothing of the page: the run is measured again a
 * bounded number of times, saying so.
 */
import type {Result as LighthouseResult} from 'lighthouse';

/** Lighthouse's error codes for a trace recorded badly, worth measuring again. */
const TRACE_ERROR_CODES = new Set(['NO_NAVSTART']);

export const TRACE_ERROR_RETRIES = 2;

/** The code of a trace error, thrown by Lighthouse or set as the result's runtime error; else undefined. */
function traceErrorCode(outcome: {error: unknown} | {lhr: LighthouseResult}): string | undefined {
  const code = 'lhr' in outcome ? outcome.lhr.runtimeError?.code : (outcome.error as {code?: unknown} | null)?.code;
  return typeof code === 'string' && TRACE_ERROR_CODES.has(code) ? code : undefined;
}

/** Throws when the last attempt still fails, or at once on any other runtime error. */
export async function lighthouseRunRetryingTraceErrors(
  label: string,
  measure: () => Promise<LighthouseResult>,
  log: (line: string) => void = console.log,
): Promise<LighthouseResult> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await measure().then(
      (lhr) => ({lhr}),
      (error: unknown) => ({error}),
    );
    const code = traceErrorCode(outcome);
    if (code && attempt < TRACE_ERROR_RETRIES) {
      log(`${label}: Lighthouse could not read its trace (${code}); measuring again (retry ${attempt + 1} of ${TRACE_ERROR_RETRIES})`);
      continue;
    }
    if ('error' in outcome) throw outcome.error;
    const {runtimeError} = outcome.lhr;
    if (runtimeError) throw new Error(`${label}: ${runtimeError.code}: ${runtimeError.message}${code ? ` (after ${TRACE_ERROR_RETRIES} retries)` : ''}`);
    return outcome.lhr;
  }
}
