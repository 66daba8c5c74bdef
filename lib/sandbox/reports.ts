/**
 * Reports on the sandbox's clock: a report is created `queued`, is
 * `generating` with its progress, then `ready` to download for seven days.
 * Its status is computed from when it was created, on every read.
 */
import type {Json} from './account-store';

export const REPORT_QUEUED_SECONDS = 2;
export const REPORT_GENERATING_SECONDS = 8;
const KEPT_DAYS = 7;

export function presentReport(report: Json, createdMs: number, nowMs: number, speed: number): Json {
  const elapsed = ((nowMs - createdMs) * speed) / 1000;
  if (elapsed < REPORT_QUEUED_SECONDS) return {...report, status: 'queued', ready_at: null, expires_at: null};
  if (elapsed < REPORT_QUEUED_SECONDS + REPORT_GENERATING_SECONDS) return {...report, status: 'generating', ready_at: null, expires_at: null};
  const readyMs = createdMs + ((REPORT_QUEUED_SECONDS + REPORT_GENERATING_SECONDS) * 1000) / speed;
  const expiresMs = readyMs + KEPT_DAYS * 86_400_000;
  return {...report, status: nowMs < expiresMs ? 'ready' : 'expired', ready_at: new Date(readyMs).toISOString(), expires_at: new Date(expiresMs).toISOString()};
}

/** The answer of the report's status operation. */
export function reportProgress(report: Json, createdMs: number, nowMs: number, speed: number): Json {
  const elapsed = ((nowMs - createdMs) * speed) / 1000 - REPORT_QUEUED_SECONDS;
  const {status} = presentReport(report, createdMs, nowMs, speed);
  const progress = status === 'queued' ? 0 : status === 'generating' ? Math.round((elapsed / REPORT_GENERATING_SECONDS) * 100) : 100;
  return {id: report.id, status, progress, detail: null};
}
