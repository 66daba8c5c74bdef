/**
 * A page's blocking time from the trace Lighthouse recorded: each main-thread
 * task after the first contentful paint, slowed as Lighthouse slows its phone's
 * CPU, counted for what it lasts over 50 ms, until the trace ends (Lighthouse
 * stops once the page is quiet). Lighthouse's own total blocking time
 * simulates the load (Lantern), and slows a task that laid the page out only
 * half as much as the others: a page whose script forces a layout inside a
 * long task then scores better than the same script without the layout. This
 * figure slows every task alike, so the bench shows the page's own work beside
 * Lighthouse's score.
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
