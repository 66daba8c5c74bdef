/**
 * A scan's life on the sandbox's accelerated clock. A scan stores only when
 * its current run began and what it ran before (its timeline); its status is
 * computed from those timestamps on every read, so every replica answers the
 * same. At clock speed 1 a scan waits QUEUED_SECONDS in the queue, then runs
 * RUNNING_SECONDS; speed N makes both N times shorter.
 */
export const QUEUED_SECONDS = 10;
export const RUNNING_SECONDS = 50;

export interface ScanTimeline {
  /** When the current queued-then-running phase began (a start or a resume), ms since the epoch. */
  phaseStartedMs: number;
  /** Sandbox seconds the scan ran before its last pause or its cancel. */
  ranSeconds: number;
  /** When it first started, once a pause or cancel recorded it. */
  startedAtMs: number | null;
  pausedAtMs: number | null;
  canceledAtMs: number | null;
  /** Whether the scan's end (its findings) was recorded. */
  settled: boolean;
  /** Whether it runs without getting further, held at `ranSeconds` (heldTimeline). */
  held?: boolean;
}

export type ScanStatus = 'queued' | 'started' | 'paused' | 'completed' | 'canceled' | 'failed';

export interface ScanMoment {
  status: ScanStatus;
  /** Sandbox seconds run so far. */
  ranSeconds: number;
  /** When it first started and when it ended, ms since the epoch, if it did. */
  startedAtMs: number | null;
  finishedAtMs: number | null;
}

export const newTimeline = (nowMs: number): ScanTimeline => ({
  phaseStartedMs: nowMs,
  ranSeconds: 0,
  startedAtMs: null,
  pausedAtMs: null,
  canceledAtMs: null,
  settled: false,
});

/**
 * The timeline of a seeded scan that is `started`: held at its progress, whenever it runs, so that it waits for a
 * reader to pause, resume or cancel it however long they take. It never ends on its own.
 */
export const heldTimeline = (scan: Record<string, unknown>): ScanTimeline => ({
  phaseStartedMs: Date.parse(String(scan.created_at)),
  ranSeconds: (Number(scan.progress) / 100) * RUNNING_SECONDS,
  startedAtMs: Date.parse(String(scan.started_at)),
  pausedAtMs: null,
  canceledAtMs: null,
  settled: false,
  held: true,
});

/** When the current phase leaves the queue and runs, ms since the epoch. */
export const runningStartMs = (timeline: ScanTimeline, speed: number): number => timeline.phaseStartedMs + (QUEUED_SECONDS * 1000) / speed;

/** Where the scan stands at `nowMs`; `fails` makes a scan that runs to the end `failed` instead of `completed`. */
export function scanMoment(timeline: ScanTimeline, nowMs: number, speed: number, fails = false): ScanMoment {
  const {ranSeconds, startedAtMs} = timeline;
  if (timeline.canceledAtMs !== null) return {status: 'canceled', ranSeconds, startedAtMs, finishedAtMs: timeline.canceledAtMs};
  if (timeline.pausedAtMs !== null) return {status: 'paused', ranSeconds, startedAtMs, finishedAtMs: null};
  const runningStart = runningStartMs(timeline, speed);
  if (nowMs < runningStart) return {status: 'queued', ranSeconds, startedAtMs, finishedAtMs: null};
  const started = startedAtMs ?? runningStart;
  const ran = timeline.held ? ranSeconds : ranSeconds + ((nowMs - runningStart) * speed) / 1000;
  if (ran < RUNNING_SECONDS) return {status: 'started', ranSeconds: ran, startedAtMs: started, finishedAtMs: null};
  const finishedAtMs = runningStart + ((RUNNING_SECONDS - ranSeconds) * 1000) / speed;
  return {status: fails ? 'failed' : 'completed', ranSeconds: RUNNING_SECONDS, startedAtMs: started, finishedAtMs};
}

/** The contract's transitions: pause a started scan; resume a paused one (back to queued); cancel any that is not final. */
export function pauseTimeline(timeline: ScanTimeline, moment: ScanMoment, nowMs: number): ScanTimeline | undefined {
  if (moment.status !== 'started') return undefined;
  return {...timeline, pausedAtMs: nowMs, ranSeconds: moment.ranSeconds, startedAtMs: moment.startedAtMs};
}

export function resumeTimeline(timeline: ScanTimeline, moment: ScanMoment, nowMs: number): ScanTimeline | undefined {
  if (moment.status !== 'paused') return undefined;
  return {...timeline, pausedAtMs: null, phaseStartedMs: nowMs};
}

export function cancelTimeline(timeline: ScanTimeline, moment: ScanMoment, nowMs: number): ScanTimeline | undefined {
  if (!['queued', 'started', 'paused'].includes(moment.status)) return undefined;
  return {...timeline, canceledAtMs: nowMs, ranSeconds: moment.ranSeconds, startedAtMs: moment.startedAtMs};
}
