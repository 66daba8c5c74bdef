/**
 * Reports in the sandbox: a report is created `queued`, is `generating` with
 * its progress, then `ready` to download for seven days. Its status is
 * computed from when it was created, on every read. Unlike scans, a report
 * keeps real time whatever the clock's speed: a reader polling as the pages
 * say (every 10 seconds or so) sees it `generating`, and each step of its
 * progress lasts long enough for a script to read it.
 */
import type {Json} from './account-store';

export const REPORT_QUEUED_SECONDS = 2;
export const REPORT_GENERATING_SECONDS = 15;
/** `progress` moves in steps of this many percent while the report is generating. */
export const REPORT_PROGRESS_STEP = 20;
const KEPT_DAYS = 7;

export function presentReport(report: Json, createdMs: number, nowMs: number): Json {
  const elapsed = (nowMs - createdMs) / 1000;
  if (elapsed < REPORT_QUEUED_SECONDS) return {...report, status: 'queued', ready_at: null, expires_at: null};
  if (elapsed < REPORT_QUEUED_SECONDS + REPORT_GENERATING_SECONDS) return {...report, status: 'generating', ready_at: null, expires_at: null};
  const readyMs = createdMs + (REPORT_QUEUED_SECONDS + REPORT_GENERATING_SECONDS) * 1000;
  const expiresMs = readyMs + KEPT_DAYS * 86_400_000;
  return {...report, status: nowMs < expiresMs ? 'ready' : 'expired', ready_at: new Date(readyMs).toISOString(), expires_at: new Date(expiresMs).toISOString()};
}

/** The answer of the report's status operation. */
export function reportProgress(report: Json, createdMs: number, nowMs: number): Json {
  const generated = ((nowMs - createdMs) / 1000 - REPORT_QUEUED_SECONDS) / REPORT_GENERATING_SECONDS;
  const {status} = presentReport(report, createdMs, nowMs);
  const progress = status === 'queued' ? 0 : status === 'generating' ? Math.floor((generated * 100) / REPORT_PROGRESS_STEP) * REPORT_PROGRESS_STEP : 100;
  return {id: report.id, status, progress, detail: null};
}
