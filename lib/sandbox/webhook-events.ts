/**
 * The webhook events a sandbox scan or re-test has reached by a time, from
 * what it stores (./scan-clock.ts, ./findings.ts): each with when it
 * happened and a key naming the event and its subject, under which it is
 * announced once (./webhook-dispatch.ts).
 */
import {retestDoneMs, type RetestState} from './findings';
import {runningStartMs, scanMoment, type ScanTimeline} from './scan-clock';

export interface DueEvent {
  /** The event and its subject, unique per account. */
  key: string;
  event: 'scan_started' | 'scan_completed' | 'scan_failed' | 'scan_canceled' | 'finding_opened' | 'finding_fixed' | 'retest_completed' | 'verification_failed';
  occurredMs: number;
}

/** A scan's events by `nowMs`: its start in each run (a resume starts it again), then how it ended. */
export function scanEvents(scanId: string, timeline: ScanTimeline, nowMs: number, speed: number, fails: boolean): DueEvent[] {
  const events: DueEvent[] = [];
  const startedMs = runningStartMs(timeline, speed);
  if (startedMs <= (timeline.canceledAtMs ?? timeline.pausedAtMs ?? nowMs)) {
    events.push({key: `scan_started:${scanId}:${timeline.phaseStartedMs}`, event: 'scan_started', occurredMs: startedMs});
  }
  const moment = scanMoment(timeline, nowMs, speed, fails);
  if (moment.status === 'completed' || moment.status === 'failed') {
    const event = moment.status === 'completed' ? 'scan_completed' : 'scan_failed';
    events.push({key: `${event}:${scanId}`, event, occurredMs: moment.finishedAtMs!});
  }
  if (moment.status === 'canceled') events.push({key: `scan_canceled:${scanId}`, event: 'scan_canceled', occurredMs: moment.finishedAtMs!});
  return events;
}

/** A re-test's events by `nowMs`: its end, and the finding fixed when that is its verdict and the finding was open. */
export function retestEvents(findingId: string, retest: RetestState, findingState: unknown, nowMs: number, speed: number): DueEvent[] {
  const doneMs = retestDoneMs(retest, speed);
  if (doneMs > nowMs) return [];
  const events: DueEvent[] = [{key: `retest_completed:${findingId}:${retest.requestedMs}`, event: 'retest_completed', occurredMs: doneMs}];
  if (retest.verdict === 'fixed' && findingState === 'open') {
    events.push({key: `finding_fixed:${findingId}:${retest.requestedMs}`, event: 'finding_fixed', occurredMs: doneMs});
  }
  return events;
}
