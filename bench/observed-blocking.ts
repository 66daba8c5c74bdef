/**
 * Blocking time from the recorded trace, every task after first contentful paint
 * slowed alike by Lighthouse's CPU factor. Lighthouse's own (Lantern-simulated)
 * figure slows layout-heavy tasks only half as much, so a page forcing layout
 * inside a long task scores better than without it; this shows the page's own work
 * beside the score.
 */

/** What the computation reads of a Chrome trace event. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {name?: string};
}

/** A task over this long, slowed, blocks input. */
const LONG_TASK_MS = 50;

export function observedBlockingMs(events: TraceEvent[], cpuSlowdown: number): number {
  const paints = events.filter((event) => event.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts);
  if (paints.length === 0) throw new Error('The trace has no first contentful paint.');
  const [paint] = paints;
  const mainThread = events.find((event) => event.name === 'thread_name' && event.pid === paint.pid && event.args?.name === 'CrRendererMain');
  if (!mainThread) throw new Error("The trace does not name the page's main thread.");
  return events
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === paint.pid && event.tid === mainThread.tid && event.ts >= paint.ts)
    .reduce((blocking, task) => blocking + Math.max(0, ((task.dur ?? 0) / 1000) * cpuSlowdown - LONG_TASK_MS), 0);
}
